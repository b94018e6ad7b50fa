import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { buildGroup, buildGuest, buildRoles, type Rider } from '../test/factories';
import { sendRideReminders } from './reminders';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

async function ride(owner: Rider, groupId: string, extra: Record<string, unknown> = {}) {
  const res = await owner.client.post('/api/rides', {
    groupId,
    name: `Ride ${Math.random().toString(36).slice(2, 7)}`,
    startLocation: 'Bologna',
    startLatitude: 44.4949,
    startLongitude: 11.3426,
    endLocation: 'Parma',
    endLatitude: 44.8015,
    endLongitude: 10.328,
    startDate: inDays(4),
    endDate: inDays(4),
    timezoneOffset: 'UTC+00:00',
    timezoneName: 'UTC',
    ...extra,
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json();
}

describe('GET /api/dashboard/stats', () => {
  it('counts upcoming rides, active groups and planned kilometres', async () => {
    const r = await buildRoles(t);
    const first = await ride(r.owner, r.group.id);
    await ride(r.owner, r.group.id);
    await r.member.client.post(`/api/rides/${first.id}/join`);
    const stats = (await r.member.client.get('/api/dashboard/stats')).json();
    expect(stats).toEqual({ upcomingRides: 2, activeGroups: 1, milesPlanned: Math.round(first.totalDistanceKm * 10) / 10 });
    expect((await r.outsider.client.get('/api/dashboard/stats')).json()).toEqual({ upcomingRides: 0, activeGroups: 0, milesPlanned: 0 });
    expect((await r.anonymous.get('/api/dashboard/stats')).statusCode).toBe(401);
  });

  it('counts only active groups the rider owns or joined, not a pending request or a quiet group', async () => {
    const r = await buildRoles(t);
    await ride(r.owner, r.group.id);
    expect((await r.pending.client.get('/api/dashboard/stats')).json().activeGroups).toBe(0);

    // A group with no upcoming ride and nothing new for 30 days is not active.
    const quiet = await buildGroup(r.member);
    await t.app.ctx.db.updateTable('group_members').set({ joined_at: inDays(-60) }).where('group_id', '=', quiet.id).execute();
    expect((await r.member.client.get('/api/dashboard/stats')).json().activeGroups).toBe(1);
    // A poll created this week wakes it up.
    const poll = { groupId: quiet.id, title: 'Spring trip', description: 'Coast road', destination: 'Rimini', durationDays: 1, deadline: inDays(7), proposedDates: [inDays(20)] };
    expect((await r.member.client.post('/api/polls', poll)).statusCode).toBe(201);
    expect((await r.member.client.get('/api/dashboard/stats')).json().activeGroups).toBe(2);
  });
});

describe('finder', () => {
  it('finds groups and upcoming rides within the radius, nearest first, with their distance', async () => {
    const owner = await buildGuest(t);
    const near = await buildGroup(owner, { name: `Bologna Riders ${Date.now()}`, latitude: 44.4949, longitude: 11.3426 });
    const far = await buildGroup(owner, { name: `Oslo Riders ${Date.now()}`, latitude: 59.9139, longitude: 10.7522 });
    const nearRide = await ride(owner, near.id);
    const viewer = await buildGuest(t);
    // From Modena, about 33 km from Bologna.
    const groups = (await viewer.client.get('/api/groups/finder?latitude=44.6471&longitude=10.9252&radius=50')).json();
    expect(groups.map((g: { id: string }) => g.id)).toContain(near.id);
    expect(groups.map((g: { id: string }) => g.id)).not.toContain(far.id);
    expect(groups.find((g: { id: string }) => g.id === near.id).distanceKm).toBeCloseTo(33, -1);
    const rides = (await viewer.client.get('/api/rides/finder?latitude=44.6471&longitude=10.9252&radius=50')).json();
    expect(rides.map((x: { id: string }) => x.id)).toContain(nearRide.id);
    expect((await viewer.client.get('/api/rides/finder?latitude=44.6471&longitude=10.9252&radius=10')).json().map((x: { id: string }) => x.id)).not.toContain(nearRide.id);
    expect((await viewer.client.get('/api/rides/finder?latitude=95&longitude=0')).statusCode).toBe(400);
    expect((await viewer.client.get('/api/groups/finder?latitude=1&longitude=1&radius=5000')).statusCode).toBe(400);
  });

  it('orders by distance, not by date or age, and ignores past and cancelled rides', async () => {
    // Around Reykjavik, where no other test puts anything.
    const owner = await buildGuest(t);
    const far = await buildGroup(owner, { name: `Akureyri ${Date.now()}`, latitude: 65.6885, longitude: -18.1262 });
    const near = await buildGroup(owner, { name: `Hafnarfjordur ${Date.now()}`, latitude: 64.0671, longitude: -21.9377 });
    const at = (lat: number, lon: number, days: number) => ({ startLatitude: lat, startLongitude: lon, startDate: inDays(days), endDate: inDays(days) });
    const farRide = await ride(owner, far.id, at(65.6885, -18.1262, 2));
    const nearRide = await ride(owner, near.id, at(64.0671, -21.9377, 9));
    const midRide = await ride(owner, near.id, at(64.9, -20.0, 5));
    const pastRide = await ride(owner, near.id, at(64.1, -21.9, 3));
    await t.app.ctx.db.updateTable('rides').set({ start_date: inDays(-1), end_date: inDays(-1) }).where('id', '=', pastRide.id).execute();
    const cancelled = await ride(owner, near.id, at(64.1, -21.9, 6));
    await t.app.ctx.db.updateTable('rides').set({ status: 'cancelled' }).where('id', '=', cancelled.id).execute();

    const viewer = await buildGuest(t);
    const rides = (await viewer.client.get('/api/rides/finder?latitude=64.1466&longitude=-21.9426&radius=400')).json() as Array<{ id: string; distanceKm: number }>;
    expect(rides.map((r) => r.id)).toEqual([nearRide.id, midRide.id, farRide.id]);
    expect(rides[0]!.distanceKm).toBeCloseTo(8.8, 0);
    const groups = (await viewer.client.get('/api/groups/finder?latitude=64.1466&longitude=-21.9426&radius=400')).json() as Array<{ id: string }>;
    expect(groups.map((g) => g.id)).toEqual([near.id, far.id]);
  });
});

describe('GET /api/users/{id}/recent-rides', () => {
  it('lists past rides the rider took part in, under the profile’s visibility', async () => {
    const r = await buildRoles(t);
    const past = await ride(r.owner, r.group.id, { name: 'Old Loop' });
    await t.app.ctx.db.updateTable('rides').set({ start_date: inDays(-3), end_date: inDays(-3) }).where('id', '=', past.id).execute();
    const list = (await r.outsider.client.get(`/api/users/${r.owner.user.id}/recent-rides`)).json();
    expect(list).toEqual([expect.objectContaining({ name: 'Old Loop', groupName: r.group.name, groupSlug: r.group.slug, slug: 'old-loop' })]);
    await r.owner.client.patch(`/api/users/${r.owner.user.id}`, { profileVisibility: 'private' });
    expect((await r.outsider.client.get(`/api/users/${r.owner.user.id}/recent-rides`)).statusCode).toBe(404);
    expect((await r.owner.client.get(`/api/users/${r.owner.user.id}/recent-rides`)).statusCode).toBe(200);
  });
});

describe('ride reminders', () => {
  it('reminds participants 3 days and 1 day ahead, once each', async () => {
    const r = await buildRoles(t);
    const soon = await ride(r.owner, r.group.id, { name: 'Coast Run', startDate: inDays(2.5), endDate: inDays(2.5) });
    await r.member.client.post(`/api/rides/${soon.id}/join`);
    await sendRideReminders(t.app.ctx);
    await sendRideReminders(t.app.ctx);
    const reminders = (await r.member.client.get('/api/notifications')).json().filter((n: { type: string }) => n.type === 'ride_reminder');
    expect(reminders).toEqual([expect.objectContaining({ title: 'Ride in 3 days', message: "Don't forget about Coast Run" })]);
    expect((await r.outsider.client.get('/api/notifications')).json()).toEqual([]);

    await sendRideReminders(t.app.ctx, new Date(Date.now() + 1.8 * 86_400_000));
    const after = (await r.member.client.get('/api/notifications')).json().filter((n: { type: string }) => n.type === 'ride_reminder');
    expect(after.map((n: { title: string }) => n.title)).toEqual(['Ride Tomorrow!', 'Ride in 3 days']);
  });
});

describe('GET /api/route', () => {
  it('answers without geometry when no router is configured', async () => {
    const rider = await buildGuest(t);
    expect((await rider.client.get('/api/route?points=44.49,11.34;44.80,10.33')).json()).toEqual({ geometry: null, distanceKm: null, source: 'none' });
    expect((await rider.client.get('/api/route?points=44.49,11.34')).statusCode).toBe(400);
    expect((await rider.client.get('/api/route?points=abc')).statusCode).toBe(400);
  });

  it('asks an OSRM-compatible router once and caches the road; falls back when it fails', async () => {
    let calls = 0;
    let fail = false;
    const urls: string[] = [];
    const router = http.createServer((req, res) => {
      calls++;
      urls.push(req.url ?? '');
      if (fail) return void res.writeHead(500).end();
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 'Ok', routes: [{ distance: 97_500, geometry: { type: 'LineString', coordinates: [[11.34, 44.49], [10.9, 44.6], [10.33, 44.8]] } }] }));
    });
    await new Promise<void>((resolve) => router.listen(0, '127.0.0.1', resolve));
    const routed = await createTestApp({ ROUTER_URL: `http://127.0.0.1:${(router.address() as AddressInfo).port}` });
    try {
      const rider = await buildGuest(routed);
      const first = (await rider.client.get('/api/route?points=44.49,11.34;44.80,10.33')).json();
      expect(first).toEqual({ geometry: [[44.49, 11.34], [44.6, 10.9], [44.8, 10.33]], distanceKm: 97.5, source: 'router' });
      await rider.client.get('/api/route?points=44.49,11.34;44.80,10.33');
      expect(calls).toBe(1);
      expect(urls[0]).toBe('/route/v1/driving/11.340000,44.490000;10.330000,44.800000?overview=full&geometries=geojson');

      // A ride's stored total is the routed distance when the router answers.
      const group = await buildGroup(rider);
      const created = await ride(rider, group.id);
      expect(created.totalDistanceKm).toBe(97.5);
      fail = true;
      expect((await rider.client.get('/api/route?points=45,11;46,12')).json().source).toBe('none');
    } finally {
      await routed.close();
      router.close();
    }
  });
});
