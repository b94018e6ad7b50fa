import fs from 'node:fs';
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
