/**
 * npm run chaos: crash safety, repeated. Starts the server as `npm start` runs it (a cluster of
 * CHAOS_WORKERS >= 2 worker processes) on a fresh SQLite database, or a fresh PostgreSQL database on
 * the server DATABASE_URL names; CHAOS_CLIENTS riders write rides, comments, poll votes and photo
 * uploads while a worker is killed with SIGKILL CHAOS_KILLS times (default 100) at random moments
 * (the primary forks replacements). Then it checks: the database's integrity, every write that got
 * a 2xx present, no row pointing at a missing file, and no temp file left after the next start.
 * Prints its figures; exits 1 when a check fails. Not part of npm test.
 *
 * Deliveries (issue 30): the riders have addresses and each is a member of the next rider's group,
 * so every ride a rider creates is a "New ride" mail due to one other rider; the server mails a
 * real SMTP server in this process (CHAOS_SMTP_DELAY_MS before it accepts each mail, 30 ms by
 * default, so kills land mid-send), and the figures count kills that fell while mails were due.
 * After the run a worker of this process sends what the killed workers left claimed (as another
 * server would once their lease ends). Checks: no delivery left pending or failed; every mail
 * settled as sent arrived at least once, with its stable Message-ID; a Message-ID that arrived
 * twice is counted, and must be on a row claimed again after a kill (the kill fell between the
 * SMTP server's acceptance and the commit): one claimed once and mailed twice fails the run.
 *
 * `npm run chaos -- --kills 5` (or CHAOS_KILLS=5) runs a short round; 100 by default.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import readline from 'node:readline';
import { spawn, type ChildProcess } from 'node:child_process';
import sharp from 'sharp';
import { sql } from 'kysely';
import SQLite from '../src/server/db/sqlite-driver';
import { loadConfig } from '../src/server/config';
import { openDatabase, sqliteFile } from '../src/server/db/database';
import { createStorage } from '../src/server/platform/storage';
import { freePort } from '../src/server/test/free-port';
import { freshPostgresDatabase } from '../src/server/test/test-app';
import { testGazetteerDir } from '../src/server/test/test-gazetteer';
import { serverArgs } from './server-command';
import { startChaosSmtp, deliveryChecks, type DeliveryFigures } from './chaos-deliveries';

/** `--kills N` wins over CHAOS_KILLS. */
function killsWanted(): number {
  const at = process.argv.indexOf('--kills');
  const value = at >= 0 ? process.argv[at + 1] : process.env.CHAOS_KILLS;
  const kills = Number(value ?? 100);
  if (!Number.isInteger(kills) || kills < 0) throw new Error(`chaos: --kills wants a whole number, not ${String(value)}`);
  return kills;
}
const KILLS = killsWanted();
const SMTP_DELAY_MS = Number(process.env.CHAOS_SMTP_DELAY_MS ?? 30);
const WORKERS = Math.max(2, Number(process.env.CHAOS_WORKERS ?? 2));
const CLIENTS = Number(process.env.CHAOS_CLIENTS ?? 6);
/** The primary replaces at once only a worker that lived 5 s (main.ts); a younger one after a growing pause. */
const MIN_WORKER_LIFE_MS = 5500;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const randomInt = (n: number) => crypto.randomInt(n);

interface Figures {
  attempted: number;
  acknowledged: number;
  noAnswer: number;
  serverErrors: number;
  refused: number;
}
const figures: Record<'ride' | 'comment' | 'vote' | 'upload', Figures> = {
  ride: { attempted: 0, acknowledged: 0, noAnswer: 0, serverErrors: 0, refused: 0 },
  comment: { attempted: 0, acknowledged: 0, noAnswer: 0, serverErrors: 0, refused: 0 },
  vote: { attempted: 0, acknowledged: 0, noAnswer: 0, serverErrors: 0, refused: 0 },
  upload: { attempted: 0, acknowledged: 0, noAnswer: 0, serverErrors: 0, refused: 0 },
};
const acknowledged = { rides: [] as string[], comments: [] as string[], votes: [] as Array<{ pollId: string; userId: string }>, media: [] as string[] };

function startServer(env: NodeJS.ProcessEnv, onLine: (line: string) => void): ChildProcess {
  const server = spawn(process.execPath, serverArgs(), { env, stdio: ['ignore', 'pipe', 'pipe'] });
  for (const stream of [server.stdout!, server.stderr!]) readline.createInterface({ input: stream }).on('line', onLine);
  return server;
}

async function waitUntil(ready: () => boolean | Promise<boolean>, what: string, timeoutMs = 180_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await ready())) {
    if (Date.now() > until) throw new Error(`chaos: timed out waiting for ${what}`);
    await sleep(100);
  }
}

async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
}

/** Whether a process has exited (a zombie its parent has not reaped yet) or is gone. */
function isDead(pid: number): boolean {
  try {
    return /^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true;
  }
}

/** The live worker processes of the cluster primary `pid` (Linux /proc). */
function workerPids(pid: number): number[] {
  try {
    return fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number).filter((child) => !isDead(child));
  } catch {
    return [];
  }
}

function tempFiles(dataDir: string): string[] {
  const dir = path.join(dataDir, 'media', '.tmp');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-chaos-'));
  let databaseUrl: string | null = null;
  let dropDatabase = async () => {};
  if (process.env.DATABASE_URL) {
    const database = await freshPostgresDatabase(process.env.DATABASE_URL);
    databaseUrl = database.url;
    dropDatabase = database.drop;
  }
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const smtp = await startChaosSmtp(SMTP_DELAY_MS);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    WORKERS: String(WORKERS),
    LOG_LEVEL: 'warn',
    // One built gazetteer for every run (the tests' one), not one per fresh data directory.
    GAZETTEER_DIR: process.env.GAZETTEER_DIR ?? testGazetteerDir(),
    WRITE_LIMIT_PER_SESSION: '1000000',
    WRITE_LIMIT_PER_ADDRESS: '1000000',
    MEDIA_GUEST_QUOTA_MB: '100000',
    MEDIA_QUOTA_MB: '100000',
    SMTP_URL: smtp.url,
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  const engine = databaseUrl ? 'PostgreSQL' : 'SQLite';
  let restarts = 0;
  let output: string[] = [];
  const onLine = (line: string) => {
    if (line.includes('starting another')) restarts += 1;
    output.push(line);
  };
  console.log(`chaos: ${engine}, ${WORKERS} workers, ${CLIENTS} clients, ${KILLS} kills; data in ${dataDir}`);
  const server = startServer(env, onLine);
  const serving = () => fetch(`${base}/api/app-config`).then((r) => r.ok, () => false);
  await waitUntil(() => output.some((line) => line.includes(`with ${WORKERS} worker processes`)), 'the cluster to start');

  // Riders: each a guest with its own group and a ride to comment on.
  const photo = await sharp(crypto.randomBytes(640 * 480 * 3), { raw: { width: 640, height: 480, channels: 3 } }).jpeg({ quality: 90 }).toBuffer();
  const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString();
  const rideBody = (groupId: string) => ({
    groupId, name: `Chaos ride ${crypto.randomBytes(3).toString('hex')}`, startLocation: 'Bologna', startLatitude: 44.49, startLongitude: 11.34,
    endLocation: 'Parma', endLatitude: 44.8, endLongitude: 10.33, startDate: inDays(4), endDate: inDays(4), duration: 'full-day',
    minRiders: 1, maxRiders: 5, timezoneOffset: 'UTC+00:00', timezoneName: 'UTC',
  });
  const pollDay = inDays(20).slice(0, 10);
  const pollBody = (groupId: string) => ({ title: 'Alps weekend', description: 'Stelvio', destination: 'Bormio', durationDays: 2, groupId, deadline: inDays(7), proposedDates: [`${pollDay}T00:00:00.000Z`] });
  /** A request that retries until it is answered: setup happens among kills too. */
  const setupRequest = async (cookie: string, method: string, pathname: string, body: unknown): Promise<{ id: string }> => {
    for (;;) {
      try {
        const res = await fetch(base + pathname, { method, headers: { cookie, origin: base, 'content-type': 'application/json' }, body: JSON.stringify(body) });
        if (res.ok) return (await res.json()) as { id: string };
        throw new Error(`chaos setup: ${method} ${pathname} answered ${res.status} ${await res.text()}`);
      } catch (error) {
        if (error instanceof Error && error.message.startsWith('chaos setup')) throw error;
        await sleep(100);
      }
    }
  };
  const riders: Array<{ cookie: string; userId: string; groupId: string; rideId: string }> = [];
  for (let i = 0; i < CLIENTS; i++) {
    const res = await fetch(`${base}/api/users/current`);
    const cookie = res.headers.getSetCookie()[0]!.split(';')[0]!;
    const user = (await res.json()) as { id: string };
    const group = await setupRequest(cookie, 'POST', '/api/groups', {
      name: `Chaos Riders ${i} ${crypto.randomBytes(3).toString('hex')}`, description: 'Crash test', location: 'Bologna', latitude: 44.49, longitude: 11.34,
      radiusKm: 50, membershipApprovalRequired: false, timezoneOffset: 'UTC+01:00', timezoneName: 'Berlin',
    });
    const ride = await setupRequest(cookie, 'POST', '/api/rides', rideBody(group.id));
    riders.push({ cookie, userId: user.id, groupId: group.id, rideId: ride.id });
  }
  // Mail: each rider has an address (as a rider who signed in) and is a member of the next rider's
  // group, so each ride created is one mail due to one rider; few enough per rider for a short run
  // to stay under the 50 a day (a long run reaches it: those rows are settled skipped).
  const watchDb = openDatabase({ databaseUrl, dataDir });
  for (const [i, rider] of riders.entries()) {
    await watchDb.kysely.updateTable('users').set({ email: `chaos-${i}-${crypto.randomBytes(3).toString('hex')}@example.test` }).where('id', '=', rider.userId).execute();
    await setupRequest(rider.cookie, 'POST', `/api/groups/${riders[(i + 1) % riders.length]!.groupId}/join`, {});
  }
  const dueNow = async () =>
    Number((await watchDb.kysely.selectFrom('deliveries').select((eb) => eb.fn.countAll<string | number>().as('n')).where('state', '=', 'pending').where('due_at', '<=', new Date().toISOString()).executeTakeFirstOrThrow()).n);
  let killsWhileDue = 0;

  let writing = true;
  const writer = async (rider: (typeof riders)[number]) => {
    while (writing) {
      const roll = randomInt(100);
      const kind = roll < 40 ? 'comment' : roll < 60 ? 'ride' : roll < 85 ? 'vote' : 'upload';
      const f = figures[kind];
      f.attempted += 1;
      const headers = { cookie: rider.cookie, origin: base };
      const json = { ...headers, 'content-type': 'application/json' };
      let vote: { pollId: string; userId: string } | undefined;
      try {
        let res: Response;
        if (kind === 'comment') res = await fetch(`${base}/api/rides/${rider.rideId}/comments`, { method: 'POST', headers: json, body: JSON.stringify({ content: `chaos ${f.attempted}` }) });
        else if (kind === 'ride') res = await fetch(`${base}/api/rides`, { method: 'POST', headers: json, body: JSON.stringify(rideBody(rider.groupId)) });
        else if (kind === 'vote') {
          // A rider answers a poll once: each vote goes to a new poll.
          const poll = (await (await fetch(`${base}/api/polls`, { method: 'POST', headers: json, body: JSON.stringify(pollBody(rider.groupId)) })).json()) as { id: string };
          vote = { pollId: poll.id, userId: rider.userId };
          res = await fetch(`${base}/api/polls/${poll.id}/respond`, { method: 'POST', headers: json, body: JSON.stringify({ response: randomInt(2) ? 'yes' : 'no', preferredDates: [pollDay] }) });
        }
        else {
          const form = new FormData();
          form.append('file', new Blob([photo], { type: 'image/jpeg' }), 'chaos.jpg');
          res = await fetch(`${base}/api/media`, { method: 'POST', headers, body: form });
        }
        const body = (await res.json()) as { id?: string };
        if (res.ok) {
          f.acknowledged += 1;
          if (kind === 'comment') acknowledged.comments.push(body.id!);
          else if (kind === 'ride') acknowledged.rides.push(body.id!);
          else if (kind === 'vote') acknowledged.votes.push(vote!);
          else acknowledged.media.push(body.id!);
        } else if (res.status >= 500) {
          f.serverErrors += 1;
          console.error(`chaos: ${kind} answered ${res.status}: ${JSON.stringify(body)}`);
        } else {
          f.refused += 1;
          if (process.env.CHAOS_DEBUG) console.error(`chaos: ${kind} answered ${res.status}: ${JSON.stringify(body)}`);
        }
      } catch (error) {
        if (process.env.CHAOS_DEBUG) console.error(`chaos: ${kind}: ${(error as Error).message} ${String((error as Error).cause)}`);
        // The worker died with the request (connection reset, or a body cut short): not acknowledged.
        f.noAnswer += 1;
        await sleep(20);
      }
    }
  };

  // The killer: a worker that has lived long enough to be replaced at once, at a random moment.
  const firstSeen = new Map<number, number>();
  const watch = setInterval(() => {
    for (const pid of workerPids(server.pid!)) if (!firstSeen.has(pid)) firstSeen.set(pid, Date.now());
  }, 50);
  const startedAt = Date.now();
  const writers = riders.map(writer);
  let kills = 0;
  while (kills < KILLS) {
    await sleep(randomInt(1500));
    // Only when every worker has lived long enough: the primary then replaces the killed one at
    // once, and the others are up and serving meanwhile.
    const pids = workerPids(server.pid!);
    const eligible = pids.filter((pid) => Date.now() - (firstSeen.get(pid) ?? Date.now()) > MIN_WORKER_LIFE_MS);
    if (eligible.length < WORKERS) continue;
    const due = await dueNow();
    try {
      process.kill(eligible[randomInt(eligible.length)]!, 'SIGKILL');
      kills += 1;
      if (due > 0) killsWhileDue += 1;
      if (kills % 10 === 0) console.log(`chaos: ${kills} kills`);
    } catch {
      // it died meanwhile
    }
  }
  // Let the replacements come up and the writers see them, then stop writing.
  await waitUntil(() => workerPids(server.pid!).length === WORKERS && serving(), 'the replacement workers');
  await sleep(2000);
  writing = false;
  await Promise.all(writers);
  clearInterval(watch);
  const seconds = (Date.now() - startedAt) / 1000;
  await stopServer(server);
  await watchDb.close();
  const tempBefore = tempFiles(dataDir).length;

  // Checks, on the database as the crashes left it.
  const failures: string[] = [];
  let integrity = 'ok';
  if (!databaseUrl) {
    const sqlite = new SQLite(sqliteFile(dataDir));
    integrity = String(sqlite.pragma('integrity_check', { simple: true }));
    const foreignKeys = sqlite.pragma('foreign_key_check') as unknown[];
    if (foreignKeys.length > 0) integrity += `; ${foreignKeys.length} foreign key violations`;
    sqlite.close();
  }
  const config = loadConfig({ DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), ...(process.env.STORAGE_URL ? { STORAGE_URL: process.env.STORAGE_URL } : {}) });
  const db = openDatabase({ databaseUrl, dataDir });
  if (databaseUrl) {
    // amcheck verifies every B-tree index against its table's ordering rules.
    try {
      await sql`create extension if not exists amcheck`.execute(db.kysely);
      const { rows } = await sql<{ name: string }>`select c.relname as name from pg_index i join pg_class c on c.oid = i.indexrelid join pg_am a on a.oid = c.relam join pg_namespace n on n.oid = c.relnamespace where a.amname = 'btree' and n.nspname = 'public'`.execute(db.kysely);
      for (const { name } of rows) await sql`select bt_index_check(${name}::regclass, true)`.execute(db.kysely);
      integrity = `ok (amcheck: ${rows.length} indexes)`;
    } catch (error) {
      integrity = (error as Error).message.includes('amcheck') ? 'not checked (amcheck is not available)' : `FAILED: ${(error as Error).message}`;
    }
  }
  if (!integrity.startsWith('ok') && !integrity.startsWith('not checked')) failures.push(`integrity: ${integrity}`);
  const presentIds = async (table: 'rides' | 'ride_comments' | 'media', ids: string[]) => {
    const present = new Set<string>();
    for (let i = 0; i < ids.length; i += 500) {
      for (const row of await db.kysely.selectFrom(table).select('id').where('id', 'in', ids.slice(i, i + 500)).execute()) present.add(row.id);
    }
    return ids.filter((id) => !present.has(id));
  };
  const lost = {
    rides: await presentIds('rides', acknowledged.rides),
    comments: await presentIds('ride_comments', acknowledged.comments),
    media: await presentIds('media', acknowledged.media),
    votes: [] as string[],
  };
  const responses = new Set((await db.kysely.selectFrom('poll_responses').select(['poll_id', 'user_id']).execute()).map((r) => `${r.poll_id}|${r.user_id}`));
  lost.votes = [...new Set(acknowledged.votes.map((v) => `${v.pollId}|${v.userId}`))].filter((key) => !responses.has(key));
  for (const [what, ids] of Object.entries(lost)) if (ids.length > 0) failures.push(`${ids.length} acknowledged ${what} missing: ${ids.slice(0, 5).join(', ')}`);
  const storage = createStorage(config);
  const mediaRows = await db.kysely.selectFrom('media').select(['id', 'filename', 'thumbnail_filename']).execute();
  const keys = mediaRows.flatMap((m) => [m.filename, m.thumbnail_filename]).filter((key): key is string => key !== null);
  const missingFiles = [];
  for (const key of keys) if (!(await storage.stat(key))) missingFiles.push(key);
  if (missingFiles.length > 0) failures.push(`${missingFiles.length} rows point at missing files: ${missingFiles.slice(0, 5).join(', ')}`);
  const storedFiles = fs.existsSync(path.join(dataDir, 'media'))
    ? fs.readdirSync(path.join(dataDir, 'media'), { recursive: true, withFileTypes: true }).filter((e) => e.isFile() && !e.parentPath.endsWith('.tmp')).length
    : 0;
  await db.close();

  // What the killed workers left claimed is sent by another worker once their lease ends: here, one of this process.
  const deliveries: DeliveryFigures = await deliveryChecks({ env, mails: smtp.messageIds, failures });

  // The next start sweeps what the killed uploads left.
  output = [];
  const again = startServer(env, onLine);
  await waitUntil(() => output.some((line) => line.includes(`with ${WORKERS} worker processes`)), 'the second start');
  const tempAfter = tempFiles(dataDir).length;
  if (tempAfter > 0) failures.push(`${tempAfter} temp files left after the next start`);
  await stopServer(again);

  console.log(`\nchaos on ${engine}: ${kills} workers killed with SIGKILL in ${seconds.toFixed(0)} s (${restarts} replacements forked), ${CLIENTS} clients`);
  console.log(`${'write'.padEnd(8)} ${'tried'.padStart(7)} ${'2xx'.padStart(7)} ${'no answer'.padStart(10)} ${'5xx'.padStart(5)} ${'4xx'.padStart(5)} ${'lost'.padStart(5)}`);
  const lostOf = { ride: lost.rides.length, comment: lost.comments.length, vote: lost.votes.length, upload: lost.media.length };
  for (const [kind, f] of Object.entries(figures)) {
    console.log(`${kind.padEnd(8)} ${String(f.attempted).padStart(7)} ${String(f.acknowledged).padStart(7)} ${String(f.noAnswer).padStart(10)} ${String(f.serverErrors).padStart(5)} ${String(f.refused).padStart(5)} ${String(lostOf[kind as keyof typeof lostOf]).padStart(5)}`);
  }
  console.log(`integrity: ${integrity}`);
  console.log(`media rows ${mediaRows.length}, their files ${keys.length} (missing ${missingFiles.length}); files in storage ${storedFiles} (the rest are orphans the 6-hourly job removes)`);
  console.log(`temp files: ${tempBefore} left by killed uploads, ${tempAfter} after the next start`);
  console.log(
    `deliveries: ${kills} kills, ${killsWhileDue} while mails were due; ${deliveries.rows} e-mail rows: ${deliveries.sent} sent, ${deliveries.skipped} skipped, ${deliveries.failed} failed, ${deliveries.pending} pending; ` +
      `${deliveries.sentAfterRun} sent after the run, ${deliveries.claimedAgain} claimed again after their worker was killed holding them`,
  );
  console.log(
    `SMTP: ${deliveries.received} mails received, ${deliveries.distinct} Message-IDs; sent rows that never arrived: ${deliveries.missing}; ` +
      `duplicates: ${deliveries.duplicates} (kill between the SMTP server's acceptance and the commit: ${deliveries.duplicatesAfterKill}; on a row claimed once: ${deliveries.duplicates - deliveries.duplicatesAfterKill})`,
  );
  console.log(failures.length === 0 ? 'chaos: all checks passed' : `chaos: FAILED\n  ${failures.join('\n  ')}`);
  process.exitCode = failures.length === 0 ? 0 : 1;
  await dropDatabase();
  await smtp.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

void main();
