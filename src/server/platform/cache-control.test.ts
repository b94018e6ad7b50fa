import Fastify from 'fastify';
import cookie from '@fastify/cookie';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, TestClient } from '../test/test-app';
import { routeCollector } from '../test/never-500.arbitraries';
import { openEventStream } from '../test/event-stream';
import { buildRouteWorld, expectCreated, idKindOf, type IdKind } from '../test/route-world';
import { rideBody } from '../test/factories';
import { unsubscribeToken } from '../deliveries/unsubscribe-token';
import { fileOf, gpxFixture, PHOTO, postMultipart, type Part } from '../media/media.test-helpers';
import { applyCachePolicy } from './cache-control';

/**
 * No cache between the rider and the server (a company proxy, a CDN) may keep an API answer: most
 * depend on the session cookie or a secret in the address. Every GET the app registers (collected
 * as it registers them, so a new route is covered without touching this file) is asked by the
 * owner of a group with a ride, a poll, a comment, media, an invitation and a join request waiting,
 * and must answer `private, no-store`, unless it is one of the few answers that are the same for
 * everyone and say so themselves (PUBLIC below).
 */

const collector = routeCollector();
const t = await createTestApp({}, { onRoute: collector.onRoute });
afterAll(async () => t.close());

const PRIVATE_NO_STORE = 'private, no-store';

/** The answers the same for every visitor, with the caching each chose (anything else is private). */
const PUBLIC: Record<string, string> = {
  'GET /api/app-config': 'public, max-age=300',
  // The server's VAPID public key: the same for everyone until the database is replaced.
  'GET /api/push/key': 'public, max-age=3600',
};

/** Routes not asked here, and why. */
const SKIPPED: Record<string, string> = {
  // Server-Sent Events never end (inject cannot read them): asked on a real socket below.
  'GET /api/notifications/stream': 'an event stream that stays open',
};

const world = await buildWorld();

async function buildWorld() {
  const { owner, group, ride, poll, invitation, media } = await buildRouteWorld(t);
  const upload = (associatedType: string, associatedId: string, file: Part) =>
    expectCreated(postMultipart(t, '/api/media', owner.client, [{ name: 'associatedType', value: associatedType }, { name: 'associatedId', value: associatedId }, file]));
  const groupPhoto = await upload('group', group.id, fileOf(PHOTO, 'meeting.jpg'));
  const route = await upload('ride', ride.id, fileOf(gpxFixture('togeojson-strava.gpx'), 'futa.gpx', 'application/gpx+xml'));
  const me = (await owner.client.get('/api/users/current')).json() as { id: string; userId: string };
  const feed = (await owner.client.get('/api/users/current/calendar')).json() as { url: string };
  const groupName = ((await owner.client.get(`/api/groups/${group.id}`)).json() as { name: string }).name;
  const weekly = { rule: { frequency: 'weekly', weekdays: ['SU'] }, timezone: 'Europe/Rome' };
  const seriesRide = (await owner.client.post('/api/rides', rideBody(group.id, { repeats: weekly }))).json() as { series: { id: string } };
  const params: Record<string, string> = {
    group: group.slug,
    ride: ride.slug,
    name: groupName,
    username: me.userId,
    token: String(invitation.magicLink).split('/').pop()!,
    unsubscribe: await unsubscribeToken(t.app.ctx.db, owner.user.id, 'ride_cancelled'),
    file: feed.url.split('/').pop()!,
  };
  /** `:id` by what it names (idKindOf); the GPX route's is the ride's GPX file. */
  const ids: Partial<Record<IdKind | 'gpx', string>> = { group: group.id, ride: ride.id, media: media.id, poll: poll.id, user: me.id, series: seriesRide.series.id, gpx: route.id };
  /** The query a route needs to answer 2xx. */
  const queries: Record<string, string> = {
    '/api/media': `associatedType=ride&associatedId=${ride.id}`,
    '/api/rides/:id/export': 'format=gpx',
    '/api/route': 'points=44.49,11.34;44.80,10.33',
    '/api/search-location': 'q=Bologna',
    '/api/groups/finder': 'latitude=44.49&longitude=11.34',
    '/api/rides/finder': 'latitude=44.49&longitude=11.34',
    '/api/groups/search': 'q=Riders',
  };
  return { owner, params, ids, queries, rideMediaUrl: String(media.url), groupMediaUrl: String(groupPhoto.url), gpxUrl: String(route.url) };
}

function urlFor(route: string): string {
  const path = route.replace(/:([A-Za-z0-9_]+)/g, (_, param: string) =>
    encodeURIComponent(
      param === 'id'
        ? world.ids[route.startsWith('/api/media/:id/gpx') ? 'gpx' : idKindOf(route)!]!
        : route.startsWith('/api/notifications/unsubscribe/') ? world.params.unsubscribe! : world.params[param]!,
    ),
  );
  const query = world.queries[route];
  return query ? `${path}?${query}` : path;
}

const apiGets = collector.routes.filter((r) => r.method === 'GET' && r.url.startsWith('/api/') && !SKIPPED[`GET ${r.url}`]);

describe('Cache-Control of API answers', () => {
  it('finds the API’s reads', () => {
    // The issue named these; the walk below is every registered one.
    for (const url of ['/api/groups', '/api/dashboard/stats', '/api/groups/:id/members', '/api/groups/:id/membership-requests', '/api/membership-requests/pending', '/api/media/storage']) {
      expect(apiGets.map((r) => r.url)).toContain(url);
    }
  });

  it.each(apiGets.map((r) => [r.url]))('GET %s, signed in, is kept by no cache unless it is the same for everyone', async (route) => {
    const res = await world.owner.client.get(urlFor(route));
    // Asked so that it answers (an error's header proves nothing about the answer's).
    expect(res.statusCode, res.body.slice(0, 300)).toBeLessThan(300);
    expect(res.headers['cache-control']).toBe(PUBLIC[`GET ${route}`] ?? PRIVATE_NO_STORE);
  });

  it('streams the notifications with private, no-store (the stream writes its own headers)', async () => {
    const stream = await openEventStream(t.app, world.owner.client.cookie!);
    try {
      expect(stream.headers['cache-control']).toBe(PRIVATE_NO_STORE);
    } finally {
      stream.close();
    }
  });

  it('answers a write with private, no-store', async () => {
    const res = await world.owner.client.post('/api/groups', { name: 'Cache riders', location: 'Bologna', latitude: 44.49, longitude: 11.34, radiusKm: 50, timezoneOffset: 'UTC+01:00', timezoneName: 'Berlin' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['cache-control']).toBe(PRIVATE_NO_STORE);
  });

  it('never lets a cache keep an error, from the API or elsewhere', async () => {
    const anonymous = new TestClient(t.app);
    const errors = [
      await anonymous.get('/api/groups'), // 401
      await world.owner.client.get('/api/app-config/nope'), // 404 of no route
      await world.owner.client.get('/api/groups/finder?latitude=500&longitude=0'), // 400
      await world.owner.client.get('/api/calendar/nope.ics'), // 404 of a secret address
      await anonymous.get(`${world.rideMediaUrl.replace(/[^/]+$/, '')}${'a'.repeat(32)}.jpg`), // a media file that is not there
    ];
    expect(errors.map((r) => r.statusCode)).toEqual([401, 404, 400, 404, 404]);
    for (const res of errors) expect(res.headers['cache-control']).toBe(PRIVATE_NO_STORE);
  });

  it('never lets a cache keep an answer that sets a cookie, even one its route calls public', async () => {
    // No route does both today; the rule keeps a future one from handing its cookie to everyone behind a cache.
    const app = Fastify();
    await app.register(cookie);
    applyCachePolicy(app);
    app.get('/hello', (_request, reply) => reply.header('Cache-Control', 'public, max-age=300').setCookie('seen', '1').send('hello'));
    app.get('/plain', (_request, reply) => reply.header('Cache-Control', 'public, max-age=300').send('hello'));
    try {
      const withCookie = await app.inject({ url: '/hello' });
      expect(withCookie.headers['set-cookie']).toMatch(/^seen=1/);
      expect(withCookie.headers['cache-control']).toBe(PRIVATE_NO_STORE);
      expect((await app.inject({ url: '/plain' })).headers['cache-control']).toBe('public, max-age=300');
    } finally {
      await app.close();
    }
  });

  it('leaves the media files their own caching: public files shared, the others for the browser only', async () => {
    const rideFile = await new TestClient(t.app).get(world.rideMediaUrl);
    expect(rideFile.statusCode).toBe(200);
    expect(rideFile.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const groupFile = await world.owner.client.get(world.groupMediaUrl);
    expect(groupFile.statusCode).toBe(200);
    expect(groupFile.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    const gpxFile = await world.owner.client.get(world.gpxUrl);
    expect(gpxFile.statusCode).toBe(200);
    expect(gpxFile.headers['cache-control']).toBe('private, no-cache');
  });
});
