import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { contentDisposition, parseRange } from './media.serving';
import { sniffFileType } from './media.sniff';
import { cleanOriginalName } from './media.upload';
import { createLocalStorage, isStorageKey } from '../platform/storage';

describe('sniffFileType', () => {
  it.each([
    ['JPEG', [0xff, 0xd8, 0xff, 0xe0], 'image/jpeg'],
    ['PNG', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'image/png'],
    ['GIF', [0x47, 0x49, 0x46, 0x38, 0x39, 0x61], 'image/gif'],
  ])('knows %s by its magic number', (_name, bytes, mimeType) => {
    expect(sniffFileType(Buffer.from(bytes))).toMatchObject({ fileType: 'image', mimeType });
  });

  it('knows nothing else', () => {
    expect(sniffFileType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffFileType(Buffer.from([0xff, 0xd8]))).toBeNull();
    expect(sniffFileType(Buffer.alloc(0))).toBeNull();
  });
});

describe('parseRange', () => {
  it.each([
    [undefined, null],
    ['bytes=0-9', { start: 0, end: 9 }],
    ['bytes=90-', { start: 90, end: 99 }],
    ['bytes=90-500', { start: 90, end: 99 }],
    ['bytes=-10', { start: 90, end: 99 }],
    ['bytes=-500', { start: 0, end: 99 }],
    ['bytes=100-', 'unsatisfiable'],
    ['bytes=-0', 'unsatisfiable'],
    ['bytes=9-3', null],
    ['bytes=0-1,5-6', null],
    ['items=0-9', null],
    ['bytes=-', null],
  ] as const)('%s of 100 bytes -> %j', (header, expected) => {
    expect(parseRange(header, 100)).toEqual(expected);
  });
});

describe('contentDisposition', () => {
  it('keeps a plain name', () => {
    expect(contentDisposition('ride.jpg')).toBe(`inline; filename="ride.jpg"; filename*=UTF-8''ride.jpg`);
  });
  it('never lets quotes, backslashes, line breaks or non-ASCII into the plain name', () => {
    const value = contentDisposition('a"b\\c\r\nSet-Cookie: x=1; é.jpg');
    const plain = /filename="([^"]*)"/.exec(value)![1]!;
    expect(plain).toMatch(/^[A-Za-z0-9._ ()-]+$/);
    expect(value).not.toMatch(/[\r\n]/);
    expect(value).toContain('filename*=UTF-8\'\'a%22b%5Cc%0D%0ASet-Cookie%3A%20x%3D1%3B%20%C3%A9.jpg');
  });
  it('does not offer a hidden or empty name', () => {
    expect(contentDisposition('..')).toMatch(/filename="file"/);
    expect(contentDisposition('.bashrc')).toMatch(/filename="bashrc"/);
  });
});

describe('cleanOriginalName', () => {
  it('keeps the last path segment, printable and bounded', () => {
    expect(cleanOriginalName('C:\\Users\\me\\avatar.jpg')).toBe('avatar.jpg');
    expect(cleanOriginalName('../../etc/passwd')).toBe('passwd');
    expect(cleanOriginalName('a\u0000b\nc.png')).toBe('abc.png');
    expect(cleanOriginalName('')).toBe('file');
    expect(cleanOriginalName('x'.repeat(400)).length).toBe(255);
  });
});

describe('local storage', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-storage-'));
  const storage = createLocalStorage(root);
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('accepts only flat, lower-case keys', () => {
    expect(isStorageKey('0123abcd.jpg')).toBe(true);
    expect(isStorageKey('0123abcd.thumb.jpg')).toBe(true);
    for (const bad of ['../x.jpg', 'a/b.jpg', '.tmp', 'ab', 'ABC.jpg', 'abc..jpg', 'abc.', '']) expect(isStorageKey(bad)).toBe(false);
    expect(() => storage.read('../escape')).toThrow();
  });

  it('stores buffers, streams and temp files, reads ranges, deletes', async () => {
    expect(await storage.put('aa01.bin', Buffer.from('hello world'))).toEqual({ size: 11 });
    await storage.put('aa02.bin', Readable.from([Buffer.from('stream'), Buffer.from('ed')]));
    const temp = await storage.createTempFile();
    fs.writeFileSync(temp.path, 'from temp');
    await storage.put('aa03.bin', temp);
    expect(fs.existsSync(temp.path)).toBe(false);
    await temp.discard();

    const read = async (key: string, range?: { start: number; end: number }) => Buffer.concat(await storage.read(key, range).toArray()).toString();
    expect(await read('aa01.bin', { start: 6, end: 10 })).toBe('world');
    expect(await read('aa02.bin')).toBe('streamed');
    expect(await read('aa03.bin')).toBe('from temp');
    expect(await storage.stat('aa03.bin')).toEqual({ size: 9 });

    await storage.delete('aa01.bin');
    await storage.delete('aa01.bin');
    expect(await storage.stat('aa01.bin')).toBeNull();
  });

  it('sweeps temp files left behind by a dead process', async () => {
    const temp = await storage.createTempFile();
    const old = new Date(Date.now() - 2 * 24 * 3600 * 1000);
    fs.utimesSync(temp.path, old, old);
    const fresh = await storage.createTempFile();
    expect(await storage.sweepTempFiles(24 * 3600 * 1000)).toBe(1);
    expect(fs.existsSync(fresh.path)).toBe(true);
    await fresh.discard();
  });
});
