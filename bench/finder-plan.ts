/**
 * The finders on a kept bench database, in this process, without HTTP: each finder's one statement
 * with its plan (EXPLAIN QUERY PLAN on SQLite, EXPLAIN ANALYZE on PostgreSQL), then the median and
 * p99 of the statement alone and of the whole finder service, one call at a time.
 * It shows where a finder's time goes when npm run bench finds it over its 5 ms median.
 * Needs BENCH_DATA_DIR (a database kept by BENCH_KEEP=1 or BENCH_SEED_ONLY=1 npm run bench).
 * A PostgreSQL one is reached on the server BENCH_DATABASE_URL names (default the local one).
 * FINDER_CALLS (200) sets the timed calls.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createQueryId, sql, type KyselyPlugin, type RootOperationNode } from 'kysely';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { nowIso } from '../src/server/db/database';
import { circleOf, findGroups, findRides } from '../src/server/finder/finder.service';
import { FINDER_MOST_RESULTS, FINDER_PAGE_SIZE, type FinderQuery } from '../src/shared/finder/finder';
import { groupsRepository } from '../src/server/groups/groups.repository';
import { queryWindow } from '../src/server/groups/groups.service';
import { ridesRepository } from '../src/server/rides/rides.repository';

const dataDir = process.env.BENCH_DATA_DIR;
if (!dataDir) throw new Error('bench/finder-plan: set BENCH_DATA_DIR to a database kept by npm run bench');
const { database } = JSON.parse(fs.readFileSync(path.join(dataDir, 'bench-seed.json'), 'utf8')) as { database?: string };
let databaseUrl: string | undefined;
if (database) {
  const url = new URL(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  url.pathname = `/${database}`;
  databaseUrl = url.toString();
}
const CALLS = Number(process.env.FINDER_CALLS ?? 200);

const app = await buildApp({ config: { ...loadConfig({ DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) }), webDir: null }, logger: false });
const { db, engine } = app.ctx;

/** The same centres and radii as npm run bench, the first page as the finder page asks for it. */
const firstPage = { offset: 0, limit: FINDER_PAGE_SIZE };
const rideQuery: FinderQuery = { latitude: 48, longitude: 11, radius: 50, ...firstPage };
const groupQuery: FinderQuery = { latitude: 48, longitude: 11, radius: 200, ...firstPage };
const rideStatement = (on = db) => ridesRepository.nearestUpcomingCards(on, circleOf(rideQuery), firstPage, FINDER_MOST_RESULTS, nowIso(), null);
const groupStatement = (on = db) => groupsRepository.nearest(on, circleOf(groupQuery), firstPage, FINDER_MOST_RESULTS, queryWindow(null));

/** Runs a repository call on a handle that keeps its query, then prints that query's plan. */
async function plan(name: string, call: (on: typeof db) => Promise<unknown>): Promise<void> {
  let query: RootOperationNode | null = null;
  const keep: KyselyPlugin = { transformQuery: ({ node }) => (query = node), transformResult: ({ result }) => Promise.resolve(result) };
  const keeping = db.withPlugin(keep);
  await call(keeping);
  const compiled = keeping.getExecutor().compileQuery(query!, createQueryId());
  const explain = engine === 'sqlite' ? 'explain query plan ' : 'explain (analyze, buffers) ';
  const { rows } = await db.executeQuery({ ...compiled, sql: explain + compiled.sql });
  console.log(`\n${name}:\n${rows.map((r) => `  ${String((r as Record<string, unknown>)['detail'] ?? (r as Record<string, unknown>)['QUERY PLAN'])}`).join('\n')}`);
}

async function time(name: string, call: () => Promise<unknown>): Promise<void> {
  for (let i = 0; i < 20; i++) await call();
  const ms: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    const started = performance.now();
    await call();
    ms.push(performance.now() - started);
  }
  ms.sort((a, b) => a - b);
  const at = (p: number) => ms[Math.min(ms.length - 1, Math.floor(p * ms.length))]!.toFixed(2);
  console.log(`${name.padEnd(34)} ${at(0.5).padStart(8)} ${at(0.99).padStart(8)}`);
}

const { count } = await db.selectFrom('rides').select(sql<number>`count(*)`.as('count')).executeTakeFirstOrThrow();
console.log(`${engine}, ${count} rides`);
// The first search builds and stores the cards of the rides it finds, as a server that has run a while has them.
await findRides(app.ctx, null, rideQuery);
await plan('ride finder statement', rideStatement);
await plan('group finder statement', groupStatement);
console.log(`\n${'one call at a time'.padEnd(34)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)}`);
await time(`ride finder statement (${(await rideStatement()).length} rows)`, () => rideStatement());
await time(`ride finder (${(JSON.parse((await findRides(app.ctx, null, rideQuery)).text) as { total: number }).total} found)`, () => findRides(app.ctx, null, rideQuery));
await time(`group finder statement (${(await groupStatement()).length} rows)`, () => groupStatement());
await time(`group finder (${(await findGroups(app.ctx, null, groupQuery)).total} found)`, () => findGroups(app.ctx, null, groupQuery));
await app.close();
