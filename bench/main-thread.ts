/**
 * npm run bench:main-thread: what holds a phone's main thread on a ride link's first visit, task by
 * task. Seeds a group and a ride (as bench:lighthouse does), starts the server as npm start runs it,
 * loads the ride's page as a first visit in Chromium with the CPU slowed 4x (Lighthouse's phone
 * profile), records a trace and a CPU profile together, and prints every task over 50 ms after the
 * first contentful paint with what ran in it: the trace's event kinds (style, layout, script) and
 * the app's functions by inclusive time, read through the build's source maps. Also prints a
 * TBT-like sum (each task's time over 50 ms, after FCP) to compare builds in one sitting.
 * Build with source maps first: `npx vite build --sourcemap`. MAIN_THREAD_PAGE=home loads / instead;
 * MAIN_THREAD_RUNS (default 2: the first warms the server and is not printed); MAIN_THREAD_RATE (4);
 * MAIN_THREAD_LOCALE=it-IT a browser asking for Italian. MT_TOP (6) functions per task; MT_BY_FILE=1 each
 * task's own time by source file or package.
 * Not part of npm test: benchmarks measure, tests never time things.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { SourceMapConsumer } from 'source-map';
import { seed } from './lighthouse';
import { freePort } from '../src/server/test/free-port';
import { startOneProcessServer } from './server-command';

interface TraceEvent { name: string; ph: string; ts: number; dur?: number; pid: number; tid: number }
interface ProfileNode { id: number; callFrame: { url: string; lineNumber: number; columnNumber: number; functionName: string }; children?: number[] }

const maps = new Map<string, SourceMapConsumer | null>();

/** "name src/web/...:line" for a frame of the build, through its source map. */
async function frameName(node: ProfileNode, origin: string): Promise<string> {
  const { url, lineNumber, columnNumber, functionName } = node.callFrame;
  if (!url.includes('/assets/')) return functionName ? `(${functionName})` : url || '?';
  const file = path.join('dist/web', new URL(url).pathname);
  if (!maps.has(file)) maps.set(file, fs.existsSync(`${file}.map`) ? await new SourceMapConsumer(JSON.parse(fs.readFileSync(`${file}.map`, 'utf8'))) : null);
  const map = maps.get(file);
  if (!map) return `${functionName}@${url.replace(origin, '')}`;
  const original = map.originalPositionFor({ line: lineNumber + 1, column: columnNumber });
  return `${original.name ?? functionName} ${(original.source ?? '').replace(/.*node_modules\//, 'nm/').replace(/^(\.\.\/)+/, '')}:${original.line}`;
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-main-thread-'));
  const { ridePath } = await seed(dataDir);
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = await startOneProcessServer(dataDir, port, origin);
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: process.getuid?.() === 0 ? ['--no-sandbox'] : [] });
  const target = process.env.MAIN_THREAD_PAGE === 'home' ? '/' : ridePath;
  try {
    const runs = Number(process.env.MAIN_THREAD_RUNS ?? 2);
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, serviceWorkers: 'block', ...(process.env.MAIN_THREAD_LOCALE ? { locale: process.env.MAIN_THREAD_LOCALE } : {}) });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(process.env.MAIN_THREAD_RATE ?? 4) });
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      const events: TraceEvent[] = [];
      cdp.on('Tracing.dataCollected', (data) => events.push(...(data.value as unknown as TraceEvent[])));
      const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
      await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline', transferMode: 'ReportEvents' });
      await cdp.send('Profiler.start');
      await page.goto(origin + target, { waitUntil: 'load' });
      // The page's own work after the load (its data, the parts mounted after the paint, the welcome).
      await page.waitForTimeout(4000);
      const { profile } = await cdp.send('Profiler.stop');
      await cdp.send('Tracing.end');
      await complete;
      await context.close();
      if (run === 0) continue;
      const renderer = events.findLast((e) => e.name === 'ParseHTML')?.pid;
      const navigation = events.find((e) => e.name === 'navigationStart')?.ts ?? 0;
      const fcp = events.find((e) => e.name === 'firstContentfulPaint')?.ts ?? navigation;
      const tasks = events.filter((e) => e.name === 'RunTask' && e.ph === 'X' && e.pid === renderer && e.ts >= fcp);
      const long = tasks.filter((e) => e.dur! > 50_000);
      const blocking = long.reduce((sum, e) => sum + e.dur! / 1000 - 50, 0);
      console.log(`\nrun ${run}: first contentful paint at ${((fcp - navigation) / 1000).toFixed(0)} ms; after it ${long.length} tasks over 50 ms, ${blocking.toFixed(0)} ms over 50 ms in all, main thread busy ${(tasks.reduce((sum, e) => sum + e.dur! / 1000, 0)).toFixed(0)} ms`);
      const nodes = new Map((profile.nodes as ProfileNode[]).map((node) => [node.id, node]));
      const parent = new Map<number, number>();
      for (const node of nodes.values()) for (const child of node.children ?? []) parent.set(child, node.id);
      const times: number[] = [];
      let at = profile.startTime;
      for (const delta of profile.timeDeltas ?? []) times.push((at += delta));
      for (const task of long) {
        const inside = (profile.samples ?? []).filter((_, i) => times[i]! >= task.ts && times[i]! <= task.ts + task.dur!);
        const perSample = inside.length ? task.dur! / 1000 / inside.length : 0;
        const kinds = new Map<string, number>();
        for (const e of events) {
          if (e.ph !== 'X' || e === task || e.pid !== task.pid || e.tid !== task.tid || e.ts < task.ts || e.ts + (e.dur ?? 0) > task.ts + task.dur!) continue;
          if (['UpdateLayoutTree', 'Layout', 'Paint', 'PrePaint', 'ParseHTML', 'v8.evaluateModule', 'FunctionCall', 'TimerFire', 'EventDispatch', 'MinorGC', 'MajorGC'].includes(e.name)) kinds.set(e.name, (kinds.get(e.name) ?? 0) + e.dur! / 1000);
        }
        const inclusive = new Map<string, number>();
        for (const id of inside) {
          const seen = new Set<string>();
          for (let node: number | undefined = id; node !== undefined; node = parent.get(node)) {
            const name = await frameName(nodes.get(node)!, origin);
            if (!name.includes('src/') || seen.has(name)) continue;
            seen.add(name);
            inclusive.set(name, (inclusive.get(name) ?? 0) + 1);
          }
        }
        console.log(`task at ${((task.ts - navigation) / 1000).toFixed(0)} ms, ${(task.dur! / 1000).toFixed(0)} ms: ${[...kinds].sort((a, b) => b[1] - a[1]).slice(0, 5).map(([kind, ms]) => `${kind} ${ms.toFixed(0)}`).join(', ')}`);
        // MT_BY_FILE=1: each task's own time (self samples) by the source file or package it ran in.
        if (process.env.MT_BY_FILE) {
          const byFile = new Map<string, number>();
          for (const id of inside) {
            const name = await frameName(nodes.get(id)!, origin);
            const file = (name.split(' ')[1] ?? name).replace(/:\d+$/, '').replace(/^nm\/((@[^/]+\/)?[^/]+).*/, '$1');
            byFile.set(file, (byFile.get(file) ?? 0) + 1);
          }
          console.log(`  by file: ${[...byFile].sort((a, b) => b[1] - a[1]).slice(0, 12).map(([file, n]) => `${file} ${(n * perSample).toFixed(0)}`).join(', ')}`);
        }
        for (const [name, samples] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.MT_TOP ?? 6))) console.log(`  ${(samples * perSample).toFixed(0).padStart(5)} ms  ${name}`);
      }
    }
  } finally {
    await browser.close();
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
