import crypto from 'node:crypto';
import fs from 'node:fs';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileStorage } from './storage';

export interface StorageUnderTest {
  storage: FileStorage;
  /** How many multipart parts the store has sent so far, for a store that uploads in parts. */
  partsUploaded?: () => number;
  close(): Promise<void>;
}

const key = (name: string) => `${crypto.randomBytes(8).toString('hex')}-${name}`;
const bytes = (length: number) => crypto.randomBytes(length);
const read = (storage: FileStorage, k: string, range?: { start: number; end: number }) => buffer(storage.read(k, range));

/** 12 MiB in 64 KiB chunks made on demand, so the test itself never holds the whole file either. */
function largeStream(): { stream: Readable; size: number; sha256: Promise<string> } {
  const chunk = 64 * 1024;
  const count = 192;
  const hash = crypto.createHash('sha256');
  let resolveHash: (digest: string) => void = () => {};
  const sha256 = new Promise<string>((resolve) => (resolveHash = resolve));
  const stream = Readable.from(
    (function* () {
      for (let i = 0; i < count; i++) {
        const part = crypto.randomBytes(chunk);
        hash.update(part);
        yield part;
      }
      resolveHash(hash.digest('hex'));
    })(),
  );
  return { stream, size: chunk * count, sha256 };
}

/**
 * What every FileStorage promises, run against each implementation (local disk, an S3-protocol
 * server), so media and bug reports behave the same whichever STORAGE_URL selects.
 */
export function describeFileStorageContract(name: string, setup: () => Promise<StorageUnderTest>): void {
  describe(`FileStorage contract: ${name}`, () => {
    let under: StorageUnderTest;
    let storage: FileStorage;
    beforeAll(async () => {
      under = await setup();
      storage = under.storage;
    });
    afterAll(async () => under?.close());

    it('finds at start that it can store files', async () => {
      await expect(storage.checkAccess()).resolves.toBeUndefined();
    });

    it('stores a buffer and gives back the same bytes and size', async () => {
      const k = key('buffer.jpg');
      const data = bytes(1000);
      expect(await storage.put(k, data)).toEqual({ size: 1000 });
      expect(await storage.stat(k)).toEqual({ size: 1000 });
      expect((await read(storage, k)).equals(data)).toBe(true);
      expect(storage.locate(k)).toContain(k);
    });

    it('stores a stream', async () => {
      const k = key('stream.bin');
      const parts = [bytes(10), bytes(70_000), bytes(3)];
      expect(await storage.put(k, Readable.from(parts))).toEqual({ size: 70_013 });
      expect((await read(storage, k)).equals(Buffer.concat(parts))).toBe(true);
    });

    it('stores a temp file, consuming it', async () => {
      const temp = await storage.createTempFile();
      const data = bytes(4096);
      fs.writeFileSync(temp.path, data);
      const k = key('temp.gpx');
      expect(await storage.put(k, temp)).toEqual({ size: 4096 });
      expect(fs.existsSync(temp.path)).toBe(false);
      await temp.discard();
      expect((await read(storage, k)).equals(data)).toBe(true);
    });

    it('reads byte ranges at the start, in the middle and at the end (a suffix range)', async () => {
      const k = key('video.mp4');
      const data = bytes(10_000);
      await storage.put(k, data);
      // Two bytes, not one: s3rver 3.7.1 reads `bytes=0-0` as the whole file (AWS S3 does not).
      expect((await read(storage, k, { start: 0, end: 1 })).equals(data.subarray(0, 2))).toBe(true);
      expect((await read(storage, k, { start: 0, end: 1023 })).equals(data.subarray(0, 1024))).toBe(true);
      expect((await read(storage, k, { start: 4000, end: 4999 })).equals(data.subarray(4000, 5000))).toBe(true);
      expect((await read(storage, k, { start: 9_900, end: 9_999 })).equals(data.subarray(9_900))).toBe(true);
    });

    it('knows no file under a missing key: stat is null and reading fails as not found', async () => {
      const k = key('missing.jpg');
      expect(await storage.stat(k)).toBeNull();
      await expect(read(storage, k)).rejects.toMatchObject({ code: 'ENOENT' });
      await expect(read(storage, k, { start: 0, end: 9 })).rejects.toMatchObject({ code: 'ENOENT' });
    });

    it('deletes a file, and deleting a missing one is no error', async () => {
      const k = key('gone.jpg');
      await storage.put(k, bytes(100));
      await storage.delete(k);
      expect(await storage.stat(k)).toBeNull();
      await expect(storage.delete(k)).resolves.toBeUndefined();
    });

    it('lists the keys under a prefix, a page at a time, and no others', async () => {
      const prefix = `lk${crypto.randomBytes(4).toString('hex')}-`;
      const listed = async (p: string) => {
        const pages: string[][] = [];
        for await (const page of storage.keys(p)) pages.push(page);
        return pages;
      };
      expect(await listed(prefix)).toEqual([]);
      const stored = Array.from({ length: 503 }, (_, i) => `${prefix}${String(i).padStart(3, '0')}.png`);
      for (const k of stored) await storage.put(k, bytes(4));
      await storage.put(`${prefix.slice(0, 2)}other.png`, bytes(4));
      const pages = await listed(prefix);
      expect(pages.length).toBeGreaterThan(1);
      expect(Math.max(...pages.map((page) => page.length))).toBeLessThanOrEqual(500);
      expect(pages.flat().sort()).toEqual(stored);
      await storage.delete(stored[0]!);
      expect((await listed(prefix)).flat()).not.toContain(stored[0]);
      await expect(listed('o')).rejects.toThrow(/invalid storage key prefix/);
    });

    it('overwrites a file under the same key', async () => {
      const k = key('again.jpg');
      await storage.put(k, bytes(5000));
      const second = bytes(300);
      expect(await storage.put(k, Readable.from([second]))).toEqual({ size: 300 });
      expect(await storage.stat(k)).toEqual({ size: 300 });
      expect((await read(storage, k)).equals(second)).toBe(true);
    });

    it('streams a large file (over 5 MiB, several parts) in and out intact', async () => {
      const k = key('large.mp4');
      const large = largeStream();
      const partsBefore = under.partsUploaded?.() ?? 0;
      expect(await storage.put(k, large.stream)).toEqual({ size: large.size });
      if (under.partsUploaded) expect(under.partsUploaded() - partsBefore).toBeGreaterThanOrEqual(2);
      expect(await storage.stat(k)).toEqual({ size: large.size });
      const hash = crypto.createHash('sha256');
      for await (const chunk of storage.read(k)) hash.update(chunk as Buffer);
      expect(hash.digest('hex')).toBe(await large.sha256);
      const tail = await read(storage, k, { start: large.size - 100, end: large.size - 1 });
      expect(tail.length).toBe(100);
    });

    it('stores nothing when the stream fails half-way', async () => {
      const k = key('broken.jpg');
      const failing = Readable.from(
        (async function* () {
          yield bytes(1000);
          throw new Error('client went away');
        })(),
      );
      await expect(storage.put(k, failing)).rejects.toThrow();
      expect(await storage.stat(k)).toBeNull();
    });

    it('refuses keys with path syntax', async () => {
      await expect(storage.put('../escape', bytes(1))).rejects.toThrow(/invalid storage key/);
      await expect(storage.stat('a/b/c')).rejects.toThrow(/invalid storage key/);
    });

    it('sweeps temp files older than the cutoff and keeps newer ones', async () => {
      const old = await storage.createTempFile();
      const fresh = await storage.createTempFile();
      const dayAgo = new Date(Date.now() - 24 * 3600 * 1000);
      fs.utimesSync(old.path, dayAgo, dayAgo);
      expect(await storage.sweepTempFiles(3600 * 1000)).toBeGreaterThanOrEqual(1);
      expect(fs.existsSync(old.path)).toBe(false);
      expect(fs.existsSync(fresh.path)).toBe(true);
      await fresh.discard();
    });
  });
}
