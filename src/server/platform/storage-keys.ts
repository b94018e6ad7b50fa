import { Readable } from 'node:stream';
import type { TempFile } from './storage';

const KEY_PATTERN = /^[a-z0-9][a-z0-9_-]*(\.[a-z0-9_-]+)*$/;

/** Keys are flat, lower-case and free of path syntax, so no key can escape the storage root. */
export function isStorageKey(key: string): boolean {
  return key.length >= 3 && key.length <= 128 && KEY_PATTERN.test(key);
}

export function assertStorageKey(key: string): void {
  if (!isStorageKey(key)) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
}

export function isTempFile(body: Buffer | Readable | TempFile): body is TempFile {
  return !Buffer.isBuffer(body) && !(body instanceof Readable);
}
