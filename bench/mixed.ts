/**
 * npm run bench:mixed: reads and writes at once, as a club's evening looks. On the seeded dataset
 * of npm run bench (BENCH_SCALE, BENCH_DATABASE_URL and the other BENCH_ variables apply), 50
 * signed-in riders (BENCH_CONNECTIONS) each keep one request in flight for BENCH_MIXED_SECONDS
 * (default 60): lists, a ride's page and comments, both finders and notifications, and writes
 * (comments, giving up and taking back a seat). Prints p50/p99 per route; exits 1 on any 5xx or
 * unanswered request. Not part of npm test.
 */
import crypto from 'node:crypto';
import { seededDatabase, startBenchServer } from './seed';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_MIXED_SECONDS ?? 60);

interface RouteFigures {
  latencies: number[];
  ok: number;
  refused: number;
  serverErrors: number;
  noAnswer: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function main(): Promise<void> {
  const seeded = await seededDatabase(CONNECTIONS);
  if (seeded.seedOnly) return;
  if (seeded.riders.length < CONNECTIONS) throw new Error(`bench:mixed: the dataset has ${seeded.riders.length} riders with a seat, ${CONNECTIONS} needed (a database seeded by an older bench?)`);
  // Writes are what is measured here, not the per-rider write limit.
  const server = await startBenchServer(seeded.dataDir, seeded.databaseUrl, { WRITE_LIMIT_PER_SESSION: '1000000', WRITE_LIMIT_PER_ADDRESS: '1000000' });
  const { base } = server;
  console.log(`server: ${server.workers} worker processes on ${seeded.engine}; ${CONNECTIONS} riders for ${SECONDS} s`);

  const figures = new Map<string, RouteFigures>();
  const record = (route: string) => {
    let f = figures.get(route);
    if (!f) figures.set(route, (f = { latencies: [], ok: 0, refused: 0, serverErrors: 0, noAnswer: 0 }));
    return f;
  };
  const serverErrors: string[] = [];
  // The riders that have their seat (one who gave it up takes it back before commenting again).
  const seated = new Set(seeded.riders.map((r) => r.token));

  const rider = async ({ token, rideId }: { token: string; rideId: string }, deadline: number) => {
    const cookie = `rc_session=${token}`;
    while (Date.now() < deadline) {
      const roll = crypto.randomInt(100);
      const lat = 40 + crypto.randomInt(150) / 10;
      const lon = crypto.randomInt(200) / 10;
      const [route, method, pathname, body]: [string, string, string, unknown?] =
        roll < 12 ? ['GET upcoming rides', 'GET', '/api/rides/upcoming']
        : roll < 26 ? ['GET ride', 'GET', `/api/rides/${rideId}`]
        : roll < 36 ? ['GET ride comments', 'GET', `/api/rides/${rideId}/comments`]
        : roll < 48 ? ['GET ride finder', 'GET', `/api/rides/finder?latitude=${lat}&longitude=${lon}&radius=50`]
        : roll < 58 ? ['GET group finder', 'GET', `/api/groups/finder?latitude=${lat}&longitude=${lon}&radius=200`]
        : roll < 66 ? ['GET my groups', 'GET', '/api/groups']
        : roll < 72 ? ['GET dashboard stats', 'GET', '/api/dashboard/stats']
        : roll < 80 ? ['GET notifications', 'GET', '/api/notifications']
        : !seated.has(token) ? ['POST join ride', 'POST', `/api/rides/${rideId}/join`, {}]
        : roll < 95 ? ['POST comment', 'POST', `/api/rides/${rideId}/comments`, { content: `Fuel stop at ${crypto.randomInt(1000)}?` }]
        : ['POST leave ride', 'POST', `/api/rides/${rideId}/leave`, {}];
      const f = record(route);
      const started = performance.now();
      try {
        const res = await fetch(base + pathname, {
          method,
          headers: { cookie, ...(body !== undefined ? { 'content-type': 'application/json', origin: base } : {}) },
          ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        });
        const text = await res.text();
        f.latencies.push(performance.now() - started);
        if (res.ok) {
          f.ok += 1;
          if (route === 'POST leave ride') seated.delete(token);
          if (route === 'POST join ride') seated.add(token);
        } else if (res.status >= 500) {
          f.serverErrors += 1;
          if (serverErrors.length < 10) serverErrors.push(`${route}: ${res.status} ${text.slice(0, 200)}`);
        } else {
          f.refused += 1;
          if (process.env.BENCH_DEBUG) console.error(`${route}: ${res.status} ${text.slice(0, 200)}`);
        }
      } catch (error) {
        f.noAnswer += 1;
        if (serverErrors.length < 10) serverErrors.push(`${route}: ${(error as Error).message}`);
      }
    }
  };
  // A short warm-up (every worker's first requests compile and fill caches), then the measured run.
  await Promise.all(seeded.riders.slice(0, CONNECTIONS).map((r) => rider(r, Date.now() + 3000)));
  figures.clear();
  const startedAt = Date.now();
  await Promise.all(seeded.riders.slice(0, CONNECTIONS).map((r) => rider(r, startedAt + SECONDS * 1000)));
  const elapsed = (Date.now() - startedAt) / 1000;

  let total = 0;
  let failures = 0;
  console.log(`\n${'route'.padEnd(22)} ${'requests'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'4xx'.padStart(5)} ${'5xx'.padStart(5)} ${'no answer'.padStart(9)}`);
  for (const [route, f] of [...figures].sort(([a], [b]) => a.localeCompare(b))) {
    const sorted = f.latencies.sort((a, b) => a - b);
    total += f.latencies.length + f.noAnswer;
    failures += f.serverErrors + f.noAnswer;
    console.log(`${route.padEnd(22)} ${String(sorted.length + f.noAnswer).padStart(8)} ${percentile(sorted, 50).toFixed(1).padStart(7)} ${percentile(sorted, 99).toFixed(1).padStart(7)} ${String(f.refused).padStart(5)} ${String(f.serverErrors).padStart(5)} ${String(f.noAnswer).padStart(9)}`);
  }
  console.log(`\n${total} requests in ${elapsed.toFixed(0)} s (${(total / elapsed).toFixed(0)} req/s), ${failures} 5xx or unanswered`);
  for (const line of serverErrors) console.log(`  ${line}`);
  await server.stop();
  await seeded.cleanUp();
  process.exitCode = failures === 0 ? 0 : 1;
}

void main();
