import crypto from 'node:crypto';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { TestClient, createTestApp, tokenFromMail, buildSignedInUser } from '../test/test-app';
import { buildGroup, buildGuest, buildRide, buildRoles, inDays } from '../test/factories';
import { CALENDAR_READS_PER_FEED_PER_HOUR } from '../limits/write-limits';
import { useTestApp } from '../test/use-test-app';
import { icsProblems } from '../test/ics-lint';

const t = useTestApp();

interface ParsedEvent {
  uid: string;
  summary: string;
  location: string;
  description: string;
  sequence: number;
  status: string | null;
  url: string | null;
  start: string;
  end: string;
}

/** The feed as a calendar app reads it: parsed by ical.js. */
function eventsOf(text: string): ParsedEvent[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      summary: event.summary,
      location: event.location,
      description: event.description,
      sequence: event.sequence,
      status: vevent.getFirstPropertyValue('status') as string | null,
      url: vevent.getFirstPropertyValue('url') as string | null,
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
    };
  });
}

const toSecond = (iso: string) => new Date(Math.floor(Date.parse(iso) / 1000) * 1000).toISOString();

/** Reads a feed address the way a calendar app does: no cookie. */
async function readFeed(url: string) {
  const res = await new TestClient(t.app).get(new URL(url).pathname);
  return { res, events: res.statusCode === 200 ? eventsOf(res.body) : [] };
}

describe('the rider calendar feed', () => {
  it('answers the same secret address on every call, only to its rider', async () => {
    const r = await buildRoles(t);
    const first = await r.member.client.get('/api/users/current/calendar');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ url: expect.stringMatching(/^http:\/\/rc\.test\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/), scope: 'groups' });
    expect((await r.member.client.get('/api/users/current/calendar')).json()).toEqual(first.json());
    expect((await r.outsider.client.get('/api/users/current/calendar')).json().url).not.toBe(first.json().url);
    expect((await r.anonymous.get('/api/users/current/calendar')).statusCode).toBe(401);
    // Found by the token's hash, so a lookup's timing tells nothing of the token.
    const token = /calendar\/([^.]+)\.ics/.exec(first.json().url)![1]!;
    const stored = await t.app.ctx.db.selectFrom('calendar_feeds').selectAll().where('user_id', '=', r.member.user.id).executeTakeFirstOrThrow();
    expect(stored.token_hash).toBe(crypto.createHash('sha256').update(token).digest('hex'));
  });

  it('lists joined rides and the group’s rides, one event each, and raises SEQUENCE on a change and on cancelling', async () => {
    const r = await buildRoles(t);
    const joined = await buildRide(r.owner, r.group.id, { name: 'Passo della Futa', description: 'Coffee at the top', waypoints: [{ name: 'Sasso Marconi', latitude: 44.4, longitude: 11.25 }] });
    const other = await buildRide(r.owner, r.group.id, { name: 'Other ride' });
    await r.member.client.post(`/api/rides/${joined.id}/join`);
    const { url } = (await r.member.client.get('/api/users/current/calendar')).json();

    const before = await readFeed(url);
    expect(before.res.statusCode).toBe(200);
    expect(before.res.headers['content-type']).toMatch(/^text\/calendar/);
    expect(before.events.map((e) => e.summary).sort()).toEqual(['Other ride', 'Passo della Futa']);
    const event = before.events.find((e) => e.summary === 'Passo della Futa')!;
    const ride = (await r.member.client.get(`/api/rides/${joined.id}`)).json();
    expect(event).toEqual({
      uid: `ride-${joined.id}@rc.test`,
      summary: 'Passo della Futa',
      location: 'Bologna, Emilia-Romagna, Italy',
      description: 'Stops:\n1. Bologna, Emilia-Romagna, Italy\n2. Sasso Marconi\n3. Parma, Emilia-Romagna, Italy\n\nCoffee at the top',
      sequence: 0,
      status: 'CONFIRMED',
      url: `http://rc.test/rides/${joined.id}`,
      // iCalendar times are to the second; a full-day ride is put down as 8 hours from its start.
      start: toSecond(ride.startDate),
      end: toSecond(new Date(Date.parse(ride.startDate) + 8 * 3_600_000).toISOString()),
    });

    // An edit the rider sees: same UID, new summary, SEQUENCE up.
    expect((await r.owner.client.patch(`/api/rides/${joined.id}`, { name: 'Passo della Futa (new time)', startLocation: 'Casalecchio', startLatitude: 44.47, startLongitude: 11.27 })).statusCode).toBe(200);
    const changed = (await readFeed(url)).events.find((e) => e.uid === event.uid)!;
    expect([changed.summary, changed.location, changed.sequence]).toEqual(['Passo della Futa (new time)', 'Casalecchio', 1]);

    // Cancelled: still listed, STATUS:CANCELLED, SEQUENCE up again.
    expect((await r.owner.client.patch(`/api/rides/${joined.id}`, { status: 'cancelled' })).statusCode).toBe(200);
    const cancelled = (await readFeed(url)).events.find((e) => e.uid === event.uid)!;
    // Outlook ignores STATUS:CANCELLED: the title says it too.
    expect([cancelled.status, cancelled.sequence, cancelled.summary]).toEqual(['CANCELLED', 2, 'Cancelled: Passo della Futa (new time)']);

    // Joined rides only: the group's other ride leaves the feed.
    expect((await r.member.client.post('/api/users/current/calendar', { scope: 'joined' })).json()).toEqual({ url, scope: 'joined' });
    expect((await readFeed(url)).events.map((e) => e.uid)).toEqual([event.uid]);
    expect((await readFeed(url)).events.map((e) => e.uid)).not.toContain(`ride-${other.id}@rc.test`);

    // Someone outside the group, or still waiting to be let in, sees none of it.
    for (const rider of [r.outsider, r.pending]) {
      const feed = (await rider.client.get('/api/users/current/calendar')).json().url;
      expect((await readFeed(feed)).events).toEqual([]);
    }
  });

  it('reset gives a new address and the old one answers 404', async () => {
    const r = await buildRoles(t);
    await buildRide(r.owner, r.group.id);
    const old = (await r.member.client.get('/api/users/current/calendar')).json().url;
    const reset = await r.member.client.post('/api/users/current/calendar', { reset: true });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().url).not.toBe(old);
    expect((await readFeed(old)).res.statusCode).toBe(404);
    expect((await readFeed(old)).res.json().message).toBe('Calendar not found');
    expect((await readFeed(reset.json().url)).events).toHaveLength(1);
    expect((await r.member.client.get('/api/users/current/calendar')).json().url).toBe(reset.json().url);
  });

  it('refuses bad input with a clear 400 and odd addresses with 404', async () => {
    const r = await buildRoles(t);
    for (const body of [{}, { reset: false }, { scope: 'everything' }, { reset: true, extra: 1 }]) {
      const res = await r.member.client.post('/api/users/current/calendar', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    for (const path of ['/api/calendar/nope.ics', `/api/calendar/${'a'.repeat(43)}.ics`, `/api/calendar/${'a'.repeat(43)}`]) {
      expect((await r.anonymous.get(path)).statusCode).toBe(404);
    }
  });

  it('limits reads per feed, not per address: past 120 an hour the feed answers 429, other feeds still answer', async () => {
    const r = await buildRoles(t);
    const mine = (await r.member.client.get('/api/users/current/calendar')).json().url;
    const theirs = (await r.owner.client.get('/api/users/current/calendar')).json().url;
    const statuses: number[] = [];
    for (let i = 0; i < CALENDAR_READS_PER_FEED_PER_HOUR + 1; i++) statuses.push((await readFeed(mine)).res.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(CALENDAR_READS_PER_FEED_PER_HOUR);
    const refused = await readFeed(mine);
    expect([refused.res.statusCode, refused.res.json().message]).toEqual([429, 'This calendar was read too often. Please try again later.']);
    expect(Number(refused.res.headers['retry-after'])).toBeGreaterThan(0);
    expect((await readFeed(theirs)).res.statusCode).toBe(200);
  });

  it('keeps a guest’s feed when the guest signs into an account without one', async () => {
    const account = await buildSignedInUser(t);
    const guest = new TestClient(t.app);
    await guest.get('/api/users/current');
    const url = (await guest.get('/api/users/current/calendar')).json().url;
    await guest.post('/api/auth/magic-link', { email: account.user.email }, { 'x-forwarded-for': '10.9.8.7' });
    await guest.post('/api/auth/verify-magic-link', { token: tokenFromMail(t.mail, account.user.email) });
    expect((await guest.get('/api/users/current')).json().id).toBe(account.user.id);
    expect((await account.client.get('/api/users/current/calendar')).json().url).toBe(url);
    expect((await readFeed(url)).res.statusCode).toBe(200);
  });

  it('gets a new address when the account passes to a newly confirmed address: whoever had it before reads nothing more', async () => {
    // A guest asks for someone else's address and keeps its feed's address...
    const asker = new TestClient(t.app);
    const account = (await asker.get('/api/users/current')).json().id as string;
    const before = (await asker.get('/api/users/current/calendar')).json().url;
    const address = `owner-${crypto.randomBytes(4).toString('hex')}@example.com`;
    expect((await asker.patch(`/api/users/${account}`, { email: address })).statusCode).toBe(200);
    // ...the address's owner confirms it in their own browser and now has the account...
    const owner = new TestClient(t.app);
    expect((await owner.post('/api/auth/verify-magic-link', { token: tokenFromMail(t.mail, address), confirm: true })).statusCode).toBe(200);
    expect((await owner.get('/api/users/current')).json()).toMatchObject({ id: account, email: address });
    // ...and joins a club whose ride the old feed address must not tell the asker.
    const club = await buildGuest(t);
    const group = await buildGroup(club);
    expect((await owner.post(`/api/groups/${group.id}/join`)).statusCode).toBe(200);
    await buildRide(club, group.id);
    expect((await readFeed(before)).res.statusCode).toBe(404);
    const now = (await owner.get('/api/users/current/calendar')).json().url;
    expect(now).not.toBe(before);
    expect((await readFeed(now)).events).toHaveLength(1);
  });

  it('an account’s own feed wins over the guest’s that signs into it', async () => {
    const account = await buildSignedInUser(t);
    const own = (await account.client.get('/api/users/current/calendar')).json().url;
    const guest = new TestClient(t.app);
    await guest.get('/api/users/current');
    const guestUrl = (await guest.get('/api/users/current/calendar')).json().url;
    await guest.post('/api/auth/magic-link', { email: account.user.email }, { 'x-forwarded-for': '10.9.8.6' });
    await guest.post('/api/auth/verify-magic-link', { token: tokenFromMail(t.mail, account.user.email) });
    expect((await guest.get('/api/users/current/calendar')).json().url).toBe(own);
    expect((await readFeed(guestUrl)).res.statusCode).toBe(404);
  });
});

describe('GET /api/rides/{id}/calendar.ics', () => {
  it('gives one ride to whoever may see it; 404 for an unknown ride', async () => {
    const r = await buildRoles(t);
    const ride = await buildRide(r.owner, r.group.id, { name: 'Raid & <Rêve> 東京' });
    for (const client of [r.anonymous, r.guest.client, r.outsider.client, r.pending.client, r.member.client, r.owner.client]) {
      const res = await client.get(`/api/rides/${ride.id}/calendar.ics`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toBe(`attachment; filename="${ride.slug}.ics"`);
      expect(eventsOf(res.body).map((e) => [e.uid, e.summary])).toEqual([[`ride-${ride.id}@rc.test`, 'Raid & <Rêve> 東京']]);
    }
    expect((await r.member.client.get('/api/rides/no-such-ride/calendar.ics')).statusCode).toBe(404);
  });
});

describe('calendar files that every calendar app reads right', () => {
  it('ends each ride at its expected end, keeps text clean, escapes the calendar name and ends with CRLF', async () => {
    const r = await buildRoles(t);
    const start = inDays(4, '09:00');
    const half = await buildRide(r.owner, r.group.id, { name: 'Futa, Raticosa; and back', startDate: start, endDate: start, duration: 'half-day' });
    const full = await buildRide(r.owner, r.group.id, { startDate: start, endDate: start, duration: 'full-day' });
    const multi = await buildRide(r.owner, r.group.id, { startDate: start, endDate: inDays(6, '09:00'), duration: 'multi-day' });
    // Text that reached the database with control characters (older rows, imports).
    await t.app.ctx.db.updateTable('rides').set({ description: 'Meet\u0007 at the bar\u0002\nCoffee\u001b first', start_location: 'Bologna\u0008 centre' }).where('id', '=', half.id).execute();

    const res = await r.member.client.get(`/api/rides/${half.id}/calendar.ics`);
    expect(icsProblems(res.body)).toEqual([]);
    expect(res.body.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(res.body).toContain('\r\nNAME:Futa\\, Raticosa\\; and back\r\n');
    expect(res.body).toContain('\r\nX-WR-CALNAME:Futa\\, Raticosa\\; and back\r\n');
    const [event] = eventsOf(res.body);
    expect(event!.description).toBe('Stops:\n1. Bologna centre\n2. Parma, Emilia-Romagna, Italy\n\nMeet at the bar\nCoffee first');
    expect(event!.location).toBe('Bologna centre');
    expect([event!.start, event!.end]).toEqual([start, new Date(Date.parse(start) + 4 * 3_600_000).toISOString()]);

    const { url } = (await r.member.client.get('/api/users/current/calendar')).json();
    const feed = await new TestClient(t.app).get(new URL(url).pathname);
    expect(icsProblems(feed.body)).toEqual([]);
    const ends = Object.fromEntries(eventsOf(feed.body).map((e) => [e.uid, e.end]));
    expect(ends[`ride-${full.id}@rc.test`]).toBe(new Date(Date.parse(start) + 8 * 3_600_000).toISOString());
    // A ride over several days keeps its own end: the end of its last day.
    expect(ends[`ride-${multi.id}@rc.test`]).toBe(toSecond(multi.endDate));
  });
});

describe('a ride whose road the router knows', () => {
  it('ends when its road takes plus 20 minutes a stop-over; without a known road by its length', async () => {
    // A fake OSRM router: a straight road through the asked points that takes 90 minutes.
    const router = http.createServer((req, res) => {
      const asked = /\/route\/v1\/driving\/([^?]+)/.exec(req.url ?? '')![1]!.split(';').map((pair) => pair.split(',').map(Number));
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ code: 'Ok', routes: [{ distance: 80_000, duration: 5400, geometry: { coordinates: asked } }] }));
    });
    await new Promise<void>((resolve) => router.listen(0, '127.0.0.1', resolve));
    const routed = await createTestApp({ ROUTER_URL: `http://127.0.0.1:${(router.address() as AddressInfo).port}` });
    try {
      const r = await buildRoles(routed);
      const start = inDays(4, '09:00');
      const ride = await buildRide(r.owner, r.group.id, { startDate: start, endDate: start, duration: 'full-day', waypoints: [{ name: 'Sasso Marconi', latitude: 44.4, longitude: 11.25 }] });
      const [event] = eventsOf((await r.member.client.get(`/api/rides/${ride.id}/calendar.ics`)).body);
      expect(event!.end).toBe(new Date(Date.parse(start) + (5400 + 20 * 60) * 1000).toISOString());
      // A road the router never gave (the stops moved, no router now): the length decides.
      const plain = await buildRide(r.owner, r.group.id, { startDate: start, endDate: start, duration: 'half-day', startLatitude: null, startLongitude: null });
      const [other] = eventsOf((await r.member.client.get(`/api/rides/${plain.id}/calendar.ics`)).body);
      expect(other!.end).toBe(new Date(Date.parse(start) + 4 * 3_600_000).toISOString());
    } finally {
      await routed.close();
      await new Promise<void>((resolve) => router.close(() => resolve()));
    }
  });
});

describe('the strict iCalendar checker', () => {
  it('finds what calendar apps trip over', () => {
    const good = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//x//y//EN\r\nNAME:a\\, b\r\nBEGIN:VEVENT\r\nUID:1\r\nDTSTAMP:20260101T000000Z\r\nDTSTART:20260101T000000Z\r\nSUMMARY:x\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n';
    expect(icsProblems(good)).toEqual([]);
    expect(icsProblems(good.slice(0, -2))).toContain('the file does not end with CRLF');
    expect(icsProblems(good.replace('NAME:a\\, b', 'NAME:a, b'))).toEqual([expect.stringContaining('NAME has an unescaped comma')]);
    expect(icsProblems(good.replace('SUMMARY:x', 'SUMMARY:x\u0007'))).toEqual(['SUMMARY holds a control character']);
    expect(icsProblems(good.replace('UID:1\r\n', ''))).toEqual(['VEVENT without UID']);
  });
});
