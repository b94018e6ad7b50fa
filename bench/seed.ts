/**
 * The seeded dataset of npm run bench and npm run bench:mixed, and the server they measure.
 * Seeds a fresh SQLite database (or a fresh PostgreSQL database when BENCH_DATABASE_URL is set);
 * BENCH_KEEP keeps it, BENCH_SEED_ONLY only seeds, BENCH_DATA_DIR reuses a kept one.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { spawn } from 'node:child_process';
import pg from 'pg';
import { sql, type Kysely } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/server/app';
import type { Database } from '../src/server/db/schema';
import { loadConfig } from '../src/server/config';
import { hashToken, newId } from '../src/server/platform/tokens';
import { freePort } from '../src/server/test/free-port';
import { testGazetteerDir } from '../src/server/test/test-gazetteer';
import { serverArgs } from './server-command';

/** One built gazetteer for every run (the tests' one), not one per fresh data directory (a minute and more under load). */
const gazetteerDir = process.env.GAZETTEER_DIR ?? testGazetteerDir();

/**
 * BENCH_SCALE multiplies the dataset: 1 (the default) is 10,000 riders, 2,000 groups and 50,000
 * rides; 20 is 200,000 riders, 40,000 groups and 1,000,000 rides, spread over the same area, so a
 * finder's circle holds 20 times the rides and groups.
 */
export const SCALE = Number(process.env.BENCH_SCALE ?? 1);
if (!(SCALE > 0)) throw new Error(`bench: BENCH_SCALE must be a positive number, not ${process.env.BENCH_SCALE}`);
export const RIDERS = Math.round(10_000 * SCALE);
export const GROUPS = Math.round(2_000 * SCALE);
export const RIDES = Math.round(50_000 * SCALE);

export interface Seeded {
  /** A busy rider's session, and an upcoming ride and its group. */
  token: string;
  rideId: string;
  groupId: string;
  /** Further signed-in riders, each with an upcoming ride they have a seat on. */
  riders: Array<{ token: string; rideId: string }>;
}

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

type SeededTable = 'users' | 'groups' | 'group_members' | 'rides' | 'ride_participants';

/** SQLite: multi-row inserts of 500 rows (27 columns of a ride stay under SQLite's 32,766 parameters). */
async function insertSqlite(tx: Kysely<Database>, table: SeededTable, rows: object[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) await tx.insertInto(table).values(rows.slice(i, i + 500) as never).execute();
}

/**
 * PostgreSQL: one statement per 20,000 rows, each column sent as one array and spread by unnest,
 * so a batch is not bound by the 65,535 parameters of a statement. The table's own triggers are
 * off while it loads (foreign keys stay checked): the ride-card triggers of migration 009 would
 * update a ride for each of its seats, leaving 3,000,000 dead row versions at scale 20, to forget
 * cards that no seeded ride has yet.
 */
async function insertPostgres(tx: Kysely<Database>, table: SeededTable, rows: object[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]!);
  const { rows: types } = await sql<{ column_name: string; udt_name: string }>`
    select column_name, udt_name from information_schema.columns where table_schema = current_schema() and table_name = ${table}`.execute(tx);
  const typeOf = new Map(types.map((t) => [t.column_name, t.udt_name]));
  await sql`alter table ${sql.table(table)} disable trigger user`.execute(tx);
  for (let i = 0; i < rows.length; i += 20_000) {
    const batch = rows.slice(i, i + 20_000) as Array<Record<string, unknown>>;
    const arrays = columns.map((c) => sql`${batch.map((r) => r[c] ?? null)}::${sql.raw(typeOf.get(c)!)}[]`);
    await sql`insert into ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))}) select * from unnest(${sql.join(arrays)})`.execute(tx);
  }
  await sql`alter table ${sql.table(table)} enable trigger user`.execute(tx);
}

/**
 * Names as riders write them: some groups' in Latin-1 (Grüne Kurven), one ride in ten with an
 * emoji and Greek. Text beyond Latin-1 changes how V8 stores a string, and so the cost of sending
 * it (platform/json-text.ts, asciiJson): all-ASCII data would measure a faster server than a club gets.
 */
async function seed(app: FastifyInstance, sessionCount: number): Promise<Seeded> {
  const db = app.ctx.db;
  const now = Date.now();
  const iso = (ms: number) => new Date(ms).toISOString();
  const users = Array.from({ length: RIDERS }, (_, i) => ({ id: newId(), handle: `rider${i}`, email: `rider${i}@bench.test`, created_at: iso(now), last_seen_at: iso(now) }));
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
      // Reminders of the rides already within three days count as sent, as on a server that has run
      // all along: otherwise the first run of the reminders job (at start, then every 15 minutes)
      // sends some 50,000 at scale 20 while the bench measures, which a club's server never does at once.
      reminders_sent: start < now + 3 * 86_400_000 ? 3 : 0,
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
  // One transaction per table: a commit per batch would wait for the disk thousands of times at scale.
  const insert = async <T extends object>(table: SeededTable, rows: T[]) => {
    const started = Date.now();
    await db.transaction().execute((tx) => (app.ctx.engine === 'postgres' ? insertPostgres(tx, table, rows) : insertSqlite(tx, table, rows)));
    if (rows.length >= 100_000) console.log(`  ${table}: ${rows.length} rows in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  };
  await insert('users', users);
  await insert('groups', groups);
  await insert('group_members', memberList);
  await insert('rides', rides);
  await insert('ride_participants', [...participants.values()]);
  // The groups' member and ride counts, which the triggers of migration 029 keep but did not see
  // while PostgreSQL loaded with them off (SQLite loads with its triggers on).
  if (app.ctx.engine === 'postgres') {
    await sql`update groups set member_count = (select count(*) from group_members m where m.group_id = groups.id),
      ride_count = (select count(*) from rides r where r.group_id = groups.id)`.execute(db);
  }
  // Tables as a server that has run a while has them: autovacuum analyzes and vacuums a table
  // within a minute of a bulk load. Without statistics the planner scans every upcoming ride; without
  // the vacuum the visibility map is empty and every index-only count reads the table as well.
  if (app.ctx.engine === 'postgres') await sql`vacuum analyze`.execute(db);

  // A busy rider, signed in with a known session token: the first group's creator, who owns its
  // rides (with seed 2026: 3 groups where riders average 2.2, 44 seats where they average 15).
  const viewer = memberList[0]!.user_id;
  const signIn = async (userId: string) => {
    const token = crypto.randomBytes(32).toString('base64url');
    await db
      .insertInto('sessions')
      .values({ id_hash: hashToken(token), user_id: userId, created_at: iso(now), expires_at: iso(now + 86_400_000), public_id: crypto.randomUUID(), user_agent: 'bench', last_seen_at: iso(now) })
      .execute();
    return token;
  };
  const token = await signIn(viewer);
  const ride = rides.find((r) => r.start_date > iso(now))!;
  // More signed-in riders (npm run bench:mixed), each with a seat on an upcoming ride they do not own.
  const upcomingSeat = new Map<string, string>();
  const upcoming = new Set(rides.filter((r) => r.start_date > iso(now)).map((r) => r.id));
  const ownerOf = new Map(rides.map((r) => [r.id, r.owner_id]));
  for (const p of participants.values()) {
    if (upcoming.has(p.ride_id) && ownerOf.get(p.ride_id) !== p.user_id && !upcomingSeat.has(p.user_id)) upcomingSeat.set(p.user_id, p.ride_id);
  }
  const riders: Seeded['riders'] = [];
  for (const [userId, rideId] of [...upcomingSeat].slice(0, sessionCount)) riders.push({ token: await signIn(userId), rideId });
  return { token, rideId: ride.id, groupId: ride.group_id, riders };
}

/** The seeded database: a new one, or the one BENCH_DATA_DIR names. */
export async function seededDatabase(sessionCount = 50) {
  // BENCH_DATA_DIR reuses a database seeded by an earlier BENCH_KEEP run, to measure a change
  // without seeding again: its SQLite file, or the PostgreSQL database its bench-seed.json names.
  const reuseDir = process.env.BENCH_DATA_DIR;
  const dataDir = reuseDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'rc-bench-'));
  const metaFile = path.join(dataDir, 'bench-seed.json');
  const kept = reuseDir ? (JSON.parse(fs.readFileSync(metaFile, 'utf8')) as Seeded & { database?: string }) : null;
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
  const config = { ...loadConfig({ DATA_DIR: dataDir, GAZETTEER_DIR: gazetteerDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) }), webDir: null };
  const app = await buildApp({ config, logger: false });
  const seededAt = Date.now();
  const seeded = kept ?? (await seed(app, sessionCount));
  if (!kept) fs.writeFileSync(metaFile, JSON.stringify({ ...seeded, database }));
  console.log(`${reuseDir ? 'reused' : 'seeded'} ${RIDERS} riders, ${GROUPS} groups, ${RIDES} rides on ${app.ctx.engine} in ${((Date.now() - seededAt) / 1000).toFixed(1)} s`);
  const engine = app.ctx.engine;
  await app.close();
  if (process.env.BENCH_SEED_ONLY) console.log(`seeded database in ${dataDir}${database ? ` (PostgreSQL database ${database})` : ''}`);
  const cleanUp = async () => {
    if (keep) console.log(`kept the seeded database in ${dataDir}`);
    else {
      await dropPg?.();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  };
  return { ...seeded, dataDir, databaseUrl, engine, seedOnly: Boolean(process.env.BENCH_SEED_ONLY), cleanUp };
}

/** Waits up to 3 minutes: on a loaded machine tsx compiling the server for each worker takes long. */
export async function waitUntilServing(url: string): Promise<void> {
  for (let i = 0; i < 1800; i++) {
    if (await fetch(url).then((r) => r.ok, () => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server did not answer ${url}`);
}

/**
 * The server as npm start runs it: src/server/main.ts in its own process, with its WORKERS
 * (BENCH_WORKERS overrides; the default is one per core).
 */
export async function startBenchServer(dataDir: string, databaseUrl: string | undefined, env: Record<string, string> = {}) {
  const port = await freePort();
  const workers = process.env.BENCH_WORKERS ?? String(loadConfig(databaseUrl ? { DATABASE_URL: databaseUrl } : {}).workers);
  const argv = serverArgs();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, argv, {
    env: { ...process.env, DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: base, GAZETTEER_DIR: gazetteerDir, LOG_LEVEL: 'warn', WORKERS: workers, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitUntilServing(`${base}/api/app-config`);
  return {
    base,
    workers,
    argv,
    async stop() {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    },
  };
}
