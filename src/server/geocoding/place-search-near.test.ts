import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestClient, type TestApp } from '../test/test-app';
import { guest, listen, search, sendPhotonPlaces } from './geocoding.test-helpers';

describe('GET /api/search-location?near= with GEOCODER_URL (a fake Photon on loopback that knows a landmark)', () => {
  const requests: URLSearchParams[] = [];
  const photon = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (url.pathname !== '/photon/api') return res.writeHead(404).end('not found');
    requests.push(url.searchParams);
    sendPhotonPlaces(res, [
      {
        lon: 11.2856,
        lat: 44.0926,
        properties: { osm_type: 'N', osm_id: 26862581, osm_key: 'mountain_pass', osm_value: 'yes', type: 'other', name: 'Passo della Futa', city: 'Firenzuola', state: 'Tuscany', country: 'Italy', countrycode: 'IT' },
      },
    ]);
  });
  let t: TestApp;
  let client: TestClient;
  beforeAll(async () => {
    t = await createTestApp({ GEOCODER_URL: `${await listen(photon)}/photon` });
    client = await guest(t);
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => photon.close(resolve));
  });

  it('puts the landmark first and fills up with gazetteer towns', async () => {
    const results = await search(client, 'Firenze');
    expect(results[0]).toMatchObject({ display_name: 'Passo della Futa, Firenzuola, Italy', place_id: 'osm:N26862581' });
    expect(results[1]!.display_name).toBe('Florence, Tuscany, Italy');
  });

  it('passes the near point to the service (rounded) and keeps one cached answer per point', async () => {
    await search(client, 'Passo della Futa', '44.4949,11.3426');
    expect(Object.fromEntries(requests.at(-1)!)).toEqual({ q: 'Passo della Futa', limit: '5', lat: '44.5', lon: '11.3' });
    const asked = requests.length;
    // Within the same rounding: the cached answer. Elsewhere: a new question.
    await search(client, 'Passo della Futa', '44.5012,11.3391');
    expect(requests.length).toBe(asked);
    await search(client, 'Passo della Futa', '41.9,12.5');
    expect(requests.length).toBe(asked + 1);
    expect(requests.at(-1)!.get('lat')).toBe('41.9');
  });
});
