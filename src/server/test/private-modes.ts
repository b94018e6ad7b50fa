import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';

/**
 * Whether the unprivileged user `nobody` can read a file (cat) or list a folder (ls). The tests run
 * as root, who reads anything, so a mode is proven by a read as another user. Null where that
 * cannot be tried (not root, no runuser): the caller then checks the modes alone.
 */
export function nobodyCanRead(target: string): boolean | null {
  if (!readsAsNobodyWork()) return null;
  const command = fs.statSync(target).isDirectory() ? 'ls' : 'cat';
  return spawnSync('runuser', ['-u', 'nobody', '--', command, target], { stdio: 'ignore' }).status === 0;
}

/** Whether this process can read as nobody: it runs as root and runuser is installed (so here). */
export function readsAsNobodyWork(): boolean {
  return process.getuid?.() === 0 && !spawnSync('runuser', ['--version'], { stdio: 'ignore' }).error;
}

/**
 * Runs `read` with every folder from `root` down to the one holding `target` opened for traversal
 * (x for group and others), as an operator might have left them, so that what `read` finds depends
 * on `target`'s own mode alone; the folders' modes are put back afterwards. Folders above `root`
 * are left as they are (the system's temp folder lets anyone through).
 */
export function withPathOpenedUp<T>(root: string, target: string, read: () => T): T {
  const top = path.resolve(root);
  const folders: string[] = [];
  for (let at = path.dirname(path.resolve(target)); at === top || at.startsWith(`${top}${path.sep}`); at = path.dirname(at)) folders.push(at);
  const modes = folders.map((folder) => fs.statSync(folder).mode & 0o7777);
  folders.forEach((folder, i) => fs.chmodSync(folder, modes[i]! | 0o011));
  try {
    return read();
  } finally {
    folders.forEach((folder, i) => fs.chmodSync(folder, modes[i]!));
  }
}

/**
 * `target` is 0600 (a file) or 0700 (a folder), and `nobody` cannot read or list it even with the
 * folders above it, up to `root`, open.
 */
export function expectPrivate(target: string, root: string): void {
  const isDirectory = fs.statSync(target).isDirectory();
  expect({ target, mode: (fs.statSync(target).mode & 0o777).toString(8) }).toEqual({ target, mode: isDirectory ? '700' : '600' });
  const readable = withPathOpenedUp(root, target, () => nobodyCanRead(target));
  if (readable !== null) expect({ target, readableByNobody: readable }).toEqual({ target, readableByNobody: false });
}

/** Every file and folder under `root` (root included), symbolic links left out. */
export function everythingUnder(root: string): string[] {
  const found = [root];
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (entry.isFile() || entry.isDirectory()) found.push(path.join(entry.parentPath, entry.name));
  }
  return found;
}
