import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { describeFileStorageContract } from './storage.contract';
import { createLocalStorage } from './storage';
import { StartupError } from './errors';

describeFileStorageContract('local disk', async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-storage-'));
  return { storage: createLocalStorage(root), close: async () => fs.rmSync(root, { recursive: true, force: true }) };
});

it('stops the start with one clear line when the media folder cannot be made', async () => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'rc-storage-')), 'not-a-folder');
  fs.writeFileSync(file, '');
  const storage = createLocalStorage(path.join(file, 'media'));
  await expect(storage.checkAccess()).rejects.toThrow(StartupError);
  await expect(storage.checkAccess()).rejects.toThrow(/^cannot store files in .*not-a-folder\/media: ENOTDIR/);
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
});
