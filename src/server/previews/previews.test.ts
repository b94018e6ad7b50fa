import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestClient, type TestApp } from '../test/test-app';
import { addMember, buildGroup, buildGuest, buildInvitation, buildRide, buildRoles, type Rider } from '../test/factories';

/*
 * Link previews (issue 32 points 6 and 7): the tags chat apps read from a page's HTML, read back
 * here with an HTML parser as a chat app's Open Graph reader does, for each kind of content and
 * role, by a client without a session and by one with a member's cookie (which changes nothing).
 */

// jsdom (the web tests' DOM) parses the page as a chat app's reader does; it ships no types, the DOM's are the lib's.
const { JSDOM } = createRequire(import.meta.url)('jsdom') as { JSDOM: new (html: string) => { window: { document: Document } } };

let t: TestApp;
let webDir: string;

/** The boot shell's generic page skeleton (index.html's, shortened). */
const GENERIC_MAIN = '<div class="mx-auto" aria-hidden="true"><div class="h-8 animate-pulse"></div></div>';

/** The page's boot shell (index.html's #boot-shell, what paints before any script) as the browser parses it. */
async function bootShellOf(client: TestClient, url: string): Promise<{ html: string; shell: Element }> {
  const page = await client.get(url);
  expect(page.statusCode).toBe(200);
  const shell = new JSDOM(page.body).window.document.getElementById('boot-shell');
  expect(shell).not.toBeNull();
  return { html: page.body, shell: shell! };
}

beforeAll(async () => {
  // A built web app's page, as index.html is (the server adds the language, the preloads and the tags).
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-og-web-'));
  fs.writeFileSync(path.join(webDir, 'index.html'), `<!doctype html>\n<html lang="en">\n<head><title>%APP_NAME%</title></head><body><div id="boot-shell"><header>%APP_NAME%</header><main class="lg:ps-72">\n${GENERIC_MAIN}\n</main></div><div id="root"></div></body></html>\n`);
  t = await createTestApp({ APP_NAME: 'RoadCaptain' }, { webDir });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

type Tags = Record<string, string>;

/** The page's <meta> tags by property or name (og:title, description, twitter:card...), as an Open Graph reader takes them. */
async function previewOf(client: TestClient, url: string, headers: Record<string, string> = {}): Promise<Tags> {
  const page = await client.get(url, headers);
  expect(page.statusCode).toBe(200);
  expect(page.headers['content-type']).toMatch(/^text\/html/);
  const document = new JSDOM(page.body).window.document;
  const tags: Tags = {};
  for (const meta of document.head.querySelectorAll('meta')) {
    const key = meta.getAttribute('property') ?? meta.getAttribute('name');
    if (key) tags[key] = meta.getAttribute('content') ?? '';
  }
  return tags;
}

const anonymous = () => new TestClient(t.app);

/** A ride in the Apennines on a Sunday morning in Rome's zone, far enough ahead to stay ahead. */
const SUNDAY_RIDE = { startDate: '2031-06-01T07:00:00.000Z', endDate: '2031-06-01T16:00:00.000Z', timezone: 'Europe/Rome', timezoneName: 'Rome', timezoneOffset: 'UTC+02:00' };

function expectGeneric(tags: Tags) {
  expect(tags['og:title']).toBe('RoadCaptain');
  expect(tags['og:url']).toBe('http://rc.test/');
  expect(tags['og:image']).toMatch(/^http:\/\/rc\.test\/og\/app\/\w+\.png$/);
  expect(tags.robots).toBe('noindex');
  expect(tags.description).toBe(tags['og:description']);
}

describe('a ride shared in a chat', () => {
  let owner: Rider;
  let member: Rider;
  let group: { id: string; slug: string; name: string };
  let ride: Awaited<ReturnType<typeof buildRide>>;

  beforeAll(async () => {
    owner = await buildGuest(t);
    member = await buildGuest(t);
    group = await buildGroup(owner, { membershipApprovalRequired: false });
    await addMember(owner, member, group.id);
    ride = await buildRide(owner, group.id, { ...SUNDAY_RIDE, name: 'Passo della Futa "Loop" <fast>' });
    await member.client.post(`/api/rides/${ride.id}/join`);
  });

  it("previews with the ride's name, day and time in its zone, start and distance, and a picture, all absolute from PUBLIC_URL", async () => {
    const tags = await previewOf(anonymous(), `/groups/${group.slug}/rides/${ride.slug}`);
    // Escaped in the HTML, read back whole by the parser.
    expect(tags['og:title']).toBe('Passo della Futa "Loop" <fast>');
    expect(tags['og:site_name']).toBe('RoadCaptain');
    expect(tags['og:type']).toBe('website');
    expect(tags['og:url']).toBe(`http://rc.test/groups/${group.slug}/rides/${ride.slug}`);
    // 09:00 in Rome (07:00 UTC), on Sunday 1 June.
    expect(tags['og:description']).toMatch(/^Sunday, June 1, 2031.* 9:00\sAM GMT\+2 · Start: Bologna, Emilia-Romagna, Italy · \d+ km$/);
    expect(tags.description).toBe(tags['og:description']);
    expect(tags['og:image']).toMatch(new RegExp(`^http://rc\\.test/og/rides/${ride.id}/[a-z0-9]+\\.png$`));
    expect(tags).toMatchObject({ 'og:image:width': '1200', 'og:image:height': '630', 'og:image:type': 'image/png', 'twitter:card': 'summary_large_image' });
    expect(tags['og:image:alt']).toContain('Passo della Futa');
    expect(tags.robots).toBeUndefined();
    // Its address by id previews the same, naming the ride's own address.
    expect(await previewOf(anonymous(), `/rides/${ride.id}`)).toEqual(tags);
  });

  it("is the same with a member's session: computed as for an anonymous visitor", async () => {
    const url = `/groups/${group.slug}/rides/${ride.slug}`;
    expect(await previewOf(member.client, url)).toEqual(await previewOf(anonymous(), url));
  });

  it('is in the language the fetcher asks for, with miles where the roads are signed in miles', async () => {
    const italian = await previewOf(anonymous(), `/rides/${ride.id}`, { 'accept-language': 'it-IT,it;q=0.9' });
    expect(italian['og:description']).toMatch(/^domenica 1 giugno 2031.*09:00.* · Partenza: Bologna, Emilia-Romagna, Italy · \d+ km$/);
    expect(italian['og:title']).toBe(ride.name);
    const american = await previewOf(anonymous(), `/rides/${ride.id}`, { 'accept-language': 'en-US' });
    expect(american['og:description']).toMatch(/ · \d+ mi$/);
  });

  it('names no rider, not even on the page of a ride whose riders anonymous visitors see', async () => {
    const head = (await anonymous().get(`/rides/${ride.id}`)).body.split('</head>')[0]!;
    expect(head).not.toContain(member.user.userId);
    expect(head).not.toContain(owner.user.userId);
  });

  it("paints the ride's name in the boot shell, as the ride page's heading, escaped; the same with a member's session", async () => {
    const { html, shell } = await bootShellOf(anonymous(), `/groups/${group.slug}/rides/${ride.slug}`);
    const heading = shell.querySelector('main h1');
    expect(heading?.textContent).toBe('Passo della Futa "Loop" <fast>');
    // Styled as the ride page's title (features/rides/components/ride-detail-page.tsx), at its place.
    expect(heading?.className).toBe('mt-2 text-3xl font-black tracking-tight break-words text-asphalt-950 sm:text-4xl');
    expect(shell.querySelector('main [data-boot-ride]')).not.toBeNull();
    // The generic skeleton follows, unpainted, for the offline shell (service-worker/shell.ts).
    expect(shell.querySelector('main > template[data-boot-generic]')?.innerHTML).toBe(`\n${GENERIC_MAIN}\n`);
    expect(html).toContain('Passo della Futa &quot;Loop&quot; &lt;fast&gt;');
    expect((await bootShellOf(anonymous(), `/rides/${ride.id}`)).shell.innerHTML).toBe(shell.innerHTML);
    expect((await bootShellOf(member.client, `/rides/${ride.id}`)).shell.innerHTML).toBe(shell.innerHTML);
  });

  it('keeps a ride named like markup inert in the boot shell', async () => {
    const name = '</h1><script>alert(1)</script><img src=x onerror=alert(2)>';
    const tricky = await buildRide(owner, group.id, { ...SUNDAY_RIDE, name });
    const { html, shell } = await bootShellOf(anonymous(), `/rides/${tricky.id}`);
    expect(shell.querySelector('main h1')?.textContent).toBe(name);
    expect(shell.querySelectorAll('script, img')).toHaveLength(0);
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<img src=x');
  });

  it('says a cancelled ride is cancelled', async () => {
    const cancelled = await buildRide(owner, group.id, { ...SUNDAY_RIDE, name: 'Rain check' });
    expect((await owner.client.patch(`/api/rides/${cancelled.id}`, { status: 'cancelled' })).statusCode).toBe(200);
    const tags = await previewOf(anonymous(), `/rides/${cancelled.id}`);
    expect(tags['og:title']).toBe('Cancelled: Rain check');
    expect(tags.robots).toBeUndefined();
  });

  it('draws a 1200x630 PNG under 300 KB, kept for good at its address, and has a new address when the route changes', async () => {
    const imageUrl = new URL((await previewOf(anonymous(), `/rides/${ride.id}`))['og:image']!).pathname;
    const image = await anonymous().get(imageUrl);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(image.rawPayload.length).toBeLessThan(300 * 1024);
    const meta = await sharp(image.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 1200, height: 630 });
    if (process.env.OG_PREVIEW_FILE) fs.writeFileSync(process.env.OG_PREVIEW_FILE, image.rawPayload);

    const moved = await owner.client.patch(`/api/rides/${ride.id}`, {
      waypoints: [{ name: 'Passo della Futa', latitude: 44.0918, longitude: 11.2836 }, { name: 'Firenzuola', latitude: 44.1197, longitude: 11.3786 }],
      endLocation: 'Bologna, Emilia-Romagna, Italy',
      endLatitude: 44.4949,
      endLongitude: 11.3426,
    });
    expect(moved.statusCode).toBe(200);
    const newUrl = new URL((await previewOf(anonymous(), `/rides/${ride.id}`))['og:image']!).pathname;
    expect(newUrl).not.toBe(imageUrl);
    expect((await anonymous().get(newUrl)).statusCode).toBe(200);
    // A chat app asking again for the old address gets the new picture, not to be kept for good.
    const old = await anonymous().get(imageUrl);
    expect(old.statusCode).toBe(200);
    expect(old.rawPayload.equals((await anonymous().get(newUrl)).rawPayload)).toBe(true);
    expect(old.headers['cache-control']).toBe('public, max-age=300');
  });

  it('draws the app card for a ride with no stop on the map', async () => {
    const unplaced = await buildRide(owner, group.id, { ...SUNDAY_RIDE, name: 'Somewhere', startLatitude: null, startLongitude: null, endLatitude: null, endLongitude: null });
    const tags = await previewOf(anonymous(), `/rides/${unplaced.id}`);
    expect(tags['og:description']).not.toMatch(/km|mi$/);
    const image = await anonymous().get(new URL(tags['og:image']!).pathname);
    expect(image.statusCode).toBe(200);
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({ format: 'png', width: 1200, height: 630 });
  });

  it('previews a deleted ride as the app alone, like one that never was, and its picture answers 404', async () => {
    const gone = await buildRide(owner, group.id, { ...SUNDAY_RIDE, name: 'Gone tomorrow' });
    const imageUrl = new URL((await previewOf(anonymous(), `/rides/${gone.id}`))['og:image']!).pathname;
    expect((await owner.client.delete(`/api/rides/${gone.id}`)).statusCode).toBe(200);
    const deleted = await previewOf(anonymous(), `/rides/${gone.id}`);
    expectGeneric(deleted);
    expect(JSON.stringify(deleted)).not.toContain('Gone tomorrow');
    expect(await previewOf(anonymous(), '/rides/no-such-ride')).toEqual(deleted);
    expect(await previewOf(anonymous(), `/groups/${group.slug}/rides/no-such-ride`)).toEqual(deleted);
    // The page paints today's generic boot shell, for every visitor: no name, no heading.
    for (const client of [anonymous(), owner.client, member.client]) {
      for (const url of [`/rides/${gone.id}`, '/rides/no-such-ride', `/groups/${group.slug}/rides/no-such-ride`]) {
        const { html, shell } = await bootShellOf(client, url);
        expect(html).toContain(GENERIC_MAIN);
        expect(shell.querySelector('h1, [data-boot-ride]')).toBeNull();
        expect(html).not.toContain('Gone tomorrow');
      }
    }
    const image = await anonymous().get(imageUrl);
    expect(image.statusCode).toBe(404);
    expect(image.headers['cache-control']).toBe('private, no-store');
  });
});

describe('a group that requires approval, and its rides', () => {
  it('previews what an anonymous visitor sees of it (its card, its rides), never its riders, for every role alike', async () => {
    const roles = await buildRoles(t, { description: 'Private club, ask to join' });
    const ride = await buildRide(roles.owner, roles.group.id, { ...SUNDAY_RIDE, name: 'Members ride' });
    await roles.member.client.post(`/api/rides/${ride.id}/join`);

    const groupTags = await previewOf(anonymous(), `/groups/${roles.group.slug}`);
    expect(groupTags['og:title']).toBe(roles.group.name);
    expect(groupTags['og:description']).toBe('Motorcycle group in Bologna, Emilia-Romagna, Italy, 3 members. Private club, ask to join');
    expect(groupTags['og:url']).toBe(`http://rc.test/groups/${roles.group.slug}`);
    expect(groupTags.robots).toBeUndefined();
    expect((await previewOf(anonymous(), `/groups/${roles.group.slug}`, { 'accept-language': 'it' }))['og:description']).toContain('3 membri');

    const rideTags = await previewOf(anonymous(), `/rides/${ride.id}`);
    expect(rideTags['og:title']).toBe('Members ride');
    for (const rider of [roles.owner, roles.member, roles.coOrganizer, roles.pending, roles.guest, roles.outsider]) {
      expect(await previewOf(rider.client, `/groups/${roles.group.slug}`)).toEqual(groupTags);
      expect(await previewOf(rider.client, `/rides/${ride.id}`)).toEqual(rideTags);
      const head = (await rider.client.get(`/rides/${ride.id}`)).body.split('</head>')[0]!;
      expect(head).not.toContain(roles.member.user.userId);
    }
  });

  it('previews an invitation link as the app alone, naming neither the group nor the inviter', async () => {
    const roles = await buildRoles(t);
    const invitation = await buildInvitation(roles.owner, roles.group.id);
    for (const client of [anonymous(), roles.member.client]) {
      const tags = await previewOf(client, `/invite/${invitation.token}`);
      expectGeneric(tags);
      expect(JSON.stringify(tags)).not.toContain(roles.group.name);
      expect(JSON.stringify(tags)).not.toContain('Marco');
    }
    expect(await previewOf(anonymous(), '/invite/not-a-token')).toEqual(await previewOf(anonymous(), `/invite/${invitation.token}`));
  });

  it('previews a missing group as the app alone', async () => {
    expectGeneric(await previewOf(anonymous(), '/groups/no-such-group-anywhere'));
  });
});

describe('a profile', () => {
  it("previews a public profile's name; a profile for groups or for its owner alone previews as the app, even to a rider who may see it", async () => {
    const rider = await buildGuest(t);
    const friend = await buildGuest(t);
    const group = await buildGroup(rider);
    await addMember(rider, friend, group.id);
    const set = (fields: Record<string, unknown>) => rider.client.patch(`/api/users/${rider.user.id}`, fields);
    expect((await set({ userId: 'ada-on-two-wheels', firstName: 'Ada', lastName: 'Lovelace', bio: 'Twisties before breakfast.', profileVisibility: 'public' })).statusCode).toBe(200);

    const shown = await previewOf(anonymous(), '/profile/ada-on-two-wheels');
    expect(shown['og:title']).toBe('Ada Lovelace (@ada-on-two-wheels)');
    expect(shown['og:description']).toBe('Ada Lovelace rides with RoadCaptain. Twisties before breakfast.');
    expect(shown['og:type']).toBe('profile');
    expect(shown['og:url']).toBe('http://rc.test/profile/ada-on-two-wheels');
    expect(shown.robots).toBeUndefined();
    expect(await previewOf(friend.client, '/profile/ada-on-two-wheels')).toEqual(shown);

    const missing = await previewOf(anonymous(), '/profile/nobody-by-this-name');
    expectGeneric(missing);
    for (const profileVisibility of ['groups', 'private']) {
      expect((await set({ profileVisibility })).statusCode).toBe(200);
      // The friend shares a group with Ada and sees her profile in the app; the preview is still the anonymous one.
      expect((await friend.client.get('/api/users/profile/ada-on-two-wheels')).statusCode).toBe(profileVisibility === 'groups' ? 200 : 404);
      for (const client of [anonymous(), friend.client, rider.client]) {
        const hidden = await previewOf(client, '/profile/ada-on-two-wheels');
        expect(hidden).toEqual(missing);
        expect(JSON.stringify(hidden)).not.toMatch(/Ada|Lovelace|Twisties/);
      }
    }
  });
});

describe('names with what a replacement string reads as patterns, and with direction overrides', () => {
  // `$&`, `$'`, `` $` `` and `$$` in a text put into the page with String.replace were read as
  // patterns: "AA$&BB" became "AA</head>amp;BB" and moved every tag after it out of the head.
  const DOLLARS = `Breakfast run <$10 "Joe$" $& $' $\` $$ $1`;

  /** The tags and the count of <meta> elements in the head and the body, as a reader parses them. */
  async function parsed(url: string): Promise<{ tags: Tags; inBody: number; title: string }> {
    const page = await anonymous().get(url);
    expect(page.statusCode).toBe(200);
    const document = new JSDOM(page.body).window.document;
    return { tags: await previewOf(anonymous(), url), inBody: document.body.querySelectorAll('meta').length, title: document.title };
  }

  it('previews a ride, a group and a profile with such names exactly as saved, every tag in the head', async () => {
    const owner = await buildGuest(t);
    const group = await buildGroup(owner, { name: 'Cash $& Riders', location: "Napoli $` $' $&" });
    const ride = await buildRide(owner, group.id, { ...SUNDAY_RIDE, name: DOLLARS });

    const ridePage = await parsed(`/rides/${ride.id}`);
    expect(ridePage.inBody).toBe(0);
    expect(ridePage.tags['og:title']).toBe(DOLLARS);
    expect(ridePage.tags['og:image:alt']).toContain(DOLLARS);
    expect(ridePage.tags['twitter:card']).toBe('summary_large_image');
    expect(ridePage.title).toBe('RoadCaptain');
    const { shell } = await bootShellOf(anonymous(), `/rides/${ride.id}`);
    expect(shell.querySelector('main h1')?.textContent).toBe(DOLLARS);

    const groupPage = await parsed(`/groups/${group.slug}`);
    expect(groupPage.inBody).toBe(0);
    expect(groupPage.tags['og:title']).toBe('Cash $& Riders');
    expect(groupPage.tags['og:description']).toContain("Motorcycle group in Napoli $` $' $&,");

    const rider = await buildGuest(t);
    const set = await rider.client.patch(`/api/users/${rider.user.id}`, { userId: 'dave-dollar', firstName: 'Dave $&', lastName: "$'", bio: "bio $' end $$", profileVisibility: 'public' });
    expect(set.statusCode).toBe(200);
    const profilePage = await parsed('/profile/dave-dollar');
    expect(profilePage.inBody).toBe(0);
    expect(profilePage.tags['og:title']).toBe("Dave $& $' (@dave-dollar)");
    expect(profilePage.tags['og:description']).toBe("Dave $& $' rides with RoadCaptain. bio $' end $$");
  });

  it('takes direction overrides and invisible characters out of places, and out of every tag', async () => {
    const owner = await buildGuest(t);
    const group = await buildGroup(owner, { location: 'Bergamo\u202E, Lombardia', description: 'Ask \u202Efirst\u202C, then ride' });
    const ride = await buildRide(owner, group.id, { ...SUNDAY_RIDE, startLocation: 'Bergamo \u202E\u200B', endLocation: '\u2066Brescia\u2069' });
    expect(ride.startLocation).toBe('Bergamo');
    expect(ride.endLocation).toBe('Brescia');
    const groupTags = await previewOf(anonymous(), `/groups/${group.slug}`);
    expect(groupTags['og:description']).toContain('Motorcycle group in Bergamo, Lombardia');
    expect(groupTags['og:description']).toContain('Ask first, then ride');
    for (const tags of [groupTags, await previewOf(anonymous(), `/rides/${ride.id}`)]) {
      expect(Object.values(tags).join(' ')).not.toMatch(/[\u200B\u202A-\u202E\u2066-\u2069]/);
    }
  });
});

describe('other pages', () => {
  it('paint the generic boot shell', async () => {
    for (const url of ['/', '/upcoming', '/groups', '/rides']) expect((await anonymous().get(url)).body).toContain(GENERIC_MAIN);
  });

  it("carry the app's own tags, indexable, and the app card is a 1200x630 PNG", async () => {
    const home = await previewOf(anonymous(), '/');
    expect(home['og:title']).toBe('RoadCaptain');
    expect(home['og:description']).toBe('Find your crew, plan the route, ride together.');
    expect(home.robots).toBeUndefined();
    const card = await anonymous().get(new URL(home['og:image']!).pathname);
    expect(card.statusCode).toBe(200);
    expect(card.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await sharp(card.rawPayload).metadata()).toMatchObject({ format: 'png', width: 1200, height: 630 });
    expect(card.rawPayload.length).toBeLessThan(300 * 1024);
    expect((await anonymous().get('/og/app/other.png')).statusCode).toBe(404);
  });
});

describe('a ride with a router (ROUTER_URL)', () => {
  it('draws the road the router gave, and a road learnt later changes the picture\'s address', async () => {
    let up = false;
    // A winding road from Bologna to Parma through the hills.
    const road = Array.from({ length: 200 }, (_, i) => {
      const f = i / 199;
      return [11.3426 + (10.328 - 11.3426) * f + 0.08 * Math.sin(f * 19), 44.4949 + (44.8015 - 44.4949) * f - 0.18 * Math.sin(f * Math.PI) + 0.03 * Math.cos(f * 31)];
    });
    const router = http.createServer((_req, res) => {
      if (!up) return void res.writeHead(503).end();
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 'Ok', routes: [{ distance: 131_000, geometry: { type: 'LineString', coordinates: road } }] }));
    });
    await new Promise<void>((resolve) => router.listen(0, '127.0.0.1', resolve));
    const routed = await createTestApp({ ROUTER_URL: `http://127.0.0.1:${(router.address() as AddressInfo).port}` }, { webDir });
    try {
      const owner = await buildGuest(routed);
      const group = await buildGroup(owner);
      // Planned while the router is down: straight lines.
      const ride = await buildRide(owner, group.id, SUNDAY_RIDE);
      const page = async () => {
        const body = (await new TestClient(routed.app).get(`/rides/${ride.id}`)).body;
        return /property="og:image" content="http:\/\/rc\.test([^"]+)"/.exec(body)![1]!;
      };
      const straight = await page();
      // A rider opens the ride's map once the router is back: its road is cached, and the preview draws it.
      up = true;
      expect((await owner.client.get('/api/route?points=44.4949,11.3426;44.8015,10.328')).json().source).toBe('router');
      const winding = await page();
      expect(winding).not.toBe(straight);
      const image = await new TestClient(routed.app).get(winding);
      expect(image.statusCode).toBe(200);
      expect(image.rawPayload.length).toBeLessThan(300 * 1024);
      expect(await sharp(image.rawPayload).metadata()).toMatchObject({ format: 'png', width: 1200, height: 630 });
      if (process.env.OG_PREVIEW_FILE) fs.writeFileSync(process.env.OG_PREVIEW_FILE.replace(/\.png$/, '-road.png'), image.rawPayload);
    } finally {
      await routed.close();
      router.close();
    }
  });
});
