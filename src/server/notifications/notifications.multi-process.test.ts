import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestClient, type TestApp } from '../test/test-app';
import { openEventStream } from '../test/event-stream';
import { tellRider } from '../test/factories';

// Several app processes share one PostgreSQL database (GUIDE section 1): a notification created by
// one process must reach a page whose stream is served by another. SQLite runs a single process,
// so this suite runs in the PostgreSQL pass (TEST_DATABASE_URL) of .ci/run.
describe.runIf(process.env.TEST_DATABASE_URL)('notifications across app processes on PostgreSQL', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp();
    b = await createTestApp({ DATABASE_URL: a.config.databaseUrl! });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('delivers over LISTEN/NOTIFY to a stream held by another process', async () => {
    const client = new TestClient(b.app);
    const user = (await client.get('/api/users/current')).json() as { id: string };
    const stream = await openEventStream(b.app, client.cookie!);
    await tellRider(a.app.ctx, user.id, 'ride_created', { ride: 'Dawn Patrol' });
    await expect.poll(() => stream.text(), { timeout: 5000 }).toContain('Dawn Patrol has been added to your group');

    // PostgreSQL ends every LISTEN connection (as a restart does): the processes listen again and
    // later messages arrive. Messages sent while a process is not listening are not replayed, so
    // each poll sends one until one arrives.
    const ended = await sql<{ n: number }>`select count(pg_terminate_backend(pid)) as n from pg_stat_activity where datname = current_database() and query like 'LISTEN %'`.execute(a.app.ctx.db);
    expect(Number(ended.rows[0]!.n)).toBeGreaterThanOrEqual(2);
    await expect
      .poll(
        async () => {
          await tellRider(a.app.ctx, user.id, 'ride_created', { ride: 'Night Loop' });
          return stream.text();
        },
        { timeout: 10_000, interval: 300 },
      )
      .toContain('Night Loop has been added to your group');
    stream.close();
  });
});
