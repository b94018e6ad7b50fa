import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createTestApp, TestClient } from '../test/test-app';
import { ROUTER_LOOKUPS_PER_ADDRESS_PER_HOUR } from '../limits/write-limits';
import { buildGroup, buildGuest, buildRide } from '../test/factories';
import { useTestApp } from '../test/use-test-app';

const t = useTestApp();

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
      const created = await buildRide(rider, group.id);
      expect(created.totalDistanceKm).toBe(97.5);
      fail = true;
      expect((await rider.client.get('/api/route?points=45,11;46,12')).json().source).toBe('none');
    } finally {
      await routed.close();
      router.close();
    }
  });

  it('asks the router for at most 600 new routes an hour per client address; cached routes are always answered', async () => {
    let calls = 0;
    const router = http.createServer((_req, res) => {
      calls++;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 'Ok', routes: [{ distance: 1000, geometry: { type: 'LineString', coordinates: [[11.34, 44.49], [10.33, 44.8]] } }] }));
    });
    await new Promise<void>((resolve) => router.listen(0, '127.0.0.1', resolve));
    const routed = await createTestApp({ ROUTER_URL: `http://127.0.0.1:${(router.address() as AddressInfo).port}` });
    try {
      const visitor = new TestClient(routed.app);
      const from = { 'x-forwarded-for': '192.0.2.44' };
      const statuses: number[] = [];
      // Without a session, each time new stops: each a request to the router and a row kept.
      for (let i = 0; i < ROUTER_LOOKUPS_PER_ADDRESS_PER_HOUR + 5; i++) {
        statuses.push((await visitor.get(`/api/route?points=44.${String(i).padStart(4, '0')},11.34;44.80,10.33`, from)).statusCode);
      }
      expect(statuses.filter((s) => s === 200)).toHaveLength(ROUTER_LOOKUPS_PER_ADDRESS_PER_HOUR);
      expect(statuses.slice(-5)).toEqual([429, 429, 429, 429, 429]);
      expect(calls).toBe(ROUTER_LOOKUPS_PER_ADDRESS_PER_HOUR);
      const refused = await visitor.get('/api/route?points=45.5,11;46,12', from);
      expect(refused.headers['retry-after']).toBeDefined();
      expect(refused.json().message).toBe('Too many route lookups from this network. Please try again later.');
      // A road already kept is still answered, and another address still asks.
      expect((await visitor.get('/api/route?points=44.0000,11.34;44.80,10.33', from)).json().source).toBe('router');
      expect((await visitor.get('/api/route?points=45.5,11;46,12', { 'x-forwarded-for': '192.0.2.45' })).json().source).toBe('router');
      // Another site's page cannot spend a network's lookups through its visitors' browsers; it still reads what is kept.
      const crossSite = { 'x-forwarded-for': '192.0.2.46', 'sec-fetch-site': 'cross-site' };
      expect((await visitor.get('/api/route?points=47.5,11;46,12', crossSite)).statusCode).toBe(403);
      expect((await visitor.get('/api/route?points=45.5,11;46,12', crossSite)).json().source).toBe('router');
    } finally {
      await routed.close();
      router.close();
    }
  }, 90_000); // 600 requests: minutes on a loaded 2-core machine
});
