import fs from 'node:fs';
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * The arguments to run the server as `npm start` does: the Node.js flags of the start script
 * (package.json), then src/server/main.ts through tsx. The benches start the server with them, so
 * they measure it as it runs.
 */
export function serverArgs(): string[] {
  const pkg = JSON.parse(fs.readFileSync(fileURLToPath(new URL('../package.json', import.meta.url)), 'utf8')) as { scripts: { start: string } };
  const command = /\bnode ((?:--\S+ )*)--import tsx src\/server\/main\.ts/.exec(pkg.scripts.start);
  if (!command) throw new Error(`bench: cannot read the server's command in the start script: ${pkg.scripts.start}`);
  const flags = command[1]!.trim().split(/\s+/).filter(Boolean);
  return [...flags, '--import', 'tsx', fileURLToPath(new URL('../src/server/main.ts', import.meta.url))];
}

/**
 * The server as `npm start` runs it, in one process (WORKERS=1, so the pid is the process that
 * receives the requests), on a fresh data directory; resolves once it answers.
 */
export async function startOneProcessServer(dataDir: string, port: number, origin: string): Promise<ChildProcess> {
  const server = spawn(process.execPath, serverArgs(), {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: origin, LOG_LEVEL: 'warn', WORKERS: '1' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; ; i++) {
    try {
      await fetch(`${origin}/api/app-config`);
      return server;
    } catch {
      if (i > 100) {
        server.kill('SIGTERM');
        throw new Error('server did not start');
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}
