/**
 * npm run bench: the read budgets of GUIDE section 8 on a seeded dataset of 10,000 riders,
 * 2,000 groups and 50,000 rides (times BENCH_SCALE). Seeds a fresh SQLite database (or a fresh PostgreSQL database
 * when BENCH_DATABASE_URL is set), starts the real server, and measures each read with autocannon
 * at 20 concurrent connections. Prints p50/p99 per endpoint against the 50 ms p99 budget.
 * Not part of npm test: benchmarks measure, tests never time things.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { seededDatabase, startBenchServer } from './seed';

/** The finders' budget: the median of one request at a time, at any scale up to 1,000,000 rides. */
const FINDER_BUDGET_P50_MS = 5;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
const BUDGET_P99_MS = 50;
const CONNECTIONS = 20;
const execFileAsync = promisify(execFile);

/** Runs autocannon in a child process (bench/load-client.ts) so the client does not share the server's CPU time slice. */
async function measure(url: string, cookie: string, seconds = DURATION_S, connections = CONNECTIONS): Promise<{ p50: number; p99: number; rps: number; errors: number }> {
  const client = fileURLToPath(new URL('./load-client.ts', import.meta.url));
  const args = JSON.stringify({ url, cookie, connections, seconds });
  const { stdout } = await execFileAsync(process.execPath, ['--import', 'tsx', client, args], { maxBuffer: 1 << 20 });
  return JSON.parse(stdout) as { p50: number; p99: number; rps: number; errors: number };
}

/** One request at a time with a stopwatch to 0.01 ms (bench/one-at-a-time.ts): the finders' median. */
async function measureOneAtATime(url: string, cookie: string, seconds = DURATION_S): Promise<{ p50: number; p99: number; rps: number; errors: number }> {
  const client = fileURLToPath(new URL('./one-at-a-time.ts', import.meta.url));
  const { stdout } = await execFileAsync(process.execPath, ['--import', 'tsx', client, JSON.stringify({ url, cookie, seconds })], { maxBuffer: 1 << 20 });
  return JSON.parse(stdout) as { p50: number; p99: number; rps: number; errors: number };
}

async function main() {
  const { token, rideId, groupId, dataDir, databaseUrl, engine, seedOnly, cleanUp } = await seededDatabase();
  if (seedOnly) return;
  const server = await startBenchServer(dataDir, databaseUrl);
  const { base, workers } = server;
  // Warm up as a server that has run a while: every worker loads the offline gazetteer on its
  // first place search (it blocks for a second or two), and each endpoint runs 2 s before it is measured.
  await measure(`${base}/api/search-location?q=Bologna`, `rc_session=${token}`, 3);
  console.log(`server: ${workers} worker process${workers === '1' ? '' : 'es'} on ${engine}, node ${server.argv.join(' ')}`);
  const cookie = `rc_session=${token}`;
  const endpoints: Array<[string, string]> = [
    ['dashboard stats', '/api/dashboard/stats'],
    ['upcoming rides', '/api/rides/upcoming'],
    ['ride detail', `/api/rides/${rideId}`],
    ['group rides', `/api/groups/${groupId}/rides`],
    ['my groups', '/api/groups'],
    ['ride finder 50 km', '/api/rides/finder?latitude=48&longitude=11&radius=50'],
    ['group finder 200 km', '/api/groups/finder?latitude=48&longitude=11&radius=200'],
  ];
  // The first reads of a list store the ride cards they build (rides/ride-cards.ts): on PostgreSQL
  // each store leaves a dead row version behind, and the indexes lead every later read through
  // them until a vacuum. A server's autovacuum does that within a minute; PostgreSQL here may run
  // without it, so the bench reads each endpoint once and vacuums, as a server that has run a while.
  for (const [, pathname] of endpoints) await fetch(base + pathname, { headers: { cookie } }).then((r) => r.arrayBuffer());
  if (databaseUrl) {
    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    await c.query('vacuum analyze');
    await c.end();
  }
  console.log(`\n${'endpoint'.padEnd(22)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'req/s'.padStart(7)} errors  budget`);
  let failed = false;
  // BENCH_ONLY=finder measures only the endpoints whose name contains the word.
  const only = process.env.BENCH_ONLY;
  for (const [name, pathname] of endpoints.filter(([name]) => !only || name.includes(only))) {
    await measure(base + pathname, cookie, 2);
    const m = await measure(base + pathname, cookie);
    const ok = m.p99 <= BUDGET_P99_MS && m.errors === 0;
    failed ||= !ok;
    console.log(`${name.padEnd(22)} ${String(m.p50).padStart(7)} ${String(m.p99).padStart(7)} ${String(m.rps).padStart(7)} ${String(m.errors).padStart(6)}  ${ok ? 'ok' : `OVER (p99 budget ${BUDGET_P99_MS} ms)`}`);
  }
  // The finders alone: one request at a time, so the median is a request's own time, not its wait in a queue.
  console.log(`\n${'finder, one at a time'.padEnd(22)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'req/s'.padStart(7)} errors  budget`);
  // What any request costs on this machine at the moment, with no database read: the floor under the finders' figures.
  const floor = await measureOneAtATime(`${base}/api/app-config`, cookie);
  console.log(`${'no database (floor)'.padEnd(22)} ${String(floor.p50).padStart(7)} ${String(floor.p99).padStart(7)} ${String(floor.rps).padStart(7)} ${String(floor.errors).padStart(6)}`);
  for (const [name, pathname] of endpoints.filter(([name]) => name.includes('finder') && (!only || name.includes(only)))) {
    const m = await measureOneAtATime(base + pathname, cookie);
    const ok = m.p50 < FINDER_BUDGET_P50_MS && m.errors === 0;
    failed ||= !ok;
    console.log(`${name.padEnd(22)} ${String(m.p50).padStart(7)} ${String(m.p99).padStart(7)} ${String(m.rps).padStart(7)} ${String(m.errors).padStart(6)}  ${ok ? 'ok' : `OVER (p50 budget ${FINDER_BUDGET_P50_MS} ms)`}`);
  }
  await server.stop();
  await cleanUp();
  process.exitCode = failed ? 1 : 0;
}

void main();
