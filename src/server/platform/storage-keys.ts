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

/** How many keys FileStorage.keys gives at a time (S3 lists at most 1,000 per request). */
export const KEYS_PAGE = 500;

/** A prefix of keys to list: two characters at least (the local store's folder), and nothing a key may not hold. */
export function assertKeyPrefix(prefix: string): void {
  if (!/^[a-z0-9][a-z0-9_.-]+$/.test(prefix)) throw new Error(`invalid storage key prefix: ${JSON.stringify(prefix)}`);
}

export function isTempFile(body: Buffer | Readable | TempFile): body is TempFile {
  return !Buffer.isBuffer(body) && !(body instanceof Readable);
}
