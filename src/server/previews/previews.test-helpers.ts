import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { createTestApp, TestClient, type TestApp } from '../test/test-app';
import { startTestBucket, type TestBucket } from '../test/test-s3';
import { buildGroup, buildGuest, buildRide } from '../test/factories';

/** Helpers shared by the link preview picture tests (not a test file itself). */

const { JSDOM } = createRequire(import.meta.url)('jsdom') as { JSDOM: new (html: string) => { window: { document: Document } } };

export const RIDE = { startDate: '2031-06-01T07:00:00.000Z', endDate: '2031-06-01T16:00:00.000Z', timezone: 'Europe/Rome', timezoneName: 'Rome', timezoneOffset: 'UTC+02:00' };

/** A built web app's page (its index.html only) for the file's apps to serve: `webDir()` once the file's beforeAll ran. */
function useWebDir(): () => string {
  let webDir: string;
  beforeAll(() => {
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-og-pictures-'));
    fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html>\n<html lang="en">\n<head><title>%APP_NAME%</title></head><body><div id="root"></div></body></html>\n');
  });
  afterAll(() => fs.rmSync(webDir, { recursive: true, force: true }));
  return () => webDir;
}

export async function tagsOf(t: TestApp, url: string): Promise<Record<string, string>> {
  const page = await new TestClient(t.app).get(url);
  expect(page.statusCode).toBe(200);
  const tags: Record<string, string> = {};
  for (const meta of new JSDOM(page.body).window.document.head.querySelectorAll('meta')) {
    const key = meta.getAttribute('property') ?? meta.getAttribute('name');
    if (key) tags[key] = meta.getAttribute('content') ?? '';
  }
  return tags;
}

export const pathOf = (url: string) => new URL(url).pathname;

/** How many pictures this minute's drawing counter has counted (limits/write-limits.ts). */
export async function drawsCounted(t: TestApp): Promise<number> {
  const rows = await t.app.ctx.db.selectFrom('write_counters').select('count').where('key', '=', 'p:all').execute();
  return rows.reduce((sum, row) => sum + Number(row.count), 0);
}

/** A ride in a group anyone may see; `startLatitude` moves its start, so its picture is another one. */
export async function publicRide(t: TestApp, name: string, startLatitude?: number) {
  const owner = await buildGuest(t);
  const group = await buildGroup(owner, { membershipApprovalRequired: false });
  return { owner, group, ride: await buildRide(owner, group.id, { ...RIDE, name, ...(startLatitude !== undefined && { startLatitude }) }) };
}

/**
 * The same tests on an app storing its files on local disk and on one storing them in a
 * STORAGE_URL bucket (s3rver on loopback), each serving a page (`webDir`): `describe(title(store))`.
 */
export function onBothStores(title: (store: string) => string, tests: (t: () => TestApp, store: 'disk' | 'bucket') => void): void {
  const webDir = useWebDir();
  describe(title('on local disk'), () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ APP_NAME: 'RoadCaptain' }, { webDir: webDir() });
    });
    afterAll(() => t?.close());
    tests(() => t, 'disk');
  });

  describe(title('in a STORAGE_URL bucket'), () => {
    let t: TestApp;
    let bucket: TestBucket;
    beforeAll(async () => {
      bucket = await startTestBucket();
      t = await createTestApp({ APP_NAME: 'RoadCaptain', ...bucket.env }, { webDir: webDir() });
    });
    afterAll(async () => {
      await t?.close();
      await bucket?.close();
    });
    tests(() => t, 'bucket');
  });
}
