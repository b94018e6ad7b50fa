import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { jsonArrayAgg, parseJsonArray } from './json-array';
import { useTestApp } from '../test/use-test-app';

// The read paths database.ts puts under Kysely (statements prepared once, SQLite rows built from
// arrays, PostgreSQL statements named per text) must return exactly what plain queries return.
// Runs on SQLite, and on PostgreSQL in the TEST_DATABASE_URL pass.
const t = useTestApp();

describe('database read paths', () => {
  it('keeps column names of any spelling, the last of a repeated name, and every value type', async () => {
    const { rows } = await sql<Record<string, unknown>>`select 1 as "a""b", 'x' as "with space", null as "n", 2.5 as "f", 'first' as "dup", 'last' as "dup"`.execute(t.app.ctx.db);
    expect(rows).toHaveLength(1);
    expect(Object.keys(rows[0]!)).toEqual(['a"b', 'with space', 'n', 'f', 'dup']);
    expect(Number(rows[0]!['a"b'])).toBe(1);
    expect(rows[0]).toMatchObject({ 'with space': 'x', n: null, dup: 'last' });
    expect(Number(rows[0]!.f)).toBe(2.5);
  });

  it('gives the same answers when one statement runs again with other parameters', async () => {
    const ask = (n: number) => sql<{ v: number }>`select ${n} + 1 as v`.execute(t.app.ctx.db).then((r) => Number(r.rows[0]!.v));
    expect(await Promise.all([ask(1), ask(2), ask(41)])).toEqual([2, 3, 42]);
  });

  it('still answers after more distinct statements than it keeps prepared', async () => {
    for (let i = 0; i < 620; i++) {
      const { rows } = await sql<{ v: string }>`select ${sql.lit(i)} as v, ${'p'} as p`.execute(t.app.ctx.db);
      expect(Number(rows[0]!.v)).toBe(i);
    }
    const { rows } = await sql<{ v: number }>`select ${sql.lit(0)} as v, ${'p'} as p`.execute(t.app.ctx.db);
    expect(Number(rows[0]!.v)).toBe(0);
  });

  it('names each value by its column after a migration drops a column and adds another, the width unchanged', async () => {
    // SQLite prepares a cached statement again on its own after a schema change; `select *` then
    // has as many columns as before, under other names and in another order.
    const db = t.app.ctx.db;
    await sql`create table drop_add_probe (kept text, dropped text)`.execute(db);
    try {
      await sql`insert into drop_add_probe (kept, dropped) values ('k', 'd')`.execute(db);
      const read = async () => (await sql<Record<string, unknown>>`select * from drop_add_probe`.execute(db)).rows;
      // Streamed rows (better-sqlite3's iterate) as well; the PostgreSQL dialect here has no cursor to stream with.
      const stream = async () => {
        const rows: unknown[] = [];
        if (t.app.ctx.engine !== 'sqlite') return read();
        for await (const row of db.selectFrom(sql<Record<string, unknown>>`drop_add_probe`.as('p')).selectAll().stream()) rows.push(row);
        return rows;
      };
      expect(await read()).toEqual([{ kept: 'k', dropped: 'd' }]);
      expect(await stream()).toEqual([{ kept: 'k', dropped: 'd' }]);
      await sql`alter table drop_add_probe drop column kept`.execute(db);
      await sql`alter table drop_add_probe add column added text`.execute(db);
      await sql`update drop_add_probe set added = 'a'`.execute(db);
      expect(await read()).toEqual([{ dropped: 'd', added: 'a' }]);
      expect(await stream()).toEqual([{ dropped: 'd', added: 'a' }]);
    } finally {
      await sql`drop table drop_add_probe`.execute(db);
    }
  });

  it('reports changes of writes, which are never read as rows', async () => {
    const db = t.app.ctx.db;
    const result = await db.updateTable('users').set({ bio: 'x' }).where('id', '=', 'nobody').executeTakeFirst();
    expect(Number(result.numUpdatedRows)).toBe(0);
  });
});

describe('jsonArrayAgg', () => {
  it('gathers rows as objects in the order asked, keeps nulls and special characters, and gives [] for none', async () => {
    const db = t.app.ctx.db;
    const rows = sql<{ k: number; v: string | null }>`(select 2 as k, 'b "quoted"' as v union all select 1, null union all select 3, 'ünï')`;
    const list = (where: string) =>
      db
        .selectNoFrom((eb) =>
          eb
            .selectFrom(rows.as('r'))
            .select((inner) => jsonArrayAgg<{ key: number; value: string | null }>(db, { key: inner.ref('r.k'), value: inner.ref('r.v') }, inner.ref('r.k')).as('list'))
            .where(sql.raw<boolean>(where))
            .as('items'),
        )
        .executeTakeFirstOrThrow()
        .then((row) => parseJsonArray(row.items));
    expect(await list('1 = 1')).toEqual([
      { key: 1, value: null },
      { key: 2, value: 'b "quoted"' },
      { key: 3, value: 'ünï' },
    ]);
    expect(await list('1 = 0')).toEqual([]);
  });
});

describe('a pooled PostgreSQL connection that fails while idle', () => {
  it.skipIf(!process.env.TEST_DATABASE_URL)('is dropped and replaced, and the server goes on answering', async () => {
    const db = t.app.ctx.db;
    // Hold several connections at once so the pool keeps more than one idle.
    await Promise.all(Array.from({ length: 4 }, () => sql`select pg_sleep(0.05)`.execute(db)));
    const { rows } = await sql<{ ended: number }>`select count(pg_terminate_backend(pid)) as ended from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`.execute(db);
    expect(Number(rows[0]!.ended)).toBeGreaterThan(0);
    // A query may still be handed a connection whose end has not arrived yet; the next ones get new connections.
    let answered = false;
    for (let attempt = 0; attempt < 10 && !answered; attempt++) {
      answered = await sql`select 1 as one`.execute(db).then(
        () => true,
        () => false,
      );
    }
    expect(answered).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/app-config', headers: { host: 'rc.test' } })).statusCode).toBe(200);
  });
});
