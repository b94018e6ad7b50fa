import fc from 'fast-check';
import { ERROR_MESSAGES } from '../shared/http/error-codes';
import { afterAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp } from './test/test-app';
import { buildRouteWorld, daysFromNow, idKindOf, type IdKind } from './test/route-world';
import {
  bodyArbitrary,
  encodeText,
  fillPath,
  forgedCookieArbitrary,
  pathSegmentArbitrary,
  queryArbitrary,
  validQueryArbitrary,
  routeCollector,
  type CollectedRoute,
  type FieldHints,
  type RequestBody,
} from './test/never-500.arbitraries';

/**
 * Bad input gets a clear JSON 4xx with a message, never a 500 (GUIDE section 5). Every route the
 * app registers (collected as it registers them, so a new route is covered without touching this
 * file) is sent generated bodies, query strings and path ids, by a visitor without a session (or
 * with a forged or broken cookie), a member, and the owner of a group with a ride, a poll, a
 * comment, media and an invitation. Fixed seeds and a bounded number of runs keep it repeatable
 * and within about a minute.
 */

type Role = 'anonymous' | 'member' | 'owner';

// NEVER500_RUNS=10 searches ten times as hard (and takes ten times as long); NEVER500_REPORT=1
// prints every failing request instead of stopping at the first.
const RUNS_FACTOR = Number(process.env.NEVER500_RUNS ?? 1);
const RUNS: Record<Role, number> = { owner: 96 * RUNS_FACTOR, member: 40 * RUNS_FACTOR, anonymous: 32 * RUNS_FACTOR };
/** The owner, who gets furthest into the code, sends more for each field a route reads. */
const runsFor = (route: CollectedRoute, role: Role) =>
  RUNS[role] + (role === 'owner' ? 8 * RUNS_FACTOR * (Object.keys(route.body?.properties ?? {}).length + Object.keys(route.querystring?.properties ?? {}).length) : 0);

const SEED = 20_261_124;
/** Each route and role has its own fixed seed, so adding a route does not change what the others are sent. */
const seedOf = (name: string) => [...name].reduce((hash, char) => (Math.imul(hash, 31) + char.charCodeAt(0)) | 0, SEED);

const collector = routeCollector();
// The writes this file sends would pass the per-session limit in seconds; a 429 is a fine answer but
// hides the route behind it.
const t = await createTestApp({ WRITE_LIMIT_PER_SESSION: '1000000', WRITE_LIMIT_PER_ADDRESS: '1000000' }, { onRoute: collector.onRoute });
afterAll(async () => t.close());

/**
 * Routes left out, and why. The web app's static files and page fallback are not registered at all
 * in API tests (no webDir): they serve files, and their own tests are in platform/web-app.test.ts.
 */
function skipReason(route: CollectedRoute, role: Role): string | null {
  // Server-Sent Events never end for a signed-in rider; a visitor without a session gets its 401.
  if (route.url === '/api/notifications/stream' && role !== 'anonymous') return 'an event stream that stays open';
  return null;
}

const world = await buildWorld();

async function buildWorld() {
  const { owner, member, group, ride, poll, comment, invitation, media } = await buildRouteWorld(t);
  const requests = (await owner.client.get(`/api/groups/${group.id}/membership-requests`)).json() as Array<{ id: string }>;
  const notifications = (await owner.client.get('/api/notifications')).json() as Array<{ id: string }>;
  const sessions = ((await owner.client.get('/api/auth/sessions')).json() as { sessions: Array<{ id: string }> }).sessions;
  const ownerMe = (await owner.client.get('/api/users/current')).json() as { id: string; userId: string };
  const memberMe = (await member.client.get('/api/users/current')).json() as { id: string; userId: string };
  const token = String(invitation.magicLink).split('/').pop()!;
  const invitations = (await owner.client.get(`/api/groups/${group.id}/invitations`)).json() as Array<{ id: string }>;
  const groupDetail = (await owner.client.get(`/api/groups/${group.id}`)).json() as { name: string };

  const ids = {
    group: [group.id],
    ride: [ride.id],
    poll: [poll.id],
    comment: [comment.id],
    media: [media.id],
    user: [ownerMe.id, memberMe.id],
    handle: [ownerMe.userId, memberMe.userId],
    request: requests.map((r) => r.id),
    notification: notifications.map((n) => n.id),
    session: sessions.map((s) => s.id),
    invitation: invitations.map((i) => i.id),
    token: [token],
    groupSlug: [group.slug],
    rideSlug: [ride.slug],
    groupName: [groupDetail.name],
    mediaKey: [String(media.url).split('/').pop()!],
  };
  const allIds = [...new Set(Object.values(ids).flat())].filter(Boolean);
  const hints: FieldHints = {
    futureDate: daysFromNow(4),
    idsByField: { groupId: ids.group, rideId: ids.ride, associatedId: [...ids.ride, ...ids.group, ...ids.user], navigatorId: ids.user, userId: ids.handle, pollId: ids.poll },
  };
  return { ids, allIds, hints, cookies: { anonymous: null, member: member.client.cookieHeader, owner: owner.client.cookieHeader } as Record<Role, string | null> };
}

/** Real ids of the kind a path parameter names (all real ids for a parameter this file does not know). */
function idsFor(url: string, param: string): string[] {
  const { ids, allIds } = world;
  const byName: Record<string, string[]> = {
    requestId: ids.request,
    invitationId: ids.invitation,
    token: ids.token,
    group: ids.groupSlug,
    ride: ids.rideSlug,
    name: ids.groupName,
    username: ids.handle,
    key: ids.mediaKey,
  };
  const byKind: Partial<Record<IdKind, string[]>> = ids;
  const kind = param === 'id' ? idKindOf(url) : undefined;
  const found = byName[param] ?? (kind && byKind[kind]);
  return found && found.length > 0 ? found : allIds;
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Reads first, then writes, then deletions, and the session's own end last, so the world stays
 * there for as many routes as it can.
 */
function order(route: CollectedRoute): number {
  if (route.url.startsWith('/api/auth/')) return route.url.includes('logout') ? 6 : route.url.startsWith('/api/auth/sessions') && route.method !== 'GET' ? 5 : route.method === 'GET' ? 0 : 4;
  return route.method === 'DELETE' ? 3 : WRITE_METHODS.has(route.method) ? 1 : 0;
}
const routes = [...collector.routes].sort((a, b) => order(a) - order(b));

interface Case {
  /** The Cookie header of a visitor without a session (the member's and owner's are their own). */
  cookie: string | null;
  path: Record<string, string>;
  query: string;
  body: RequestBody | null;
}

/** One request in which one part (path, query or body) is hostile and the others as real as they can be. */
function caseArbitrary(route: CollectedRoute, role: Role): fc.Arbitrary<Case> {
  const { allIds, hints } = world;
  const sendsBody = WRITE_METHODS.has(route.method);
  const focuses = [...(route.params.length ? ['path'] : []), 'query', ...(sendsBody ? ['body', 'body', 'body'] : [])];
  const pathFor = (hostile: boolean) =>
    fc.record(Object.fromEntries(route.params.map((p) => [p, hostile ? pathSegmentArbitrary(idsFor(route.url, p), allIds) : fc.constantFrom(...idsFor(route.url, p).map(encodeText))])));
  const body = sendsBody ? bodyArbitrary(route, hints, allIds) : fc.constant(null);
  return fc.constantFrom(...focuses).chain((focus) =>
    fc.record({
      cookie: role === 'anonymous' ? forgedCookieArbitrary() : fc.constant(world.cookies[role]),
      path: pathFor(focus === 'path'),
      query: focus === 'query' ? queryArbitrary(route, hints, allIds) : validQueryArbitrary(route, hints, allIds),
      body,
    }),
  );
}

async function send(route: CollectedRoute, c: Case): Promise<LightMyRequestResponse> {
  const path = fillPath(route.url, c.path);
  const cookie = c.cookie;
  return t.app.inject({
    method: route.method as 'GET',
    url: c.query ? `${path}?${c.query}` : path,
    headers: { ...(cookie ? { cookie } : {}), ...(c.body?.contentType ? { 'content-type': c.body.contentType } : {}) },
    ...(c.body ? { payload: c.body.payload } : {}),
  });
}

function describeCase(route: CollectedRoute, c: Case, res: LightMyRequestResponse): string {
  const payload = c.body ? JSON.stringify(String(c.body.payload).slice(0, 2000)) : '';
  const forged = c.cookie !== null && !Object.values(world.cookies).includes(c.cookie);
  return `${forged ? `[cookie ${c.cookie!.slice(0, 80)}] ` : ''}${route.method} ${fillPath(route.url, c.path).slice(0, 200)}${c.query ? `?${c.query.slice(0, 200)}` : ''} [${c.body?.contentType ?? 'no body'}] ${payload}-> ${res.statusCode} ${res.body.slice(0, 300)}`;
}

/** The promise under test: 2xx, or a 4xx with a JSON `{ message, code }`, the code from the closed list; never a 5xx. */
function checkAnswer(route: CollectedRoute, c: Case, res: LightMyRequestResponse): void {
  const status = res.statusCode;
  if (status >= 500) throw new Error(`5xx: ${describeCase(route, c, res)}`);
  if (status < 200 || (status >= 300 && status < 400)) throw new Error(`neither 2xx nor 4xx: ${describeCase(route, c, res)}`);
  if (status >= 400 && route.method !== 'HEAD') {
    let body: unknown;
    try {
      body = res.json();
    } catch {
      throw new Error(`4xx without JSON: ${describeCase(route, c, res)}`);
    }
    if (typeof (body as { message?: unknown }).message !== 'string') throw new Error(`4xx without a message: ${describeCase(route, c, res)}`);
    const code = (body as { code?: unknown }).code;
    if (typeof code !== 'string' || !Object.hasOwn(ERROR_MESSAGES, code)) throw new Error(`4xx without a known code: ${describeCase(route, c, res)}`);
  }
}

describe('every route answers bad input with a JSON 4xx, never a 5xx', () => {
  it('collects the routes from the app itself', () => {
    expect(routes.length).toBeGreaterThan(50);
    expect(routes.some((r) => r.method === 'POST' && r.url === '/api/rides' && r.body !== null)).toBe(true);
  });

  for (const route of routes) {
    it(`${route.method} ${route.url}`, async () => {
      for (const role of ['anonymous', 'member', 'owner'] as const) {
        if (skipReason(route, role)) continue;
        await fc.assert(
          fc.asyncProperty(caseArbitrary(route, role), async (c) => {
            const res = await send(route, c);
            if (!process.env.NEVER500_REPORT) return checkAnswer(route, c, res);
            try {
              checkAnswer(route, c, res);
            } catch (error) {
              console.log(`[${role}] ${(error as Error).message}`);
            }
          }),
          { seed: seedOf(`${route.method} ${route.url} ${role}`), numRuns: runsFor(route, role), endOnFailure: true },
        );
      }
    }, 60_000 * RUNS_FACTOR);
  }
});

