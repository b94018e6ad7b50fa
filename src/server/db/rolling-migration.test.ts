import path from 'node:path';
import pg from 'pg';
import SQLite from './sqlite-driver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { buildGroup, buildGuest, buildRide } from '../test/factories';

// A rolling deploy: the release still serving keeps its prepared statements (database.ts: named
// statements on each pooled PostgreSQL connection, a statement cache on SQLite) while the next
// release's migration adds columns from another connection. Statements that read every column
// (`select *`, `"rides".*`) would then fail on PostgreSQL ("cached plan must not change result
// type") or, on SQLite, put values under the wrong names; the app must keep answering, in and out
// of transactions.

/** Runs `statements` as another process would: on its own connection to the app's database. */
async function migrateFromOutside(t: TestApp, statements: string[]): Promise<void> {
  if (t.config.databaseUrl) {
    const client = new pg.Client({ connectionString: t.config.databaseUrl });
    await client.connect();
    try {
      for (const statement of statements) await client.query(statement);
    } finally {
      await client.end();
    }
    return;
  }
  const sqlite = new SQLite(path.join(t.config.dataDir, 'roadcaptain.sqlite'));
  try {
    for (const statement of statements) sqlite.exec(statement);
  } finally {
    sqlite.close();
  }
}

describe('a migration adding columns while the app serves', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('keeps serving rides, lists and seats', async () => {
    const owner = await buildGuest(t);
    const rider = await buildGuest(t);
    const group = await buildGroup(owner);
    const ride = await buildRide(owner, group.id);
    const reads = () => [owner.client.get(`/api/rides/${ride.id}`), owner.client.get(`/api/groups/${group.id}/rides`), owner.client.get('/api/rides/upcoming'), owner.client.get(`/api/groups/${group.id}`)];
    // Every pooled connection has run these reads (the pool holds at most 10), so each holds them prepared.
    for (let round = 0; round < 3; round++) {
      for (const res of await Promise.all(Array.from({ length: 10 }, reads).flat())) expect(res.statusCode, res.body).toBe(200);
    }

    await migrateFromOutside(t, ['alter table rides add column rolling_note text', 'alter table groups add column rolling_note text', 'alter table users add column rolling_note text']);

    for (const res of await Promise.all(Array.from({ length: 10 }, reads).flat())) expect(res.statusCode, res.body).toBe(200);
    // A seat is taken in a transaction that reads the ride's row: an error there could not be retried.
    expect((await rider.client.post(`/api/rides/${ride.id}/join`)).statusCode).toBe(200);
    expect((await owner.client.patch(`/api/rides/${ride.id}`, { description: 'After the migration' })).statusCode).toBe(200);
  });
});
