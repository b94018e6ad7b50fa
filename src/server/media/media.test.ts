import path from 'node:path';
import crypto from 'node:crypto';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { buildSignedInUser, TestClient } from '../test/test-app';
import { AVATAR_MAX_BYTES, BACKGROUND_MAX_BYTES } from '../../shared/media/limits';
import * as helpers from './media.test-helpers';
import { fileOf, multipartBody, PHOTO, photoItemOf, postMultipart, type Part } from './media.test-helpers';
import { useTestApp } from '../test/use-test-app';


const t = useTestApp();

const upload = (client: TestClient, parts: Part[], options: { cutOffAfter?: number } = {}) => postMultipart(t, '/api/media', client, parts, options);
const storedFiles = () => helpers.storedFiles(t);
const expectNothingLeftBehind = (run: () => Promise<LightMyRequestResponse>) => helpers.expectNothingLeftBehind(t, run);
const fetchFile = (url: string, headers: Record<string, string> = {}) => helpers.fetchFile(t, url, headers);

const avatarFields = (id: string): Part[] => [
  { name: 'type', value: 'avatar' },
  { name: 'associatedType', value: 'user_avatar' },
  { name: 'associatedId', value: id },
  { name: 'description', value: 'Profile avatar' },
];
const backgroundFields = (id: string): Part[] => [
  { name: 'type', value: 'image' },
  { name: 'associatedType', value: 'user_background' },
  { name: 'associatedId', value: id },
];

describe('POST /api/media: avatar', () => {
  it('stores the photo re-encoded as a 200x200 JPEG without EXIF or GPS, serves it, and makes it the rider’s avatar', async () => {
    expect((await sharp(PHOTO).metadata()).exif).toBeDefined(); // the fixture does carry GPS in its EXIF
    const { client, user } = await buildSignedInUser(t);

    const item = photoItemOf(await upload(client, [...avatarFields(user.id), fileOf(PHOTO, 'DSCN0010.jpg')]), {
      description: 'Profile avatar',
      associatedType: 'user_avatar',
      associatedId: user.id,
    });
    expect(Object.keys(item).sort()).toEqual(
      ['abilities', 'associatedId', 'associatedType', 'belongsTo', 'createdAt', 'description', 'fileType', 'filename', 'gpx', 'id', 'mimeType', 'originalName', 'size', 'thumbnailUrl', 'url'].sort(),
    );
    expect(item.url).toMatch(/^\/media\/files\/[a-z0-9.]+\.jpg$/);

    const { served } = await helpers.expectServedJpeg(t, item, { width: 200, height: 200 });
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    // An uploaded file is sandboxed: its own policy replaces the app's.
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(served.headers['content-disposition']).toMatch(/^inline; filename="DSCN0010\.jpg"/);
    expect(served.headers['cache-control']).toMatch(/max-age=31536000/);

    const thumbnail = await fetchFile(item.thumbnailUrl);
    expect(thumbnail.statusCode).toBe(200);
    expect((await sharp(thumbnail.rawPayload).metadata()).exif).toBeUndefined();

    const me = (await client.get('/api/users/current')).json();
    expect(me.profileImageUrl).toBe(item.url);
  });

  it('accepts the browser’s own FormData, a PNG, and answers the same for fields sent after the file', async () => {
    const { client, user } = await buildSignedInUser(t);
    const png = await sharp({ create: { width: 300, height: 300, channels: 4, background: { r: 0, g: 0, b: 255, alpha: 0.5 } } }).png().toBuffer();
    const form = new FormData();
    form.append('file', new Blob([png], { type: 'image/png' }), 'avatar.png');
    form.append('type', 'avatar');
    form.append('associatedType', 'user_avatar');
    form.append('associatedId', user.id);
    const res = await t.app.inject({ method: 'POST', url: '/api/media', headers: { cookie: client.cookie! }, payload: form });
    expect(res.statusCode).toBe(201);
    const served = await fetchFile(res.json().url);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 200, height: 200 });
    expect(served.headers['content-disposition']).toMatch(/^inline; filename="avatar\.jpg"/);
  });

  it('answers 401 to a visitor without a session, and stores nothing', async () => {
    const res = await expectNothingLeftBehind(() => upload(new TestClient(t.app), [...avatarFields('someone'), fileOf(PHOTO)]));
    expect(res.statusCode).toBe(401);
  });

  it('answers 404 for another rider’s id, whether the fields come before or after the file', async () => {
    const { client } = await buildSignedInUser(t);
    const other = await buildSignedInUser(t);
    const before = await expectNothingLeftBehind(() => upload(client, [...avatarFields(other.user.id), fileOf(PHOTO)]));
    expect(before.statusCode).toBe(404);
    const after = await expectNothingLeftBehind(() => upload(client, [fileOf(PHOTO), ...avatarFields(other.user.id)]));
    expect(after.statusCode).toBe(404);
    expect((await other.client.get('/api/users/current')).json().profileImageUrl).toBeNull();
  });

  it('answers 415 for text named .png and for broken image bytes, judging the bytes, not the name', async () => {
    const { client, user } = await buildSignedInUser(t);
    const text = await expectNothingLeftBehind(() => upload(client, [...avatarFields(user.id), fileOf(Buffer.from('hello, I am not a picture\n'.repeat(50)), 'avatar.png', 'image/png')]));
    expect(text.statusCode).toBe(415);
    expect(text.json()).toMatchObject({ message: 'Please select an image file.' });

    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), crypto.randomBytes(4000)]);
    const corrupt = await expectNothingLeftBehind(() => upload(client, [...avatarFields(user.id), fileOf(broken)]));
    expect(corrupt.statusCode).toBe(415);
    expect(corrupt.json().message).toEqual(expect.any(String));
    expect((await client.get('/api/users/current')).json().profileImageUrl).toBeNull();
  });

  it('answers 413 past 5 MB, with no file and no row left behind, wherever the fields are', async () => {
    const { client, user } = await buildSignedInUser(t);
    const big = Buffer.concat([PHOTO, Buffer.alloc(AVATAR_MAX_BYTES + 1 - PHOTO.length)]);
    const first = await expectNothingLeftBehind(() => upload(client, [...avatarFields(user.id), fileOf(big)]));
    expect(first.statusCode).toBe(413);
    expect(first.json()).toMatchObject({ message: 'File too large' });
    // Fields after the file: the file streams under the largest limit, then the avatar's is applied.
    const after = await expectNothingLeftBehind(() => upload(client, [fileOf(big), ...avatarFields(user.id)]));
    expect(after.statusCode).toBe(413);
    const huge = Buffer.concat([PHOTO, Buffer.alloc(BACKGROUND_MAX_BYTES + 1 - PHOTO.length)]);
    const streaming = await expectNothingLeftBehind(() => upload(client, [fileOf(huge), ...avatarFields(user.id)]));
    expect(streaming.statusCode).toBe(413);
    expect(storedFiles().filter((f) => f.includes(`${path.sep}.tmp${path.sep}`))).toEqual([]);
  });

  it('leaves nothing behind when the upload is cut off', async () => {
    const { client, user } = await buildSignedInUser(t);
    const parts = [...avatarFields(user.id), fileOf(PHOTO)];
    const whole = multipartBody(parts).payload.length;
    const res = await expectNothingLeftBehind(() => upload(client, parts, { cutOffAfter: whole - 20_000 }));
    expect(res.statusCode).toBe(400);
    expect((await client.get('/api/users/current')).json().profileImageUrl).toBeNull();
  });

  it('refuses a request that is not multipart, has no file, or names no known associatedType', async () => {
    const { client, user } = await buildSignedInUser(t);
    expect((await client.post('/api/media', { associatedType: 'user_avatar' })).statusCode).toBe(415);
    expect((await upload(client, avatarFields(user.id))).statusCode).toBe(400);
    const unknown = await expectNothingLeftBehind(() => upload(client, [{ name: 'associatedType', value: 'spaceship' }, fileOf(PHOTO)]));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/associatedType/);
    const twoFiles = await expectNothingLeftBehind(() => upload(client, [...avatarFields(user.id), fileOf(PHOTO), fileOf(PHOTO)]));
    expect(twoFiles.statusCode).toBe(400);
  });
});

describe('POST /api/media: profile background', () => {
  it('stores the image upright (EXIF orientation applied), without metadata, and makes it the rider’s background', async () => {
    const { client, user } = await buildSignedInUser(t);
    // A 300x100 picture whose EXIF says "rotate 90°": upright it is 100x300.
    const sideways = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#c04000' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const res = await upload(client, [fileOf(sideways, 'banner.jpg'), ...backgroundFields(user.id)]);
    expect(res.statusCode).toBe(201);
    const item = res.json();
    expect(item).toMatchObject({ associatedType: 'user_background', associatedId: user.id, description: null, originalName: 'banner.jpg' });
    const served = await fetchFile(item.url);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 100, height: 300 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();

    const me = (await client.get('/api/users/current')).json();
    expect(me.backgroundImageUrl).toBe(item.url);
    expect(me.profileImageUrl).toBeNull();
  });

  it('keeps at most 1920 pixels of width, drops the photo’s GPS, and allows more than the avatar’s 5 MB', async () => {
    const { client, user } = await buildSignedInUser(t);
    const wide = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(wide.length).toBeGreaterThan(AVATAR_MAX_BYTES);
    expect(wide.length).toBeLessThan(BACKGROUND_MAX_BYTES);
    const res = await upload(client, [...backgroundFields(user.id), fileOf(wide, 'wide.png', 'image/png')]);
    expect(res.statusCode).toBe(201);
    expect(await sharp((await fetchFile(res.json().url)).rawPayload).metadata()).toMatchObject({ width: 1920, height: 960 });

    const photo = await upload(client, [...backgroundFields(user.id), fileOf(PHOTO)]);
    expect(photo.statusCode).toBe(201);
    expect((await sharp((await fetchFile(photo.json().url)).rawPayload).metadata()).exif).toBeUndefined();
    expect((await client.get('/api/users/current')).json().backgroundImageUrl).toBe(photo.json().url);
  });

  it('answers 404 for another rider’s background', async () => {
    const { client } = await buildSignedInUser(t);
    const other = await buildSignedInUser(t);
    const res = await expectNothingLeftBehind(() => upload(client, [...backgroundFields(other.user.id), fileOf(PHOTO)]));
    expect(res.statusCode).toBe(404);
  });
});

describe('GET /media/files/{key}', () => {
  let url: string;
  let whole: Buffer;
  beforeAll(async () => {
    const { client, user } = await buildSignedInUser(t);
    url = (await upload(client, [...backgroundFields(user.id), fileOf(PHOTO, 'Straße; Nord=1.jpg')])).json().url;
    whole = (await fetchFile(url)).rawPayload;
  });

  it('answers a byte range with 206 and exactly those bytes', async () => {
    const res = await fetchFile(url, { range: 'bytes=10-109' });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes 10-109/${whole.length}`);
    expect(res.headers['content-length']).toBe('100');
    expect(res.rawPayload.equals(whole.subarray(10, 110))).toBe(true);

    const tail = await fetchFile(url, { range: 'bytes=-50' });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(whole.subarray(whole.length - 50))).toBe(true);

    const head = await t.app.inject({ method: 'HEAD', url, headers: { range: 'bytes=0-9' } });
    expect(head.statusCode).toBe(206);
    expect(head.headers['content-length']).toBe('10');
    expect(head.rawPayload.length).toBe(0);

    const past = await fetchFile(url, { range: `bytes=${whole.length}-` });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${whole.length}`);
  });

  it('offers an ASCII-only, quote-free file name', async () => {
    const disposition = (await fetchFile(url)).headers['content-disposition'] as string;
    expect(disposition).toMatch(/^inline; filename="[A-Za-z0-9._ ()-]+"; filename\*=UTF-8''/);
    expect(disposition).not.toMatch(/[\r\n]/);
    expect(disposition).toContain('filename="Stra_e_ Nord_1.jpg"');
    expect(disposition).toContain("filename*=UTF-8''Stra%C3%9Fe%3B%20Nord%3D1.jpg");
  });

  it('answers 404 JSON for an unknown or malformed key, never the web app', async () => {
    const unknown = await fetchFile('/media/files/0123456789abcdef0123456789abcdef.jpg');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: 'File not found' });
    expect((await fetchFile('/media/files/..%2Froadcaptain.sqlite')).statusCode).toBe(404);
    expect((await fetchFile('/media/files/.tmp')).statusCode).toBe(404);
    expect((await fetchFile('/media/files/NOT-A-KEY.jpg')).json()).toMatchObject({ message: 'File not found' });
  });
});
