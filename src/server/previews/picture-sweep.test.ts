import { expect, it } from 'vitest';
import { TestClient, type TestApp } from '../test/test-app';
import { buildGuest, buildRide } from '../test/factories';
import { pauseAt } from '../test/pause-point';
import { createStorage } from '../platform/storage';
import { fileOf, PHOTO, postMultipart } from '../media/media.test-helpers';
import { PICTURE_RECHECK_MS, sweepPreviewPictures } from './picture-sweep';
import { drawsCounted, onBothStores, pathOf, publicRide, RIDE, tagsOf } from './previews.test-helpers';

/*
 * The sweep of link preview pictures no longer in use (picture-sweep.ts, picture-store.service.ts;
 * docs/decisions/2026-11-27-preview-picture-cache.md): an older route's or photo's picture, a
 * deleted ride's or group's (at once), a hidden profile's go; a picture any subject shows today
 * stays, also when a request records it while the sweep removes it. On both engines, on local disk
 * and in a STORAGE_URL bucket.
 */

/** The sweeps' clock: each sweep runs once every row recorded or checked before it is due again. */
let clock = Date.now();
function sweepLater(t: TestApp) {
  clock = Math.max(clock, Date.now()) + PICTURE_RECHECK_MS + 60_000;
  return sweepPreviewPictures(t.app.ctx, clock);
}

/** The storage key of a picture's address (picture-cache.ts pictureKey). */
function keyOf(imagePath: string): string {
  const [, version, format] = /\/([a-z0-9]+)\.(png|jpg)$/.exec(imagePath)!;
  return `og-${version}.${format}`;
}

async function rows(t: TestApp, key: string) {
  return t.app.ctx.db.selectFrom('preview_pictures').select(['subject_kind', 'subject_id']).where('key', '=', key).orderBy('subject_id').execute();
}

/** The picture address a ride's page names, fetched once (drawn and kept). */
async function servedPicture(t: TestApp, pagePath: string) {
  const imagePath = pathOf((await tagsOf(t, pagePath))['og:image']!);
  const answer = await new TestClient(t.app).get(imagePath);
  expect(answer.statusCode).toBe(200);
  return { imagePath, key: keyOf(imagePath), bytes: answer.rawPayload };
}

/** Neither stored nor recorded. */
async function expectGone(t: TestApp, key: string) {
  expect(await createStorage(t.config).stat(key)).toBeNull();
  expect(await rows(t, key)).toEqual([]);
}

/** The picture's address answers these bytes, from the storage: nothing drawn. */
async function servedWithoutDrawing(t: TestApp, imagePath: string, bytes: Buffer) {
  const draws = await drawsCounted(t);
  const answer = await new TestClient(t.app).get(imagePath);
  expect(answer.statusCode).toBe(200);
  expect(answer.rawPayload.equals(bytes)).toBe(true);
  expect(await drawsCounted(t)).toBe(draws);
  return answer;
}

function sweepTests(setup: () => TestApp) {
  it("sweeps a ride's picture of its older route: gone from the storage, the new one still served without drawing; the app's card stays", async () => {
    const t = setup();
    const { owner, ride } = await publicRide(t, 'Route changed', 44.31);
    const storage = createStorage(t.config);
    const old = await servedPicture(t, `/rides/${ride.id}`);
    expect(await storage.stat(old.key)).not.toBeNull();
    expect(await rows(t, old.key)).toEqual([{ subject_kind: 'ride', subject_id: ride.id }]);
    const card = await servedPicture(t, '/groups/no-such-group');
    expect(card.imagePath).toMatch(/^\/og\/app\//);

    expect((await owner.client.patch(`/api/rides/${ride.id}`, { startLatitude: 44.32 })).statusCode).toBe(200);
    const fresh = await servedPicture(t, `/rides/${ride.id}`);
    expect(fresh.key).not.toBe(old.key);

    await sweepLater(t);
    await expectGone(t, old.key);
    expect(await storage.stat(fresh.key)).not.toBeNull();
    expect(await storage.stat(card.key)).not.toBeNull();

    expect((await servedWithoutDrawing(t, fresh.imagePath, fresh.bytes)).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // The old address still answers, with today's picture (kept a short while by caches).
    expect((await servedWithoutDrawing(t, old.imagePath, fresh.bytes)).headers['cache-control']).toBe('public, max-age=300');
  });

  it('keeps a picture another ride shows today when one ride leaves it; removes it once none does', async () => {
    const t = setup();
    const storage = createStorage(t.config);
    const a = await publicRide(t, 'Shared route A', 44.41);
    const b = await buildRide(a.owner, a.group.id, { ...RIDE, name: 'Shared route B', startLatitude: 44.41 });
    const shared = await servedPicture(t, `/rides/${a.ride.id}`);
    expect((await servedPicture(t, `/rides/${b.id}`)).key).toBe(shared.key);

    expect((await a.owner.client.patch(`/api/rides/${a.ride.id}`, { startLatitude: 44.42 })).statusCode).toBe(200);
    await sweepLater(t);
    expect(await storage.stat(shared.key)).not.toBeNull();
    expect(await rows(t, shared.key)).toEqual([{ subject_kind: 'ride', subject_id: b.id }]);

    expect((await a.owner.client.patch(`/api/rides/${b.id}`, { startLatitude: 44.43 })).statusCode).toBe(200);
    await sweepLater(t);
    await expectGone(t, shared.key);
  });

  it("removes a deleted ride's picture at once, and a deleted group's image and its rides' pictures", async () => {
    const t = setup();
    const lone = await publicRide(t, 'Deleted ride', 44.51);
    const lonePicture = await servedPicture(t, `/rides/${lone.ride.id}`);
    expect((await lone.owner.client.delete(`/api/rides/${lone.ride.id}`)).statusCode).toBe(200);
    await expectGone(t, lonePicture.key);

    const { owner, group, ride } = await publicRide(t, 'Ride of a deleted group', 44.52);
    expect((await postMultipart(t, '/api/media', owner.client, [{ name: 'associatedType', value: 'group_image' }, { name: 'associatedId', value: group.id }, fileOf(PHOTO, 'club.jpg')])).statusCode).toBe(201);
    const groupPicture = await servedPicture(t, `/groups/${group.slug}`);
    expect(groupPicture.key).toMatch(/\.jpg$/);
    const ridePicture = await servedPicture(t, `/rides/${ride.id}`);
    expect((await owner.client.delete(`/api/groups/${group.id}`)).statusCode).toBe(200);
    for (const key of [groupPicture.key, ridePicture.key]) {
      await expectGone(t, key);
    }
  });

  it("sweeps an avatar's picture when the photo changes, and the new one when the profile is hidden", async () => {
    const t = setup();
    const storage = createStorage(t.config);
    const rider = await buildGuest(t);
    const handle = `sweep-${rider.user.id.slice(0, 8)}`;
    const upload = async () => expect((await postMultipart(t, '/api/media', rider.client, [{ name: 'associatedType', value: 'user_avatar' }, { name: 'associatedId', value: rider.user.id }, fileOf(PHOTO)])).statusCode).toBe(201);
    expect((await rider.client.patch(`/api/users/${rider.user.id}`, { userId: handle, firstName: 'Ada', profileVisibility: 'public' })).statusCode).toBe(200);
    await upload();
    const first = await servedPicture(t, `/profile/${handle}`);
    await upload();
    const second = await servedPicture(t, `/profile/${handle}`);
    expect(second.key).not.toBe(first.key);
    await sweepLater(t);
    expect(await storage.stat(first.key)).toBeNull();
    expect(await storage.stat(second.key)).not.toBeNull();

    expect((await rider.client.patch(`/api/users/${rider.user.id}`, { profileVisibility: 'groups' })).statusCode).toBe(200);
    await sweepLater(t);
    await expectGone(t, second.key);
  });

  it('puts a picture back when a request recorded it while the sweep was removing it: kept, and served without drawing', async () => {
    const t = setup();
    const storage = createStorage(t.config);
    await sweepLater(t); // No stale row is left but this test's.
    const a = await publicRide(t, 'Left route', 44.61);
    const shared = await servedPicture(t, `/rides/${a.ride.id}`);
    expect((await a.owner.client.patch(`/api/rides/${a.ride.id}`, { startLatitude: 44.62 })).statusCode).toBe(200);
    await servedPicture(t, `/rides/${a.ride.id}`);
    // Another ride on the route A left, whose picture nobody has asked for yet: not recorded.
    const b = await buildRide(a.owner, a.group.id, { ...RIDE, name: 'Same route', startLatitude: 44.61 });

    // The sweep has forgotten A's old row, found no other and read the file: held just before removing it.
    const hold = pauseAt(t.app.ctx, 'preview-sweep');
    const sweep = sweepLater(t);
    await hold.reached;
    const served = await servedPicture(t, `/rides/${b.id}`);
    expect(served.key).toBe(shared.key);
    hold.release();
    expect((await sweep).removed).toBe(0);

    expect(await storage.stat(shared.key)).toEqual({ size: shared.bytes.length });
    expect(await rows(t, shared.key)).toEqual([{ subject_kind: 'ride', subject_id: b.id }]);
    await servedWithoutDrawing(t, served.imagePath, shared.bytes);
  });

  it('a picture drawn while its ride is deleted is recorded again once stored, so the sweep removes it', async () => {
    const t = setup();
    const storage = createStorage(t.config);
    const { owner, ride } = await publicRide(t, 'Deleted while drawn', 44.71);
    const imagePath = pathOf((await tagsOf(t, `/rides/${ride.id}`))['og:image']!);
    const key = keyOf(imagePath);

    // The request has read the ride and recorded its picture; the ride is deleted before it draws.
    const hold = pauseAt(t.app.ctx, 'preview-draw');
    const request = new TestClient(t.app).get(imagePath);
    await hold.reached;
    expect((await owner.client.delete(`/api/rides/${ride.id}`)).statusCode).toBe(200);
    expect(await rows(t, key)).toEqual([]);
    hold.release();
    expect((await request).statusCode).toBe(200);
    expect(await storage.stat(key)).not.toBeNull();
    expect(await rows(t, key)).toEqual([{ subject_kind: 'ride', subject_id: ride.id }]);

    await sweepLater(t);
    await expectGone(t, key);
  });

  it('finds pictures stored before their rows (migration 048): removes those no page asked for since, keeps one a page shows, and no other file', async () => {
    const t = setup();
    const storage = createStorage(t.config);
    await sweepLater(t); // Nothing found is left but this test's.
    // Stored before migration 048: a ride's picture of today, and one of a route no ride has any more.
    const { ride } = await publicRide(t, 'Pictured before the record', 44.91);
    const shown = await servedPicture(t, `/rides/${ride.id}`);
    await t.app.ctx.db.deleteFrom('preview_pictures').where('key', '=', shown.key).execute();
    const stray = 'og-0123456789abcdef.png';
    await storage.put(stray, shown.bytes);
    // Not a preview picture (a screenshot of a bug report): never listed, never removed.
    const other = 'bug-0123456789abcdef0123456789abcdef.png';
    await storage.put(other, shown.bytes);

    expect((await sweepLater(t)).found).toBe(2);
    expect(await rows(t, stray)).toEqual([{ subject_kind: 'stored', subject_id: stray }]);
    expect(await rows(t, shown.key)).toEqual([{ subject_kind: 'stored', subject_id: shown.key }]);
    // Found, not yet removed: a page that shows one records it meanwhile, served from the storage.
    expect(await storage.stat(stray)).not.toBeNull();
    await servedWithoutDrawing(t, shown.imagePath, shown.bytes);

    const later = await sweepLater(t);
    expect(later).toMatchObject({ removed: 1, found: 0 });
    await expectGone(t, stray);
    expect(await storage.stat(shown.key)).not.toBeNull();
    expect(await rows(t, shown.key)).toEqual([{ subject_kind: 'ride', subject_id: ride.id }]);
    expect(await storage.stat(other)).not.toBeNull();
    await servedWithoutDrawing(t, shown.imagePath, shown.bytes);
  });

  it('two sweeps at once (two servers) find each unrecorded picture once, and remove it once', async () => {
    const t = setup();
    const storage = createStorage(t.config);
    await sweepLater(t);
    const strays = ['og-1111111111111111.png', 'og-2222222222222222.jpg', 'og-3333333333333333.png'];
    for (const key of strays) await storage.put(key, Buffer.from(key));
    const first = sweepLater(t);
    await Promise.all([first, sweepPreviewPictures(t.app.ctx, clock)]);
    for (const key of strays) expect(await rows(t, key)).toEqual([{ subject_kind: 'stored', subject_id: key }]);

    const second = sweepLater(t);
    const [one, two] = await Promise.all([second, sweepPreviewPictures(t.app.ctx, clock)]);
    expect(one.removed + two.removed).toBe(3);
    for (const key of strays) expect(await storage.stat(key)).toBeNull();
    // One sweep may find a picture again while the other removes it: its row goes at the next check.
    await sweepLater(t);
    for (const key of strays) await expectGone(t, key);
  });

  it('two sweeps at once (two servers) check each row once and remove each file once', async () => {
    const t = setup();
    const storage = createStorage(t.config);
    await sweepLater(t); // No stale row is left but this test's.
    const stale: string[] = [];
    const current: string[] = [];
    for (const [i, latitude] of [44.81, 44.82, 44.83].entries()) {
      const { owner, ride } = await publicRide(t, `Swept once ${i}`, latitude);
      stale.push((await servedPicture(t, `/rides/${ride.id}`)).key);
      expect((await owner.client.patch(`/api/rides/${ride.id}`, { startLatitude: latitude + 0.005 })).statusCode).toBe(200);
      current.push((await servedPicture(t, `/rides/${ride.id}`)).key);
    }
    const { recorded } = await t.app.ctx.db.selectFrom('preview_pictures').select((eb) => eb.fn.countAll<number | string>().as('recorded')).executeTakeFirstOrThrow();
    const later = sweepLater(t);
    const [one, two] = await Promise.all([later, sweepPreviewPictures(t.app.ctx, clock)]);
    // Every row is due; each is claimed by one of the two.
    expect(one.checked + two.checked).toBe(Number(recorded));
    expect(one.removed + two.removed).toBe(3);
    for (const key of stale) expect(await storage.stat(key)).toBeNull();
    for (const key of current) expect(await storage.stat(key)).not.toBeNull();
  });
}

onBothStores((store) => `preview pictures swept, kept ${store}`, (t) => sweepTests(t));
