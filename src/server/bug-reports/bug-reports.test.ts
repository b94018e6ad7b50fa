import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { type TestClient } from '../test/test-app';
import { buildGuest } from '../test/factories';
import { BUG_SCREENSHOT_MAX_BYTES } from '../../shared/bug-reports/bug-report';
import { expectNothingLeftBehind, PHOTO, postMultipart, rowCount, type Part } from '../media/media.test-helpers';
import { createStorage } from '../platform/storage';
import { formatBugReport, listBugReports } from './bug-reports.list';
import { useTestApp } from '../test/use-test-app';

const t = useTestApp();

const field = (name: string, value: string): Part => ({ name, value });
const screenshot = (data: Buffer, filename = 'screen.png', type = 'image/png'): Part => ({ name: 'screenshot', filename, type, data });
const report = (client: TestClient | null, parts: Part[]) => postMultipart(t, '/api/bug-reports', client, parts);
const nothingLeft = (run: () => Promise<LightMyRequestResponse>) => expectNothingLeftBehind(t, run);
const valid = (extra: Part[] = []): Part[] => [
  field('title', 'Map does not load'),
  field('description', 'The ride map stays grey on my phone after I open a ride.'),
  field('pageUrl', 'http://rc.test/rides/123'),
  ...extra,
];

describe('POST /api/bug-reports', () => {
  it('stores a report with its screenshot re-encoded without metadata', async () => {
    const rider = await buildGuest(t);
    const res = await report(rider.client, valid([screenshot(PHOTO, 'phone.jpg', 'image/jpeg')]));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: expect.any(String), createdAt: expect.any(String), hasScreenshot: true });
    const [stored] = await listBugReports(t.app.ctx.db, createStorage(t.config));
    expect(stored).toMatchObject({
      id: res.json().id,
      title: 'Map does not load',
      description: 'The ride map stays grey on my phone after I open a ride.',
      pageUrl: 'http://rc.test/rides/123',
      reporter: rider.user.userId,
      screenshotName: 'phone.jpg',
    });
    const file = fs.readFileSync(stored!.screenshotPath!);
    expect((await sharp(file).metadata()).exif).toBeUndefined();
    // Bug screenshots are for whoever runs the server: never served over HTTP.
    const key = path.basename(stored!.screenshotPath!);
    expect((await t.app.inject({ method: 'GET', url: `/media/files/${key}` })).statusCode).toBe(404);
  });

  it('takes a report without a screenshot or page URL, and a pasted PNG sent after the fields or before them', async () => {
    const rider = await buildGuest(t);
    const plain = await report(rider.client, [field('title', 'Typo'), field('description', 'The word "ride" is misspelt on the dashboard.')]);
    expect(plain.statusCode).toBe(201);
    expect(plain.json().hasScreenshot).toBe(false);
    const png = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#123456' } }).png().toBuffer();
    const first = await report(rider.client, [screenshot(png, 'image.png'), ...valid()]);
    expect(first.statusCode).toBe(201);
    expect(first.json().hasScreenshot).toBe(true);
    const emptyPart = await report(rider.client, valid([screenshot(Buffer.alloc(0), '', 'application/octet-stream')]));
    expect(emptyPart.statusCode).toBe(201);
    expect(emptyPart.json().hasScreenshot).toBe(false);
  });

  it.each([
    ['no title', [field('description', 'Long enough description here')], 'Bug title is required'],
    ['a blank title', [field('title', '   '), field('description', 'Long enough description here')], 'Bug title is required'],
    ['a title of 256 characters', [field('title', 'x'.repeat(256)), field('description', 'Long enough description here')], 'Title too long'],
    ['a short description', [field('title', 'Bug'), field('description', 'too short')], 'Please provide a detailed description (at least 10 characters)'],
    ['no description', [field('title', 'Bug')], 'Please provide a detailed description (at least 10 characters)'],
  ])('answers 400 for %s with the spec’s message', async (_what, parts, message) => {
    const rider = await buildGuest(t);
    const res = await nothingLeft(() => report(rider.client, [...parts, screenshot(PHOTO, 'a.jpg', 'image/jpeg')]));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message });
  });

  it('accepts a title of exactly 255 characters and a description of exactly 10', async () => {
    const rider = await buildGuest(t);
    expect((await report(rider.client, [field('title', 'x'.repeat(255)), field('description', '0123456789')])).statusCode).toBe(201);
  });

  it('refuses a screenshot that is not an image, and one over 10 MB, leaving nothing behind', async () => {
    const rider = await buildGuest(t);
    const html = await nothingLeft(() => report(rider.client, valid([screenshot(Buffer.from('<html><body>hi</body></html>'), 'shot.png')])));
    expect(html.statusCode).toBe(415);
    expect(html.json()).toMatchObject({ message: 'Please upload an image file (PNG, JPG, or GIF)' });
    const big = Buffer.concat([PHOTO, Buffer.alloc(BUG_SCREENSHOT_MAX_BYTES + 1 - PHOTO.length)]);
    const tooBig = await nothingLeft(() => report(rider.client, valid([screenshot(big, 'big.jpg', 'image/jpeg')])));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({ message: 'Please upload an image smaller than 10MB' });
  });

  it('needs a session, and a multipart body', async () => {
    expect((await report(null, valid())).statusCode).toBe(401);
    const rider = await buildGuest(t);
    expect((await rider.client.post('/api/bug-reports', { title: 'x', description: 'long enough text' })).statusCode).toBe(415);
  });

  it('limits a rider to 10 reports an hour', async () => {
    const rider = await buildGuest(t);
    for (let i = 0; i < 10; i++) expect((await report(rider.client, valid())).statusCode).toBe(201);
    const before = await rowCount(t, 'bug_reports');
    const limited = await report(rider.client, valid());
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(await rowCount(t, 'bug_reports')).toBe(before);
  });

  it('keeps to the limit for reports sent at once, each still arriving when the others are checked', async () => {
    const rider = await buildGuest(t);
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const head = '--x\r\nContent-Disposition: form-data; name="title"\r\n\r\nMap does not load\r\n';
    const rest = '--x\r\nContent-Disposition: form-data; name="description"\r\n\r\nThe ride map stays grey.\r\n--x--\r\n';
    const headers = { cookie: rider.client.cookie!, 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(Buffer.byteLength(head + rest)) };
    const sent = Array.from({ length: 15 }, () => {
      let answered!: (status: number) => void;
      const status = new Promise<number>((resolve) => (answered = resolve));
      const req = http.request({ port, host: '127.0.0.1', path: '/api/bug-reports', method: 'POST', headers }, (res) => {
        res.resume();
        res.on('end', () => answered(res.statusCode!));
      });
      req.write(head);
      return { req, status };
    });
    // Every request is past the check made before its body is read...
    await new Promise((resolve) => setTimeout(resolve, 500));
    // ...when the bodies arrive.
    for (const { req } of sent) req.end(rest);
    const statuses = await Promise.all(sent.map((s) => s.status));
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    const stored = await t.app.ctx.db.selectFrom('bug_reports').select((eb) => eb.fn.countAll().as('n')).where('user_id', '=', rider.user.id).executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(10);
  });

  it('are printed for the operator with the control characters a rider sent made visible, so they cannot drive the terminal', async () => {
    const rider = await buildGuest(t);
    const escape = '\u001b';
    const res = await report(rider.client, [
      field('title', `Map ${escape}[2J${escape}]52;c;ZXZpbA==\u0007broken`),
      field('description', `First line\nSecond ${escape}[8mhidden${escape}[0m line\r\nThird`),
      field('pageUrl', `http://rc.test/${escape}]8;;http://evil.example${escape}\\`),
    ]);
    expect(res.statusCode).toBe(201);
    const [stored] = await listBugReports(t.app.ctx.db, createStorage(t.config));
    const printed = formatBugReport({ ...stored!, userAgent: `Firefox${escape}[1A` });
    expect(printed).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
    expect(printed).toContain('Map \\u001b[2J\\u001b]52;c;ZXZpbA==\\u0007broken');
    expect(printed).toContain('  | First line\n  | Second \\u001b[8mhidden\\u001b[0m line\n  | Third\n');
    expect(printed).toContain('browser:    Firefox\\u001b[1A');
  });
});
