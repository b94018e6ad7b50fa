import { expect, it } from 'vitest';
import SQLite, { driverVersion } from './sqlite-driver';

it('uses better-sqlite3 13 from Node 22 on (12 aborts on Node 24) and 12 on Node 20', () => {
  const nodeMajor = Number(process.versions.node.split('.')[0]);
  expect(Number(driverVersion.split('.')[0])).toBe(nodeMajor >= 22 ? 13 : 12);
  const db = new SQLite(':memory:');
  expect(db.prepare('SELECT 1 AS one').get()).toEqual({ one: 1 });
  db.close();
});
