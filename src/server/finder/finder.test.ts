import { describe, expect, it } from 'vitest';
import { buildGroup, buildGuest, buildRide, inDays } from '../test/factories';
import { useTestApp } from '../test/use-test-app';
import { FINDER_PAGE_SIZE } from '../../shared/finder/finder-pages';

const t = useTestApp();

describe('finder', () => {
  it('finds groups and upcoming rides within the radius, nearest first, with their distance', async () => {
    const owner = await buildGuest(t);
    const near = await buildGroup(owner, { name: `Bologna Riders ${Date.now()}`, latitude: 44.4949, longitude: 11.3426 });
    const far = await buildGroup(owner, { name: `Oslo Riders ${Date.now()}`, latitude: 59.9139, longitude: 10.7522 });
    const nearRide = await buildRide(owner, near.id);
    const viewer = await buildGuest(t);
    // From Modena, about 33 km from Bologna.
    const groups = (await viewer.client.get('/api/groups/finder?latitude=44.6471&longitude=10.9252&radius=50')).json().results;
    expect(groups.map((g: { id: string }) => g.id)).toContain(near.id);
    expect(groups.map((g: { id: string }) => g.id)).not.toContain(far.id);
    expect(groups.find((g: { id: string }) => g.id === near.id).distanceKm).toBeCloseTo(33, -1);
    const rides = (await viewer.client.get('/api/rides/finder?latitude=44.6471&longitude=10.9252&radius=50')).json().results;
    expect(rides.map((x: { id: string }) => x.id)).toContain(nearRide.id);
    expect((await viewer.client.get('/api/rides/finder?latitude=44.6471&longitude=10.9252&radius=10')).json().results.map((x: { id: string }) => x.id)).not.toContain(nearRide.id);
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
    const rides = (await viewer.client.get('/api/rides/finder?latitude=64.1466&longitude=-21.9426&radius=400')).json().results as Array<{ id: string; distanceKm: number }>;
    expect(rides.map((r) => r.id)).toEqual([nearRide.id, midRide.id, farRide.id]);
    expect(rides[0]!.distanceKm).toBeCloseTo(8.8, 0);
    const groups = (await viewer.client.get('/api/groups/finder?latitude=64.1466&longitude=-21.9426&radius=400')).json().results as Array<{ id: string }>;
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
    const ids = async (path: string) => ((await viewer.client.get(path)).json().results as Array<{ id: string }>).map((x) => x.id);
    // From Stellenbosch, about 40 km from Cape Town.
    expect(await ids('/api/groups/finder?latitude=-33.9321&longitude=18.8602&radius=50')).toContain(capeTown.id);
    expect(await ids('/api/groups/finder?latitude=0&longitude=-78.4&radius=30')).toContain(quito.id);
    expect(await ids('/api/rides/finder?latitude=0&longitude=-78.4&radius=20')).toEqual([south.id, north.id]);
  });

  it('answers a page at a time, nearest first, with the total within the radius and where the next page starts', async () => {
    // Around Ushuaia, where no other test puts anything: 26 rides, each a little further south.
    const owner = await buildGuest(t);
    const group = await buildGroup(owner, { name: `Fin del Mundo ${Date.now()}`, latitude: -54.8019, longitude: -68.303 });
    const made: string[] = [];
    for (let i = 0; i < 26; i++) made.push((await buildRide(owner, group.id, { startLatitude: -54.8 - i * 0.01, startLongitude: -68.3 })).id);
    const viewer = await buildGuest(t);
    const around = '/api/rides/finder?latitude=-54.8&longitude=-68.3&radius=50';
    type Page = { results: Array<{ id: string; distanceKm: number }>; total: number; nextOffset: number | null };
    const first = (await viewer.client.get(around)).json() as Page;
    expect([first.results.length, first.total, first.nextOffset]).toEqual([FINDER_PAGE_SIZE, 26, FINDER_PAGE_SIZE]);
    const second = (await viewer.client.get(`${around}&offset=${first.nextOffset}`)).json() as Page;
    expect([second.results.length, second.total, second.nextOffset]).toEqual([26 - FINDER_PAGE_SIZE, 26, null]);
    // The pages continue one another: every ride once, nearest first.
    expect([...first.results, ...second.results].map((r) => r.id)).toEqual(made);
    // Past the end: nothing more, and still the total.
    expect((await viewer.client.get(`${around}&offset=500`)).json()).toEqual({ results: [], total: 26, nextOffset: null });
    // A smaller page, as a client may ask for.
    expect(((await viewer.client.get(`${around}&limit=5&offset=5`)).json() as Page).results.map((r) => r.id)).toEqual(made.slice(5, 10));

    const groups = (await viewer.client.get('/api/groups/finder?latitude=-54.8&longitude=-68.3&radius=50&limit=1')).json() as Page;
    expect([groups.results.map((g) => g.id), groups.total, groups.nextOffset]).toEqual([[group.id], 1, null]);
    // Nothing near: an empty first page.
    expect((await viewer.client.get('/api/groups/finder?latitude=-60&longitude=-40&radius=5')).json()).toEqual({ results: [], total: 0, nextOffset: null });
  });

  it('refuses a page it cannot answer with a message, never a 500', async () => {
    const viewer = await buildGuest(t);
    for (const bad of ['offset=-1', 'offset=1001', 'offset=abc', 'limit=0', 'limit=101', 'limit=2.5']) {
      for (const finder of ['groups', 'rides']) {
        const res = await viewer.client.get(`/api/${finder}/finder?latitude=44.5&longitude=11.3&${bad}`);
        expect([res.statusCode, typeof res.json().message], `${finder} ${bad}`).toEqual([400, 'string']);
      }
    }
  });
});
