import fs from 'node:fs';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { TestClient, type TestApp } from '../test/test-app';
import { buildGuest } from '../test/factories';
import { createStorage } from '../platform/storage';
import { fileOf, PHOTO, postMultipart } from '../media/media.test-helpers';
import { PREVIEW_DRAWS_PER_ADDRESS_PER_MINUTE } from '../limits/write-limits';
import { drawsCounted, onBothStores, pathOf, publicRide, tagsOf } from './previews.test-helpers';

/*
 * Link preview pictures (docs/behaviour/previews.md): drawn once per version and kept in the file
 * storage (a drawn picture is never drawn again, whatever version an address names), drawing limited
 * with a 429; a public group's image and a public profile's avatar as their previews' pictures,
 * computed as for an anonymous visitor. On both engines, and with STORAGE_URL.
 */

function pictureTests(setup: () => { t: () => TestApp; storedIn: RegExp }) {
  it('draws a ride picture once and keeps it in the storage; any other version of its address gets the kept one, drawn no more', async () => {
    const { t, storedIn } = setup();
    const { ride } = await publicRide(t(), 'Kept picture', 44.2);
    const imagePath = pathOf((await tagsOf(t(), `/rides/${ride.id}`))['og:image']!);
    const version = /\/([a-z0-9]+)\.png$/.exec(imagePath)![1]!;
    const before = await drawsCounted(t());
    const first = await new TestClient(t().app).get(imagePath);
    expect(first.statusCode).toBe(200);
    expect(await sharp(first.rawPayload).metadata()).toMatchObject({ format: 'png', width: 1200, height: 630 });
    const storage = createStorage(t().config);
    expect(await storage.stat(`og-${version}.png`)).toEqual({ size: first.rawPayload.length });
    expect(storage.locate(`og-${version}.png`)).toMatch(storedIn);
    const counted = await drawsCounted(t());
    expect(counted).toBeGreaterThan(before);

    // The same address again, and a flood of made-up versions: the kept picture, nothing drawn.
    for (const other of [version, 'aaaa', 'bbbb', 'cccc', '0123456789abcdef']) {
      const again = await new TestClient(t().app).get(`/og/rides/${ride.id}/${other}.png`);
      expect(again.statusCode).toBe(200);
      expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
      expect(again.headers['cache-control']).toBe(other === version ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
    }
    expect(await drawsCounted(t())).toBe(counted);
  });

  it("previews a public group with its own image, a public profile with its avatar, each a 1200x630 JPEG under 300 KB; hidden ones keep the app's tags", async () => {
    const { t } = setup();
    const { owner, group } = await publicRide(t(), 'Group with a picture');
    const plain = await tagsOf(t(), `/groups/${group.slug}`);
    expect(plain['og:image']).toMatch(/\/og\/app\/\w+\.png$/);

    expect((await postMultipart(t(), '/api/media', owner.client, [{ name: 'associatedType', value: 'group_image' }, { name: 'associatedId', value: group.id }, fileOf(PHOTO, 'club.jpg')])).statusCode).toBe(201);
    const groupTags = await tagsOf(t(), `/groups/${group.slug}`);
    expect(groupTags['og:image']).toMatch(new RegExp(`^http://rc\\.test/og/groups/${group.slug}/[a-z0-9]+\\.jpg$`));
    expect(groupTags).toMatchObject({ 'og:image:type': 'image/jpeg', 'og:image:width': '1200', 'og:image:height': '630', 'og:image:alt': `The image of ${group.name}` });
    const groupPicture = await new TestClient(t().app).get(pathOf(groupTags['og:image']!));
    expect(groupPicture.statusCode).toBe(200);
    expect(groupPicture.headers['content-type']).toBe('image/jpeg');
    expect(groupPicture.rawPayload.length).toBeLessThan(300 * 1024);
    expect(await sharp(groupPicture.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
    if (process.env.OG_PREVIEW_FILE) fs.writeFileSync(process.env.OG_PREVIEW_FILE.replace(/\.png$/, '-group.jpg'), groupPicture.rawPayload);

    const rider = await buildGuest(t());
    const handle = `avatar-${rider.user.id.slice(0, 8)}`;
    expect((await rider.client.patch(`/api/users/${rider.user.id}`, { userId: handle, firstName: 'Ada', profileVisibility: 'public' })).statusCode).toBe(200);
    expect((await postMultipart(t(), '/api/media', rider.client, [{ name: 'associatedType', value: 'user_avatar' }, { name: 'associatedId', value: rider.user.id }, fileOf(PHOTO)])).statusCode).toBe(201);
    const profileTags = await tagsOf(t(), `/profile/${handle}`);
    expect(profileTags['og:image']).toMatch(new RegExp(`^http://rc\\.test/og/profiles/${handle}/[a-z0-9]+\\.jpg$`));
    expect(profileTags['og:image:type']).toBe('image/jpeg');
    const avatarPath = pathOf(profileTags['og:image']!);
    const avatar = await new TestClient(t().app).get(avatarPath);
    expect(avatar.statusCode).toBe(200);
    expect(avatar.rawPayload.length).toBeLessThan(300 * 1024);
    expect(await sharp(avatar.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
    if (process.env.OG_PREVIEW_FILE) fs.writeFileSync(process.env.OG_PREVIEW_FILE.replace(/\.png$/, '-avatar.jpg'), avatar.rawPayload);

    // A profile for groups only: the app's generic tags, and its picture's address answers 404 (even when kept).
    expect((await rider.client.patch(`/api/users/${rider.user.id}`, { profileVisibility: 'groups' })).statusCode).toBe(200);
    const hidden = await tagsOf(t(), `/profile/${handle}`);
    expect(hidden['og:image']).toMatch(/\/og\/app\/\w+\.png$/);
    expect(hidden.robots).toBe('noindex');
    expect((await new TestClient(t().app).get(avatarPath)).statusCode).toBe(404);
    expect((await new TestClient(t().app).get(`/og/groups/no-such-group/0123abcd.jpg`)).statusCode).toBe(404);
  });

  it('refuses to draw past the drawing limit with 429 too_many_preview_pictures; kept pictures are still served', async () => {
    const { t } = setup();
    const kept = await publicRide(t(), 'Drawn before the flood');
    const keptPath = pathOf((await tagsOf(t(), `/rides/${kept.ride.id}`))['og:image']!);
    expect((await new TestClient(t().app).get(keptPath)).statusCode).toBe(200);

    // This address has drawn its fill in this minute and the next (the window may turn meanwhile).
    const address = (await t().app.ctx.db.selectFrom('write_counters').select('key').where('key', 'like', 'p:a:%').executeTakeFirstOrThrow()).key;
    const minute = 60_000;
    const now = Date.now();
    for (const start of [now - (now % minute), now - (now % minute) + minute]) {
      const window_start = new Date(start).toISOString();
      await t().app.ctx.db
        .insertInto('write_counters')
        .values({ key: address, window_start, count: PREVIEW_DRAWS_PER_ADDRESS_PER_MINUTE })
        .onConflict((oc) => oc.columns(['key', 'window_start']).doUpdateSet({ count: PREVIEW_DRAWS_PER_ADDRESS_PER_MINUTE }))
        .execute();
    }
    const fresh = await publicRide(t(), 'Drawn in the flood', 44.123456);
    const refused = await new TestClient(t().app).get(pathOf((await tagsOf(t(), `/rides/${fresh.ride.id}`))['og:image']!));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'too_many_preview_pictures' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await new TestClient(t().app).get(keptPath)).statusCode).toBe(200);
  });
}

onBothStores((store) => `preview pictures kept ${store}`, (t, store) => pictureTests(() => ({ t, storedIn: store === 'disk' ? /^\// : /^s3:\/\// })));
