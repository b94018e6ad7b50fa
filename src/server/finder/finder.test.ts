import { describe, expect, it } from 'vitest';
import { buildGroup, buildGuest, buildRide, inDays } from '../test/factories';
import { useTestApp } from '../test/use-test-app';

const t = useTestApp();

describe('finder', () => {
  it('finds groups and upcoming rides within the radius, nearest first, with their distance', async () => {
    const owner = await buildGuest(t);
    const near = await buildGroup(owner, { name: `Bologna Riders ${Date.now()}`, latitude: 44.4949, longitude: 11.3426 });
    const far = await buildGroup(owner, { name: `Oslo Riders ${Date.now()}`, latitude: 59.9139, longitude: 10.7522 });
    const nearRide = await buildRide(owner, near.id);
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
    const farRide = await buildRide(owner, far.id, at(65.6885, -18.1262, 2));
    const nearRide = await buildRide(owner, near.id, at(64.0671, -21.9377, 9));
    const midRide = await buildRide(owner, near.id, at(64.9, -20.0, 5));
    const pastRide = await buildRide(owner, near.id, at(64.1, -21.9, 3));
    await t.app.ctx.db.updateTable('rides').set({ start_date: inDays(-1), end_date: inDays(-1) }).where('id', '=', pastRide.id).execute();
    const cancelled = await buildRide(owner, near.id, at(64.1, -21.9, 6));
    await t.app.ctx.db.updateTable('rides').set({ status: 'cancelled' }).where('id', '=', cancelled.id).execute();

    const viewer = await buildGuest(t);
    const rides = (await viewer.client.get('/api/rides/finder?latitude=64.1466&longitude=-21.9426&radius=400')).json() as Array<{ id: string; distanceKm: number }>;
    expect(rides.map((r) => r.id)).toEqual([nearRide.id, midRide.id, farRide.id]);
    expect(rides[0]!.distanceKm).toBeCloseTo(8.8, 0);
    const groups = (await viewer.client.get('/api/groups/finder?latitude=64.1466&longitude=-21.9426&radius=400')).json() as Array<{ id: string }>;
    expect(groups.map((g) => g.id)).toEqual([near.id, far.id]);
  });

  it('finds places south of the equator and on both sides of it', async () => {
    // The finders' indexes file places by tenths of a degree of latitude (migration 028), which
    // each database rounds its own way below zero: nothing near a cell's edge may fall out.
    const owner = await buildGuest(t);
    const capeTown = await buildGroup(owner, { name: `Cape Town ${Date.now()}`, latitude: -33.9249, longitude: 18.4241 });
    const quito = await buildGroup(owner, { name: `Quito ${Date.now()}`, latitude: -0.1807, longitude: -78.4678 });
    const south = await buildRide(owner, quito.id, { startLatitude: -0.0949, startLongitude: -78.4, startDate: inDays(3), endDate: inDays(3) });
    const north = await buildRide(owner, quito.id, { startLatitude: 0.1, startLongitude: -78.4, startDate: inDays(4), endDate: inDays(4) });
    const viewer = await buildGuest(t);
    const ids = async (path: string) => ((await viewer.client.get(path)).json() as Array<{ id: string }>).map((x) => x.id);
    // From Stellenbosch, about 40 km from Cape Town.
    expect(await ids('/api/groups/finder?latitude=-33.9321&longitude=18.8602&radius=50')).toContain(capeTown.id);
    expect(await ids('/api/groups/finder?latitude=0&longitude=-78.4&radius=30')).toContain(quito.id);
    expect(await ids('/api/rides/finder?latitude=0&longitude=-78.4&radius=20')).toEqual([south.id, north.id]);
  });
});
