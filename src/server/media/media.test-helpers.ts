import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp, TestClient } from '../test/test-app';
import { mediaItemSchema } from '../../shared/media/media-item';

/** Helpers shared by the media API tests (not a test file itself). */

export const FIXTURES = path.resolve('test-data/fixtures');
export const PHOTO = fs.readFileSync(path.join(FIXTURES, 'images/exif-gps-DSCN0010.jpg'));
export const gpxFixture = (name: string) => fs.readFileSync(path.join(FIXTURES, 'gpx', name));

export type Part = { name: string; value: string } | { name: string; filename: string; type?: string; data: Buffer };

/** A multipart body built by hand, so tests control the order of parts and can cut it off. */
export function multipartBody(parts: Part[], options: { cutOffAfter?: number } = {}) {
  const boundary = `----rc-test-${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('data' in part) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type ?? 'application/octet-stream'}\r\n\r\n`,
        ),
        part.data,
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  let payload = Buffer.concat(chunks);
  if (options.cutOffAfter !== undefined) payload = payload.subarray(0, options.cutOffAfter);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Posts a multipart body; an upload's 2xx answer must parse as the shared media item schema (the contract). */
export async function postMultipart(t: TestApp, url: string, client: TestClient | null, parts: Part[], options: { cutOffAfter?: number } = {}): Promise<LightMyRequestResponse> {
  const { payload, contentType } = multipartBody(parts, options);
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': contentType, ...(client?.cookie ? { cookie: client.cookie } : {}) },
    payload,
  });
  if (url === '/api/media' && res.statusCode < 300) mediaItemSchema.parse(res.json());
  return res;
}

/** A GPX file of about `bytes` bytes (GPX files are kept byte for byte, so its size is what counts). */
export function gpxOfSize(bytes: number): Buffer {
  const head = '<?xml version="1.0"?><gpx version="1.1" creator="test"><trk><trkseg>';
  const tail = '</trkseg></trk></gpx>';
  const point = (i: number) => `<trkpt lat="${(45 + (i % 1000) * 0.0001).toFixed(4)}" lon="${(7 + Math.floor(i / 1000) * 0.0001).toFixed(4)}"/>\n`;
  let body = '';
  for (let i = 0; head.length + body.length + tail.length < bytes; i++) body += point(i);
  return Buffer.from(head + body + tail);
}

export const fileOf = (data: Buffer, filename = 'avatar.jpg', type = 'image/jpeg'): Part => ({ name: 'file', filename, type, data });

/** Every file under DATA_DIR/media, temp files included. */
export function storedFiles(t: TestApp): string[] {
  const root = path.join(t.config.dataDir, 'media');
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

/** The stored file behind a served URL (/media/files/<key>). */
export function storedPathOf(t: TestApp, url: string): string {
  const key = url.split('/').pop()!;
  return path.join(t.config.dataDir, 'media', key.slice(0, 2), key);
}

export async function rowCount(t: TestApp, table: 'media' | 'media_files' | 'bug_reports'): Promise<number> {
  const row = await t.app.ctx.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Runs a request that must fail, and checks it left no file and no row behind. */
export async function expectNothingLeftBehind(t: TestApp, run: () => Promise<LightMyRequestResponse>): Promise<LightMyRequestResponse> {
  const filesBefore = storedFiles(t);
  const rowsBefore = [await rowCount(t, 'media'), await rowCount(t, 'media_files'), await rowCount(t, 'bug_reports')];
  const res = await run();
  expect(storedFiles(t)).toEqual(filesBefore);
  expect([await rowCount(t, 'media'), await rowCount(t, 'media_files'), await rowCount(t, 'bug_reports')]).toEqual(rowsBefore);
  return res;
}

export function fetchFile(t: TestApp, url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, headers });
}

/** PHOTO's upload answer: a 201 and the image item it made, with the fields of `fields` too. */
export function photoItemOf(res: LightMyRequestResponse, fields: Record<string, unknown>) {
  expect(res.statusCode, res.body).toBe(201);
  const item = res.json();
  expect(item).toMatchObject({ originalName: 'DSCN0010.jpg', mimeType: 'image/jpeg', fileType: 'image', ...fields });
  return item;
}

/** An uploaded image as served: every byte the item counts, a JPEG of `size`, no EXIF or XMP block left. */
export async function expectServedJpeg(t: TestApp, item: { url: string; size: number }, size: { width?: number; height?: number }) {
  const served = await fetchFile(t, item.url);
  expect(served.statusCode).toBe(200);
  expect(served.rawPayload.length).toBe(item.size);
  const meta = await sharp(served.rawPayload).metadata();
  expect(meta).toMatchObject({ format: 'jpeg', ...size });
  expect(meta.exif).toBeUndefined();
  expect(meta.xmp).toBeUndefined();
  expect(served.rawPayload.includes(Buffer.from('Exif'))).toBe(false);
  return { served, meta };
}

/** Reads a served file as a given client would (with its session cookie). */
export function fetchFileAs(t: TestApp, client: TestClient | null, url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, headers: { ...headers, ...(client?.cookie ? { cookie: client.cookie } : {}) } });
}

function box(type: string, ...children: Buffer[]): Buffer {
  const body = Buffer.concat(children);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
}

/**
 * A small, well-formed MP4 as phones write them: ftyp, a movie box whose user data holds the
 * QuickTime location atom ('©xyz') and a 3GPP 'loci' box, a track with its own 'udta', an XMP
 * 'uuid' box, and a media data box. Not a playable video (no codec data), but every box is where
 * a real file has it, which is all the metadata stripping reads.
 */
export function syntheticMp4(mdatBytes = 64 * 1024): { file: Buffer; location: string; mdat: Buffer } {
  const location = '+48.8577+002.2950+035.000/';
  const xyz = Buffer.concat([Buffer.from([0x00, location.length, 0x15, 0xc7]), Buffer.from(location, 'latin1')]);
  const loci = Buffer.concat([Buffer.alloc(4), Buffer.from('Home\0', 'latin1'), Buffer.from('LOCI-PLACE-48.8577,2.2950', 'latin1')]);
  const udta = box('udta', box('\u00a9xyz', xyz), box('loci', loci), box('\u00a9mak', Buffer.from('\0\u0005\0\0Apple', 'latin1')));
  const trak = box('trak', box('tkhd', Buffer.alloc(84)), box('udta', box('\u00a9xyz', xyz)));
  const xmpUuid = Buffer.from('be7acfcb97a942e89c71999491e3afac', 'hex');
  const xmp = box('uuid', xmpUuid, Buffer.from('<x:xmpmeta><exif:GPSLatitude>48,51.462N</exif:GPSLatitude></x:xmpmeta>', 'latin1'));
  const moov = box('moov', box('mvhd', Buffer.alloc(100)), trak, udta);
  const ftyp = box('ftyp', Buffer.from('isom', 'latin1'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2avc1mp41', 'latin1'));
  const mdat = crypto.randomBytes(mdatBytes);
  return { file: Buffer.concat([ftyp, box('free', Buffer.alloc(8)), moov, xmp, box('mdat', mdat)]), location, mdat };
}
