/**
 * The measured program of npm run bench:instructions: builds the app on a database seeded by
 * `npm run bench` (BENCH_KEEP=1), sends one GET through app.inject `warm` times, then `count` more
 * times, and exits. argv: JSON {dataDir, databaseUrl, path, warm, count}. It prints nothing: the
 * instructions it runs are counted from outside by valgrind.
 */
import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';

const { dataDir, databaseUrl, path: target, warm, count } = JSON.parse(process.argv[2] ?? '{}') as { dataDir: string; databaseUrl?: string; path: string; warm: number; count: number };
const seed = JSON.parse(fs.readFileSync(path.join(dataDir, 'bench-seed.json'), 'utf8')) as { token: string; rideId: string; groupId: string };
const app = await buildApp({ config: { ...loadConfig({ DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) }), webDir: null }, logger: false });
const url = target.replace('{ride}', seed.rideId).replace('{group}', seed.groupId);
const headers = { cookie: `rc_session=${seed.token}`, host: new URL(app.ctx.config.publicUrl).host };
async function send(times: number): Promise<void> {
  for (let i = 0; i < times; i++) {
    const res = await app.inject({ method: 'GET', url, headers });
    if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
  }
}
await send(warm);
// Both runs start the measured requests from the same collected heap (node --expose-gc).
(globalThis as { gc?: () => void }).gc?.();
await send(count);
await app.close();
