/**
 * npm run bench: the read budgets of GUIDE section 8 on a seeded dataset of 10,000 riders,
 * 2,000 groups and 50,000 rides. Seeds a fresh SQLite database (or a fresh PostgreSQL database
 * when BENCH_DATABASE_URL is set), starts the real server, and measures each read with autocannon
 * at 20 concurrent connections. Prints p50/p99 per endpoint against the 50 ms p99 budget.
 * Not part of npm test: benchmarks measure, tests never time things.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { hashToken, newId } from '../src/server/platform/tokens';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { freePort } from '../src/server/test/free-port';
import { serverArgs } from './server-command';

const RIDERS = 10_000;
const GROUPS = 2_000;
const RIDES = 50_000;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
const BUDGET_P99_MS = 50;
const CONNECTIONS = 20;
const execFileAsync = promisify(execFile);

/**
 * A seeded generator (mulberry32), so every run seeds the same places, memberships and dates and
 * two runs measure the same work: the finder's counts, for one, depend on where groups fall.
 */
let state = 2026;
function random(): number {
  state = (state + 0x6d2b79f5) | 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

function rand(n: number): number {
  return Math.floor(random() * n);
}

/**
 * Names as riders write them: some groups' in Latin-1 (Grüne Kurven), one ride in ten with an
 * emoji and Greek. Text beyond Latin-1 changes how V8 stores a string, and so the cost of sending
 * it (platform/json-text.ts, asciiJson): all-ASCII data would measure a faster server than a club gets.
 */
async function seed(app: FastifyInstance): Promise<{ token: string; rideId: string; groupId: string }> {
  const db = app.ctx.db;
  const now = Date.now();
  const iso = (ms: number) => new Date(ms).toISOString();
  const users = Array.from({ length: RIDERS }, (_, i) => ({ id: newId(), user_id: `rider${i}`, email: `rider${i}@bench.test`, created_at: iso(now), last_seen_at: iso(now) }));
  const groups = Array.from({ length: GROUPS }, (_, i) => {
    const lat = 35 + random() * 25;
    const lon = -10 + random() * 35;
    return {
      id: newId(), name: i % 5 === 0 ? `Grüne Kurven ${i}` : `Group ${i}`, slug: `group-${i}`, description: 'Bench group', location: 'Somewhere', latitude: lat, longitude: lon,
      radius_km: 50, membership_approval_required: 0, timezone_offset: 'UTC+01:00', timezone_name: 'Berlin', group_image_url: null,
      creator_id: users[rand(RIDERS)]!.id, created_at: iso(now - rand(90) * 86_400_000),
    };
  });
  const members = new Map<string, { group_id: string; user_id: string; joined_at: string }>();
  for (const g of groups) members.set(`${g.id}|${g.creator_id}`, { group_id: g.id, user_id: g.creator_id, joined_at: g.created_at });
  for (const u of users) {
    for (let k = 0; k < 2; k++) {
      const g = groups[rand(GROUPS)]!;
      members.set(`${g.id}|${u.id}`, { group_id: g.id, user_id: u.id, joined_at: iso(now - rand(60) * 86_400_000) });
    }
  }
  const rides = Array.from({ length: RIDES }, (_, i) => {
    const g = groups[rand(GROUPS)]!;
    const start = now + (rand(240) - 60) * 86_400_000;
    return {
      id: newId(), group_id: g.id, name: i % 10 === 0 ? `Ride ${i} 🏍️ Ακρόπολη` : `Ride ${i}`, slug: `ride-${i}`, description: null, status: 'confirmed', start_date: iso(start), end_date: iso(start),
      duration: 'full-day', start_location: 'A', start_latitude: g.latitude + random() - 0.5, start_longitude: g.longitude + random() - 0.5,
      midpoint_location: null, midpoint_latitude: null, midpoint_longitude: null, end_location: 'B', end_latitude: g.latitude, end_longitude: g.longitude,
      waypoints: '[]', total_distance_km: 50 + rand(300), min_riders: 1, max_riders: 10, timezone_offset: 'UTC+01:00', timezone_name: 'Berlin',
      owner_id: g.creator_id, navigator_id: null, created_at: iso(now - rand(60) * 86_400_000),
    };
  });
  const memberList = [...members.values()];
  const participants = new Map<string, { ride_id: string; user_id: string; joined_at: string }>();
  for (const r of rides) {
    participants.set(`${r.id}|${r.owner_id}`, { ride_id: r.id, user_id: r.owner_id, joined_at: r.created_at });
    for (let k = 0; k < 2; k++) {
      const m = memberList[rand(memberList.length)]!;
      participants.set(`${r.id}|${m.user_id}`, { ride_id: r.id, user_id: m.user_id, joined_at: r.created_at });
    }
  }
  const insert = async <T extends object>(table: 'users' | 'groups' | 'group_members' | 'rides' | 'ride_participants', rows: T[]) => {
    const size = app.ctx.engine === 'sqlite' ? 500 : 1000;
    for (let i = 0; i < rows.length; i += size) await db.insertInto(table).values(rows.slice(i, i + size) as never).execute();
  };
  await insert('users', users);
  await insert('groups', groups);
  await insert('group_members', memberList);
  await insert('rides', rides);
  await insert('ride_participants', [...participants.values()]);
  // Tables as a server that has run a while has them: autovacuum analyzes and vacuums a table
  // within a minute of a bulk load. Without statistics the planner scans every upcoming ride; without
  // the vacuum the visibility map is empty and every index-only count reads the table as well.
  if (app.ctx.engine === 'postgres') await sql`vacuum analyze`.execute(db);

  // A busy rider, signed in with a known session token: the first group's creator, who owns its
  // rides (with seed 2026: 3 groups where riders average 2.2, 44 seats where they average 15).
  const viewer = memberList[0]!.user_id;
  const token = crypto.randomBytes(32).toString('base64url');
  await db
    .insertInto('sessions')
    .values({ id_hash: hashToken(token), user_id: viewer, created_at: iso(now), expires_at: iso(now + 86_400_000), public_id: crypto.randomUUID(), user_agent: 'bench', last_seen_at: iso(now) })
    .execute();
  const ride = rides.find((r) => r.start_date > iso(now))!;
  return { token, rideId: ride.id, groupId: ride.group_id };
}

/** Runs autocannon in a child process (bench/load-client.ts) so the client does not share the server's CPU time slice. */
async function measure(url: string, cookie: string, seconds = DURATION_S): Promise<{ p50: number; p99: number; rps: number; errors: number }> {
  const client = fileURLToPath(new URL('./load-client.ts', import.meta.url));
  const args = JSON.stringify({ url, cookie, connections: CONNECTIONS, seconds });
  const { stdout } = await execFileAsync(process.execPath, ['--import', 'tsx', client, args], { maxBuffer: 1 << 20 });
  return JSON.parse(stdout) as { p50: number; p99: number; rps: number; errors: number };
}


async function waitUntilServing(url: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (await fetch(url).then((r) => r.ok, () => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server did not answer ${url}`);
}

async function main() {
  // BENCH_DATA_DIR reuses a database seeded by an earlier BENCH_KEEP run, to measure a change
  // without seeding again: its SQLite file, or the PostgreSQL database its bench-seed.json names.
  const reuseDir = process.env.BENCH_DATA_DIR;
  const dataDir = reuseDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'rc-bench-'));
  const metaFile = path.join(dataDir, 'bench-seed.json');
  const kept = reuseDir ? (JSON.parse(fs.readFileSync(metaFile, 'utf8')) as Awaited<ReturnType<typeof seed>> & { database?: string }) : null;
  const keep = Boolean(process.env.BENCH_KEEP || process.env.BENCH_SEED_ONLY || reuseDir);
  let dropPg: (() => Promise<void>) | null = null;
  let databaseUrl: string | undefined;
  let database: string | undefined;
  if (process.env.BENCH_DATABASE_URL) {
    database = kept?.database ?? `rc_bench_${crypto.randomBytes(4).toString('hex')}`;
    if (!kept?.database) {
      const admin = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${database}`);
      await admin.end();
    }
    const url = new URL(process.env.BENCH_DATABASE_URL);
    url.pathname = `/${database}`;
    databaseUrl = url.toString();
    dropPg = async () => {
      const c = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await c.end();
    };
  }
  const config = { ...loadConfig({ DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) }), webDir: null };
  const app = await buildApp({ config, logger: false });
  const seededAt = Date.now();
  const { token, rideId, groupId } = kept ?? (await seed(app));
  if (!kept) fs.writeFileSync(metaFile, JSON.stringify({ token, rideId, groupId, database }));
  console.log(`${reuseDir ? 'reused' : 'seeded'} ${RIDERS} riders, ${GROUPS} groups, ${RIDES} rides on ${app.ctx.engine} in ${((Date.now() - seededAt) / 1000).toFixed(1)} s`);
  const engine = app.ctx.engine;
  await app.close();
  if (process.env.BENCH_SEED_ONLY) {
    console.log(`seeded database in ${dataDir}${database ? ` (PostgreSQL database ${database})` : ''}`);
    return;
  }
  // Measure the server as npm start runs it: src/server/main.ts in its own process, with its
  // WORKERS (BENCH_WORKERS overrides; the default is one per core).
  const port = await freePort();
  const workers = process.env.BENCH_WORKERS ?? String(loadConfig(databaseUrl ? { DATABASE_URL: databaseUrl } : {}).workers);
  const serverArgv = serverArgs();
  const server = spawn(process.execPath, serverArgv, {
    env: { ...process.env, DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', WORKERS: workers },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitUntilServing(`${base}/api/app-config`);
  // Warm up as a server that has run a while: every worker loads the offline gazetteer on its
  // first place search (it blocks for a second or two), and each endpoint runs 2 s before it is measured.
  await measure(`${base}/api/search-location?q=Bologna`, `rc_session=${token}`, 3);
  console.log(`server: ${workers} worker process${workers === '1' ? '' : 'es'} on ${engine}, node ${serverArgv.join(' ')}`);
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
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
  if (keep) console.log(`kept the seeded database in ${dataDir}`);
  else {
    await dropPg?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  process.exitCode = failed ? 1 : 0;
}

void main();
