import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import { TestClient, type TestApp } from '../test/test-app';
import type { LocationSearchResult } from '../../shared/geo/location-search';

/** Helpers shared by the place search API tests (not a test file itself). */

/** A client with a guest session (the search needs one). */
export async function guest(t: TestApp): Promise<TestClient> {
  const client = new TestClient(t.app);
  await client.get('/api/users/current');
  return client;
}

/** GET /api/search-location, expecting 200. */
export async function search(client: TestClient, q: string, near?: string): Promise<LocationSearchResult[]> {
  const res = await client.get(`/api/search-location?q=${encodeURIComponent(q)}${near === undefined ? '' : `&near=${encodeURIComponent(near)}`}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as LocationSearchResult[];
}

/** Starts a fake service on a free loopback port; its base URL. */
export async function listen(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Answers like Photon: one GeoJSON point feature per place. */
export function sendPhotonPlaces(res: http.ServerResponse, places: Array<{ lon: number; lat: number; properties: Record<string, unknown> }>): void {
  res.setHeader('Content-Type', 'application/json');
  res.end(
    JSON.stringify({
      type: 'FeatureCollection',
      features: places.map((p) => ({ type: 'Feature', geometry: { type: 'Point', coordinates: [p.lon, p.lat] }, properties: p.properties })),
    }),
  );
}
