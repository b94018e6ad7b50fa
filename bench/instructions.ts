/**
 * npm run bench:instructions -- <path> [<path> ...]: CPU instructions one GET costs, counted by
 * valgrind (callgrind), for comparing two versions of the code on this noisy machine, where
 * wall-clock runs of npm run bench differ by 20% or more from one run to the next and instruction
 * counts by about 1%. Each path (e.g. /api/rides/upcoming, /api/rides/{ride}, /api/groups/{group}/rides)
 * runs twice under valgrind in bench/request-loop.ts, with the same warm-up (BENCH_WARM, 300) and
 * without or with BENCH_COUNT (300) measured requests; the difference divided by the count is one
 * request, without start-up.
 * Needs BENCH_DATA_DIR (a database kept by BENCH_KEEP=1 npm run bench); takes minutes per path.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
// V8 keeps compiling hot code during the first few hundred requests; a short warm-up counts that
// compiling too: after 30 warm-up requests a ride detail measured 6.1 M instructions per request
// over the next 150, and 2.4 M over the next 300.
const WARM = Number(process.env.BENCH_WARM ?? 300);
const COUNT = Number(process.env.BENCH_COUNT ?? 300);
const dataDir = process.env.BENCH_DATA_DIR;
if (!dataDir) throw new Error('Set BENCH_DATA_DIR to a database kept by BENCH_KEEP=1 npm run bench');
// V8 compiles and collects on threads of its own, and when their work lands depends on timing;
// on one thread the same code gives the same count run after run.
const NODE_FLAGS = ['--single-threaded', '--expose-gc'];
const loop = fileURLToPath(new URL('./request-loop.ts', import.meta.url));

/** Instructions valgrind counted for one run of the request loop. */
async function instructions(target: string, count: number): Promise<number> {
  const args = JSON.stringify({ dataDir, databaseUrl: process.env.BENCH_DATABASE_URL, path: target, warm: WARM, count });
  const { stderr } = await run('valgrind', ['--tool=callgrind', '--callgrind-out-file=/dev/null', process.execPath, ...NODE_FLAGS, '--import', 'tsx', loop, args], { maxBuffer: 1 << 24 });
  const collected = /Collected\s*:\s*([\d,]+)/.exec(stderr);
  if (!collected) throw new Error(`valgrind printed no count:\n${stderr.slice(-2000)}`);
  return Number(collected[1]!.replaceAll(',', ''));
}

for (const target of process.argv.slice(2)) {
  // Both runs at once: instruction counts do not depend on what else the machine is doing.
  const [base, measured] = await Promise.all([instructions(target, 0), instructions(target, COUNT)]);
  console.log(`${target.padEnd(40)} ${((measured - base) / COUNT / 1e6).toFixed(2)} M instructions per request`);
}
