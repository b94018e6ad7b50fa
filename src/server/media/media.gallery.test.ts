import fs from 'node:fs';
import crypto from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { buildSignedInUser, createTestApp, type TestApp, type TestClient } from '../test/test-app';
import { MEDIA_MAX_BYTES } from '../../shared/media/limits';
import { parseGpx } from '../../shared/gpx/gpx';
import * as helpers from './media.test-helpers';
import { expectServedJpeg, fileOf, gpxFixture, multipartBody, PHOTO, photoItemOf, postMultipart, storedPathOf, syntheticMp4, type Part } from './media.test-helpers';

let t: TestApp;
let rider: { client: TestClient; user: { id: string; userId: string } };
beforeAll(async () => {
  t = await createTestApp();
  rider = await buildSignedInUser(t);
});
afterAll(async () => t.close());

const UNSUPPORTED = { message: 'Please upload GIF, JPEG, PNG, MP4, or GPX files only.', code: 'media_type_unsupported' };
const TOO_LARGE = { message: 'Please upload files smaller than 50MB.', code: 'gallery_file_too_large' };

const upload = (parts: Part[], options: { cutOffAfter?: number } = {}, client: TestClient = rider.client) => postMultipart(t, '/api/media', client, parts, options);
const nothingLeft = (run: () => Promise<LightMyRequestResponse>) => helpers.expectNothingLeftBehind(t, run);
const fetchFile = (url: string, headers: Record<string, string> = {}) => helpers.fetchFile(t, url, headers);
const description = (text: string): Part => ({ name: 'description', value: text });

describe('POST /api/media: gallery images', () => {
  it('stores the GPS-tagged photo in the rider’s gallery with every metadata block gone, at full size, with a thumbnail', async () => {
    const original = await sharp(PHOTO).metadata();
    // The fixture's EXIF points at a GPS block (tag 0x8825, in either byte order).
    expect(original.exif!.includes(Buffer.from([0x88, 0x25])) || original.exif!.includes(Buffer.from([0x25, 0x88]))).toBe(true);

    const item = photoItemOf(await upload([description('Coffee stop at the pass'), fileOf(PHOTO, 'DSCN0010.jpg')]), {
      description: 'Coffee stop at the pass',
      associatedType: 'profile',
      associatedId: rider.user.id,
      gpx: null,
      abilities: { edit: true, delete: true },
    });
    expect(item.thumbnailUrl).toMatch(/^\/media\/files\/[a-f0-9]+\.thumb\.jpg$/);

    const { meta } = await expectServedJpeg(t, item, { width: original.width, height: original.height });
    expect(meta.icc).toBeUndefined();

    const thumbnail = await fetchFile(item.thumbnailUrl);
    expect(thumbnail.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(thumbnail.rawPayload).metadata()).width).toBeLessThanOrEqual(320);
  });

  it('keeps a PNG a PNG, and an animated GIF animated, without their metadata', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 4, background: { r: 10, g: 200, b: 30, alpha: 0.5 } } })
      .png()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-place' } } })
      .toBuffer();
    const pngItem = (await upload([fileOf(png, 'screen.png', 'image/png')])).json();
    expect(pngItem).toMatchObject({ mimeType: 'image/png', fileType: 'image' });
    const storedPng = (await fetchFile(pngItem.url)).rawPayload;
    expect(await sharp(storedPng).metadata()).toMatchObject({ format: 'png', width: 40, height: 30, hasAlpha: true });
    expect(storedPng.includes(Buffer.from('secret-place'))).toBe(false);

    const frames = await Promise.all(['#ff0000', '#00ff00', '#0000ff'].map((c) => sharp({ create: { width: 20, height: 20, channels: 3, background: c } }).png().toBuffer()));
    const animated = await sharp(frames, { join: { animated: true } }).gif({ delay: [100, 100, 100], loop: 0 }).toBuffer();
    expect((await sharp(animated, { animated: true }).metadata()).pages).toBe(3);
    const gifItem = (await upload([fileOf(animated, 'wave.gif', 'image/gif')])).json();
    expect(gifItem).toMatchObject({ mimeType: 'image/gif', fileType: 'image' });
    const storedGif = await sharp((await fetchFile(gifItem.url)).rawPayload, { animated: true }).metadata();
    expect(storedGif).toMatchObject({ format: 'gif', pages: 3 });
  });
});

describe('POST /api/media: videos', () => {
  it('stores an MP4 whatever the browser calls it, with the location boxes blanked in place and the video data untouched', async () => {
    const { file, location, mdat } = syntheticMp4();
    expect(file.includes(Buffer.from(location))).toBe(true);
    const res = await upload([fileOf(file, 'IMG_0042.MP4', 'application/octet-stream')]);
    expect(res.statusCode).toBe(201);
    const item = res.json();
    expect(item).toMatchObject({ fileType: 'video', mimeType: 'video/mp4', size: file.length, thumbnailUrl: null, originalName: 'IMG_0042.MP4' });
    expect(item.url).toMatch(/\.mp4$/);

    const served = await fetchFile(item.url);
    expect(served.headers['content-type']).toBe('video/mp4');
    const stored = served.rawPayload;
    expect(stored.length).toBe(file.length);
    expect(stored.includes(Buffer.from(location))).toBe(false);
    expect(stored.includes(Buffer.from('\u00a9xyz', 'latin1'))).toBe(false);
    expect(stored.includes(Buffer.from('loci'))).toBe(false);
    expect(stored.includes(Buffer.from('LOCI-PLACE'))).toBe(false);
    expect(stored.includes(Buffer.from('GPSLatitude'))).toBe(false);
    // Sizes and offsets unchanged: the media data sits where it was, byte for byte; the movie is still there.
    expect(stored.subarray(stored.length - mdat.length).equals(mdat)).toBe(true);
    expect(stored.subarray(0, 4).equals(file.subarray(0, 4))).toBe(true);
    expect(stored.includes(Buffer.from('moov'))).toBe(true);
    expect(stored.includes(Buffer.from('mvhd'))).toBe(true);
  });

  it('answers Range requests on a video, so it can be seeked', async () => {
    const { file } = syntheticMp4(256 * 1024);
    const item = (await upload([fileOf(file, 'ride.mp4', 'video/mp4')])).json();
    const whole = (await fetchFile(item.url)).rawPayload;
    const res = await fetchFile(item.url, { range: 'bytes=100000-100099' });
    expect(res.statusCode).toBe(206);
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['content-type']).toBe('video/mp4');
    expect(res.headers['content-range']).toBe(`bytes 100000-100099/${file.length}`);
    expect(res.rawPayload.equals(whole.subarray(100000, 100100))).toBe(true);
    const open = await fetchFile(item.url, { range: 'bytes=200000-' });
    expect(open.statusCode).toBe(206);
    expect(open.rawPayload.length).toBe(file.length - 200000);
  });

  it('refuses HEIF images and broken ISO files that only look like MP4 at the start', async () => {
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic\0\0\0\0mif1heic', 'latin1'), crypto.randomBytes(2000)]);
    const heif = await nothingLeft(() => upload([fileOf(heic, 'photo.mp4', 'video/mp4')]));
    expect(heif.statusCode).toBe(415);
    expect(heif.json()).toEqual(UNSUPPORTED);

    const { file } = syntheticMp4();
    const broken = Buffer.from(file.subarray(0, 200));
    broken.writeUInt32BE(0x7fffffff, 40); // a box claiming far more bytes than the file has
    const res = await nothingLeft(() => upload([fileOf(broken, 'broken.mp4', 'video/mp4')]));
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual(UNSUPPORTED);
  });
});

describe('POST /api/media: GPX files', () => {
  const valid = fs.readdirSync(`${helpers.FIXTURES}/gpx`).filter((f) => !['togeojson-bad.gpx', 'togeojson-empty_trk.gpx'].includes(f));

  it.each(valid)('stores %s with its parsed summary, whatever the browser says its type is', async (name) => {
    const bytes = gpxFixture(name);
    const res = await upload([fileOf(bytes, name, name.includes('strava') ? 'text/plain' : 'application/octet-stream')]);
    expect(res.statusCode).toBe(201);
    const item = res.json();
    const expected = parseGpx(bytes.toString('utf8'));
    expect(item).toMatchObject({ fileType: 'gpx', mimeType: 'application/gpx+xml', size: bytes.length, thumbnailUrl: null });
    expect(item.gpx).toEqual({ name: expected.name, bounds: expected.bounds, summary: expected.summary });

    const drawn = await rider.client.get(`/api/media/${item.id}/gpx`);
    expect(drawn.statusCode).toBe(200);
    expect(drawn.json().tracks.map((tr: { points: unknown[] }) => tr.points.length)).toEqual(expected.tracks.map((tr) => tr.points.length));
    expect(drawn.json().waypoints).toHaveLength(expected.waypoints.length);

    // The uploader downloads exactly what they uploaded (others get it trimmed: gpx-privacy.test.ts).
    const served = await helpers.fetchFileAs(t, rider.client, item.url);
    expect(served.rawPayload.equals(bytes)).toBe(true);
    expect(served.headers['content-type']).toBe('application/gpx+xml');
    expect(served.headers['content-disposition']).toMatch(/^attachment; filename="/);
  });

  it('keeps every point in the summary of a very long track, and a simplified line for the map', async () => {
    const points = Array.from({ length: 30_000 }, (_, i) => `<trkpt lat="${(44 + i * 0.00005).toFixed(6)}" lon="${(11 + Math.sin(i / 300) * 0.02).toFixed(6)}"><ele>${200 + (i % 80)}</ele><time>${new Date(Date.UTC(2026, 5, 1) + i * 1000).toISOString()}</time></trkpt>`).join('\n');
    const text = `<?xml version="1.0"?><gpx version="1.1" creator="test"><trk><name>Long day</name><trkseg>${points}</trkseg></trk></gpx>`;
    const item = (await upload([fileOf(Buffer.from(text), 'long-day.gpx', 'application/gpx+xml')])).json();
    expect(item.gpx.summary).toMatchObject({ pointCount: 30_000, durationSeconds: 29_999 });
    const drawn = (await rider.client.get(`/api/media/${item.id}/gpx`)).json();
    expect(drawn.tracks[0].points.length).toBeLessThanOrEqual(5000);
    expect(drawn.tracks[0].points.length).toBeGreaterThan(100);
    expect(drawn.summary.pointCount).toBe(30_000);
  });

  it("refuses bad.gpx (no usable coordinates) with 'Invalid GPX file format', and leaves nothing behind", async () => {
    const res = await nothingLeft(() => upload([fileOf(gpxFixture('togeojson-bad.gpx'), 'bad.gpx')]));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Invalid GPX file format' });
  });

  it("refuses an empty track and an empty file with 'Empty GPX file'", async () => {
    const emptyTrack = await nothingLeft(() => upload([fileOf(gpxFixture('togeojson-empty_trk.gpx'), 'empty_trk.gpx')]));
    expect(emptyTrack.statusCode).toBe(400);
    expect(emptyTrack.json()).toMatchObject({ message: 'Empty GPX file' });
    const emptyFile = await nothingLeft(() => upload([fileOf(Buffer.alloc(0), 'nothing.gpx', 'application/gpx+xml')]));
    expect(emptyFile.statusCode).toBe(400);
    expect(emptyFile.json()).toMatchObject({ message: 'Empty GPX file' });
  });

  it("refuses malformed XML with 'Invalid GPX file format'", async () => {
    const res = await nothingLeft(() => upload([fileOf(Buffer.from('<?xml version="1.0"?><gpx><trk><trkseg><trkpt lat="1" lon="2"></trk></gpx>'), 'broken.gpx')]));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Invalid GPX file format' });
  });

  it('refuses a billion-laughs file and an external entity at their DOCTYPE, expanding and fetching nothing', async () => {
    const levels = Array.from({ length: 12 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i};`.repeat(10)}">`).join('\n');
    const bomb = `<?xml version="1.0"?>\n<!DOCTYPE gpx [\n<!ENTITY lol0 "lol">\n${levels}\n]>\n<gpx version="1.1"><wpt lat="1" lon="2"><name>&lol12;</name></wpt></gpx>`;
    const heapBefore = process.memoryUsage().heapUsed;
    const laughs = await nothingLeft(() => upload([fileOf(Buffer.from(bomb), 'lol.gpx', 'application/gpx+xml')]));
    expect(laughs.statusCode).toBe(400);
    expect(laughs.json()).toMatchObject({ message: 'Invalid GPX file format' });
    // Expanded, &lol12; would be 10^12 times "lol": nothing close to that was ever built.
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(100 * 1024 * 1024);

    const xxe = '<?xml version="1.0"?><!DOCTYPE gpx [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><gpx><wpt lat="1" lon="2"><name>&xxe;</name></wpt></gpx>';
    const external = await nothingLeft(() => upload([fileOf(Buffer.from(xxe), 'xxe.gpx')]));
    expect(external.statusCode).toBe(400);
    expect(JSON.stringify(external.json())).not.toContain('root:');
  });
});

describe('POST /api/media: refused files', () => {
  it.each([
    ['HTML named .png', Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>'), 'evil.png', 'image/png'],
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'logo.svg', 'image/svg+xml'],
    ['an SVG with a doctype', Buffer.from('<?xml version="1.0"?><!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x"><svg/>'), 'logo.gpx', 'application/gpx+xml'],
    ['a KML file', Buffer.from('<?xml version="1.0"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document/></kml>'), 'ride.kml', 'application/xml'],
    ['a PDF', Buffer.concat([Buffer.from('%PDF-1.7\n'), crypto.randomBytes(500)]), 'doc.pdf', 'application/pdf'],
    ['plain text named .jpg', Buffer.from('just some words\n'.repeat(40)), 'photo.jpg', 'image/jpeg'],
  ])('answers 415 with the spec’s message for %s', async (_what, data, filename, type) => {
    const res = await nothingLeft(() => upload([fileOf(data, filename, type)]));
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual(UNSUPPORTED);
  });

  it('answers 413 past 50 MB with the spec’s message, cutting the stream at the limit and leaving no file and no row, wherever the fields are', async () => {
    const big = Buffer.concat([PHOTO, Buffer.alloc(MEDIA_MAX_BYTES + 1 - PHOTO.length)]);
    const first = await nothingLeft(() => upload([{ name: 'associatedType', value: 'profile' }, fileOf(big, 'huge.jpg')]));
    expect(first.statusCode).toBe(413);
    expect(first.json()).toEqual(TOO_LARGE);
    const fieldsAfter = await nothingLeft(() => upload([fileOf(big, 'huge.jpg'), description('too big')]));
    expect(fieldsAfter.statusCode).toBe(413);
    expect(fieldsAfter.json()).toEqual(TOO_LARGE);
  });

  it('leaves nothing behind when a gallery upload is cut off', async () => {
    const { file } = syntheticMp4(512 * 1024);
    const parts = [description('cut'), fileOf(file, 'cut.mp4', 'video/mp4')];
    const whole = multipartBody(parts).payload.length;
    const res = await nothingLeft(() => upload(parts, { cutOffAfter: whole - 100_000 }));
    expect(res.statusCode).toBe(400);
  });

  it('names the field when a description is too long', async () => {
    const res = await nothingLeft(() => upload([description('x'.repeat(1001)), fileOf(PHOTO)]));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/description/);
  });
});

describe('deleting media', () => {
  it('removes the row, the file and its thumbnail', async () => {
    const item = (await upload([fileOf(PHOTO, 'gone.jpg')])).json();
    const files = [storedPathOf(t, item.url), storedPathOf(t, item.thumbnailUrl)];
    expect(files.every((f) => fs.existsSync(f))).toBe(true);
    const res = await rider.client.request('DELETE', `/api/media/${item.id}`);
    expect(res.statusCode).toBe(200);
    expect(files.some((f) => fs.existsSync(f))).toBe(false);
    expect((await fetchFile(item.url)).statusCode).toBe(404);
    expect((await rider.client.get(`/api/media/${item.id}`)).statusCode).toBe(404);
    expect((await rider.client.request('DELETE', `/api/media/${item.id}`)).statusCode).toBe(404);
  });

  it('clears the avatar that showed the deleted file', async () => {
    const avatar = (
      await upload([
        { name: 'associatedType', value: 'user_avatar' },
        { name: 'associatedId', value: rider.user.id },
        fileOf(PHOTO),
      ])
    ).json();
    expect((await rider.client.get('/api/users/current')).json().profileImageUrl).toBe(avatar.url);
    await rider.client.request('DELETE', `/api/media/${avatar.id}`);
    expect((await rider.client.get('/api/users/current')).json().profileImageUrl).toBeNull();
  });
});
