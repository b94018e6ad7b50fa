import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

/*
 * The SQLite driver for the running Node version. better-sqlite3 12 aborts the process on Node 24.19
 * and later when a statement is garbage-collected outside a JavaScript context
 * (WiseLibs/better-sqlite3#1515, fixed only in 13); better-sqlite3 13 needs Node 22 or later. So
 * package.json carries both: 12 as `better-sqlite3` for Node 20, and 13 as the optional
 * `better-sqlite3-node22`, which npm installs only where Node is 22 or later (its `engines`). Both
 * have the same API. Drop 12 and this file when Node 20 leaves `engines`
 * (docs/decisions/2026-11-27-node-versions.md).
 */
const require = createRequire(import.meta.url);

function loadDriver(): { driver: typeof BetterSqlite3; version: string } {
  const major = Number(process.versions.node.split('.')[0]);
  if (major >= 22) {
    try {
      return { driver: require('better-sqlite3-node22') as typeof BetterSqlite3, version: (require('better-sqlite3-node22/package.json') as { version: string }).version };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'MODULE_NOT_FOUND') throw error;
      if (major >= 24) throw new Error(`better-sqlite3 13 is missing on Node ${process.versions.node}: run npm install (better-sqlite3 12 aborts on Node 24)`);
    }
  }
  return { driver: require('better-sqlite3') as typeof BetterSqlite3, version: (require('better-sqlite3/package.json') as { version: string }).version };
}

const loaded = loadDriver();
/** The better-sqlite3 version in use ("13.2.0" on Node 22 and later). */
export const driverVersion = loaded.version;

/** better-sqlite3's Database constructor, the version right for this Node. */
const SQLite: typeof BetterSqlite3 = loaded.driver;
export default SQLite;

// Types are the same in both versions; the namespace lets callers write `SQLite.Database` as before.
// eslint-disable-next-line @typescript-eslint/no-namespace
declare namespace SQLite {
  export type Database = BetterSqlite3.Database;
  export type Statement<BindParameters extends unknown[] | object = unknown[], Result = unknown> = BetterSqlite3.Statement<BindParameters, Result>;
  export type Options = BetterSqlite3.Options;
}
