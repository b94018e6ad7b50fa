import http from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildSignedInUser, createTestApp, TestClient, type TestApp } from '../test/test-app';
import { guest, listen, search, sendPhotonPlaces } from './geocoding.test-helpers';
import { geocodeCacheRepository } from './geocode-cache.repository';

describe('GET /api/search-location with the built-in gazetteer (no GEOCODER_URL)', () => {
  let t: TestApp;
  let client: TestClient;
  beforeAll(async () => {
    t = await createTestApp();
    client = await guest(t);
  });
  afterAll(async () => t.close());

  it('finds London, GB first, with the result shape of the spec', async () => {
    const results = await search(client, 'London');
    expect(results.length).toBeGreaterThan(1);
    expect(results.length).toBeLessThanOrEqual(5);
    expect(results[0]).toMatchObject({
      display_name: 'London, England, United Kingdom',
      type: 'city',
      address: { city: 'London', state: 'England', country: 'United Kingdom', country_code: 'gb' },
    });
    for (const r of results) {
      expect(Object.keys(r).sort()).toEqual(['address', 'display_name', 'lat', 'lon', 'place_id', 'type']);
      expect(typeof r.place_id).toBe('string');
      expect(typeof r.lat).toBe('string');
      expect(typeof r.lon).toBe('string');
    }
    expect(Number(results[0]!.lat)).toBeCloseTo(51.5, 0);
    expect(Number(results[0]!.lon)).toBeCloseTo(-0.13, 0);
  });

  it('shortens names to 3 parts with the Australian state abbreviated', async () => {
    const [sydney] = await search(client, 'Sydney');
    expect(sydney).toMatchObject({ display_name: 'Sydney, NSW, Australia', address: { state: 'New South Wales', country_code: 'au' } });
    expect((await search(client, 'hobart'))[0]!.display_name).toBe('Hobart, TAS, Australia');
  });

  it('matches prefixes, ignores accents and case, and returns at most 5 results', async () => {
    expect((await search(client, 'lond'))[0]!.display_name).toBe('London, England, United Kingdom');
    expect((await search(client, 'ZURICH'))[0]!.display_name).toMatch(/^Zürich, .*Switzerland$/);
    expect((await search(client, 'san')).length).toBe(5);
  });

  it('narrows by state or country after a comma', async () => {
    const results = await search(client, 'Paris, Texas');
    expect(results[0]).toMatchObject({ display_name: 'Paris, Texas, United States' });
    expect((await search(client, 'Perth, WA'))[0]!.display_name).toBe('Perth, WA, Australia');
  });

  it('answers an empty list when nothing matches', async () => {
    expect(await search(client, 'Qqzxqqzx')).toEqual([]);
  });

  it('looks up the nearest town for "lat,lon"', async () => {
    const results = await search(client, '48.8566,2.3522');
    expect(results[0]).toMatchObject({ display_name: 'Paris, Île-de-France, France', address: { country_code: 'fr' } });
    expect(results.length).toBeLessThanOrEqual(5);
    expect((await search(client, '-33.8688, 151.2093'))[0]!.display_name).toBe('Sydney, NSW, Australia');
  });

  it('refuses blank, overlong and out-of-range searches with 400 and a message', async () => {
    for (const url of ['/api/search-location', '/api/search-location?q=', '/api/search-location?q=%20%20', `/api/search-location?q=${'a'.repeat(201)}`, '/api/search-location?q=91,0', '/api/search-location?q=0,181']) {
      const res = await client.get(url);
      expect(res.statusCode, url).toBe(400);
      expect(typeof res.json().message, url).toBe('string');
    }
    expect((await client.get('/api/search-location?q=91,0')).json().message).toMatch(/Latitude/);
  });

  it('never fails on odd text', async () => {
    for (const q of ['%', ',,,', '  ,  Sydney', '😀', 'a'.repeat(200), '1,2,3', '-', 'Москва', '東京']) {
      const res = await client.get(`/api/search-location?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, q).toBe(200);
      expect(Array.isArray(res.json())).toBe(true);
    }
    // A NUL character is refused in every request, this one included.
    const nul = await client.get(`/api/search-location?q=${encodeURIComponent('Bo\u0000logna')}`);
    expect(nul.statusCode).toBe(400);
    expect(typeof nul.json().message).toBe('string');
  });

  it('finds towns by their names in other languages, accents optional', async () => {
    // Written in English for a guest without a shipped language: GeoNames' English names.
    expect((await search(client, 'Firenze'))[0]!.display_name).toBe('Florence, Tuscany, Italy');
    expect((await search(client, 'Munchen'))[0]!.display_name).toBe('Munich, Bavaria, Germany');
    expect((await search(client, 'Mailand'))[0]!.display_name).toBe('Milan, Lombardy, Italy');
  });

  it('biases toward the near point: Florence in a US group is Florence, US; Roma near Bologna is Rome', async () => {
    expect((await search(client, 'Florence'))[0]!.address?.country_code).toBe('it');
    expect((await search(client, 'Florence', '41.88,-87.63'))[0]!.address?.country_code).toBe('us');
    expect((await search(client, 'Roma', '44.49,11.34'))[0]!.display_name).toBe('Rome, Lazio, Italy');
  });

  it('refuses an unreadable or out-of-range near with 400 and a message', async () => {
    for (const near of ['Bologna', '44.49', '44.49,11.34,3', '91,0', '0,181']) {
      const res = await client.get(`/api/search-location?q=Roma&near=${encodeURIComponent(near)}`);
      expect(res.statusCode, near).toBe(400);
      expect(typeof res.json().message, near).toBe('string');
    }
    expect((await client.get('/api/search-location?q=Roma&near=Bologna')).json().message).toBe('near must be "latitude,longitude", for example "44.49,11.34"');
  });

  it('needs a session', async () => {
    expect((await new TestClient(t.app).get('/api/search-location?q=London')).statusCode).toBe(401);
  });

  it('finds countries and states under their names in the shipped languages, before a small town of the name', async () => {
    expect(await search(client, 'Tuscany')).toEqual([expect.objectContaining({ display_name: 'Tuscany, Italy', type: 'state', address: { state: 'Tuscany', country: 'Italy', country_code: 'it' } })]);
    expect((await search(client, 'Toscana'))[0]).toMatchObject({ display_name: 'Tuscany, Italy', type: 'state' });
    const italy = await search(client, 'Italy');
    expect(italy.map((r) => [r.display_name, r.type])).toEqual([
      ['Italy', 'country'],
      ['Italy, Texas, United States', 'village'],
    ]);
    expect((await search(client, 'Italien'))[0]).toMatchObject({ display_name: 'Italy', type: 'country' });
  });

  it("writes results in the rider's language: the chosen one, which a new rider's browser gave", async () => {
    const headers = { 'accept-language': 'de-CH,de;q=0.9,en;q=0.5' };
    // A rider whose browser speaks German is saved as German when first seen (users/account-language).
    const germanRider = new TestClient(t.app);
    await germanRider.get('/api/users/current', headers);
    const german = (await germanRider.get(`/api/search-location?q=${encodeURIComponent('Firenze')}`)).json() as Array<{ display_name: string }>;
    expect(german[0]!.display_name).toBe('Florenz, Toskana, Italien');
    const italianRider = new TestClient(t.app);
    await italianRider.get('/api/users/current', { 'accept-language': 'it' });
    const nearest = (await italianRider.get(`/api/search-location?q=${encodeURIComponent('43.7696,11.2558')}`)).json() as Array<{ display_name: string }>;
    expect(nearest[0]!.display_name).toBe('Firenze, Toscana, Italia');
    const { client: rider, user } = await buildSignedInUser(t);
    expect((await rider.patch(`/api/users/${user.id}`, { language: 'pl' })).statusCode).toBe(200);
    // The rider's choice wins over the browser's.
    const polish = (await rider.get(`/api/search-location?q=Italia`, headers)).json() as Array<{ display_name: string; address: { country: string } }>;
    expect(polish[0]!.display_name).toBe('Włochy');
    // Towns and states under their Polish names (GeoNames' names with languages), the country from ICU.
    expect((await search(rider, 'München'))[0]!.display_name).toBe('Monachium, Bawaria, Niemcy');
    expect((await search(rider, 'Bayern'))[0]!.display_name).toBe('Bawaria, Niemcy');
    expect((await search(client, 'Toscana'))[0]!.display_name).toBe('Tuscany, Italy');
  });
});

/** A Nominatim look-alike on loopback that counts the requests it gets. */
function fakeNominatim() {
  const state = { mode: 'ok' as 'ok' | 'fail', requests: [] as Array<{ path: string; params: URLSearchParams; userAgent: string | undefined; at: number }> };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    state.requests.push({ path: url.pathname, params: url.searchParams, userAgent: req.headers['user-agent'], at: Date.now() });
    res.setHeader('Content-Type', 'application/json');
    if (state.mode === 'fail') return res.writeHead(500).end('{"error":"overloaded"}');
    if (url.pathname === '/search') {
      const q = url.searchParams.get('q') ?? '';
      return res.end(
        JSON.stringify([
          {
            place_id: 101,
            osm_type: 'way',
            osm_id: 4242,
            lat: '-33.9',
            lon: '151.1',
            name: `${q} Raceway`,
            type: 'raceway',
            addresstype: 'leisure',
            display_name: `${q} Raceway, Some Road, Eastern Creek, Sydney, New South Wales, 2766, Australia`,
            address: { leisure: `${q} Raceway`, road: 'Some Road', suburb: 'Eastern Creek', city: 'Sydney', state: 'New South Wales', postcode: '2766', country: 'Australia', country_code: 'au' },
          },
          { place_id: 102, lat: 'not a number', lon: '0', display_name: 'Broken' },
        ]),
      );
    }
    if (url.pathname === '/reverse') {
      return res.end(
        JSON.stringify({
          place_id: 7,
          osm_type: 'relation',
          osm_id: 7444,
          lat: '48.8588897',
          lon: '2.3200410',
          name: 'Paris',
          type: 'administrative',
          addresstype: 'city',
          display_name: 'Paris, Île-de-France, France métropolitaine, France',
          address: { city: 'Paris', state: 'Île-de-France', country: 'France', country_code: 'fr' },
        }),
      );
    }
    res.writeHead(404).end('{"error":"not found"}');
  });
  return { server, state };
}

describe('GET /api/search-location with GEOCODER_URL (a fake Nominatim on loopback)', () => {
  const fake = fakeNominatim();
  let t: TestApp;
  let client: TestClient;
  beforeAll(async () => {
    t = await createTestApp({ GEOCODER_URL: await listen(fake.server) });
    client = await guest(t);
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => fake.server.close(resolve));
  });
  beforeEach(() => {
    fake.state.mode = 'ok';
  });

  it('puts the service’s results first, shortened, then fills up from the gazetteer', async () => {
    const before = fake.state.requests.length;
    const results = await search(client, 'London');
    expect(fake.state.requests.length).toBe(before + 1);
    const request = fake.state.requests.at(-1)!;
    expect(request.path).toBe('/search');
    expect(Object.fromEntries(request.params)).toEqual({ format: 'jsonv2', addressdetails: '1', limit: '5', q: 'London' });
    expect(request.userAgent).toBe('RoadCaptain/0.1 (+http://rc.test)');

    expect(results).toHaveLength(5);
    expect(results[0]).toEqual({
      place_id: 'osm:W4242',
      display_name: 'London Raceway, Sydney, Australia',
      lat: '-33.9',
      lon: '151.1',
      type: 'leisure',
      address: { suburb: 'Eastern Creek', city: 'Sydney', state: 'New South Wales', postcode: '2766', country: 'Australia', country_code: 'au' },
    });
    // The malformed second answer is skipped; the gazetteer fills up.
    expect(results[1]!.display_name).toBe('London, England, United Kingdom');
    expect(results[1]!.place_id).toMatch(/^geonames:/);
  });

  it('caches answers: the same search again does not ask the service', async () => {
    await search(client, 'Sydney');
    const count = fake.state.requests.length;
    const again = await search(client, '  sydney ');
    expect(fake.state.requests.length).toBe(count);
    expect(again[0]!.display_name).toBe('Sydney Raceway, Sydney, Australia');
  });

  it('asks the service at most once a second', async () => {
    // The turns are handed out by the database; check the turns, not the wall clock.
    const reserve = vi.spyOn(geocodeCacheRepository, 'reserveSlot');
    const first = fake.state.requests.length;
    await Promise.all([search(client, 'Hobart'), search(client, 'Darwin'), search(client, 'Cairns')]);
    expect(fake.state.requests.slice(first)).toHaveLength(3);
    const starts = (await Promise.all(reserve.mock.results.map((r) => r.value as Promise<number | null>))).map(Number).sort((a, b) => a - b);
    reserve.mockRestore();
    expect(starts).toHaveLength(3);
    expect(starts[1]! - starts[0]!).toBeGreaterThanOrEqual(1000);
    expect(starts[2]! - starts[1]!).toBeGreaterThanOrEqual(1000);
  });

  it('uses /reverse for "lat,lon" and puts the service’s place first', async () => {
    const results = await search(client, '48.85661,2.35222');
    const request = fake.state.requests.at(-1)!;
    expect(request.path).toBe('/reverse');
    expect(Object.fromEntries(request.params)).toEqual({ format: 'jsonv2', zoom: '10', addressdetails: '1', lat: '48.8566', lon: '2.3522' });
    expect(results[0]).toMatchObject({ place_id: 'osm:R7444', display_name: 'Paris, Île-de-France, France', type: 'city' });
    // The gazetteer's Paris is the same place and is not repeated.
    expect(results.filter((r) => r.display_name === 'Paris, Île-de-France, France')).toHaveLength(1);
  });

  it('prefers results around the near point with a viewbox, never bounded to it', async () => {
    expect((await client.get('/api/search-location?q=Launceston&near=-42.88,147.33')).statusCode).toBe(200);
    const request = fake.state.requests.at(-1)!;
    expect(request.params.get('viewbox')).toBe('145.3,-40.9,149.3,-44.9');
    expect(request.params.has('bounded')).toBe(false);
  });

  it('falls back to the gazetteer when the service answers 500 (and does not cache the failure)', async () => {
    fake.state.mode = 'fail';
    const before = fake.state.requests.length;
    const results = await search(client, 'Melbourne');
    expect(fake.state.requests.length).toBe(before + 1);
    expect(results[0]).toMatchObject({ display_name: 'Melbourne, VIC, Australia' });
    expect(results[0]!.place_id).toMatch(/^geonames:/);

    fake.state.mode = 'ok';
    const recovered = await search(client, 'Melbourne');
    expect(fake.state.requests.length).toBe(before + 2);
    expect(recovered[0]!.display_name).toBe('Melbourne Raceway, Sydney, Australia');
  });
});

describe('GET /api/search-location when the geocoder is down or speaks Photon', () => {
  it('falls back to the gazetteer when nothing listens at GEOCODER_URL', async () => {
    const closed = http.createServer();
    const url = await listen(closed);
    await new Promise((resolve) => closed.close(resolve));
    const t = await createTestApp({ GEOCODER_URL: url });
    try {
      const client = await guest(t);
      expect((await search(client, 'London'))[0]!.display_name).toBe('London, England, United Kingdom');
      expect((await search(client, '48.8566,2.3522'))[0]!.display_name).toBe('Paris, Île-de-France, France');
    } finally {
      await t.close();
    }
  });

  it('recognises a Photon service by its GeoJSON answer', async () => {
    const paths: string[] = [];
    const photon = http.createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://fake');
      paths.push(url.pathname);
      if (url.pathname !== '/api') return res.writeHead(404).end('not found');
      sendPhotonPlaces(res, [
        {
          lon: 153.0260341,
          lat: -27.4689682,
          properties: { osm_type: 'R', osm_id: 11677792, osm_key: 'place', osm_value: 'city', type: 'city', name: 'Brisbane City', state: 'Queensland', country: 'Australia', countrycode: 'AU' },
        },
      ]);
    });
    const t = await createTestApp({ GEOCODER_URL: await listen(photon) });
    try {
      const client = await guest(t);
      const results = await search(client, 'Brisbane');
      expect(paths).toEqual(['/search', '/api']);
      expect(results[0]).toEqual({
        place_id: 'osm:R11677792',
        display_name: 'Brisbane City, QLD, Australia',
        lat: '-27.4689682',
        lon: '153.0260341',
        type: 'city',
        address: { city: 'Brisbane City', state: 'Queensland', country: 'Australia', country_code: 'au' },
      });
      // Remembered: the next search goes straight to Photon.
      await search(client, 'Toowoomba');
      expect(paths.slice(2)).toEqual(['/api']);
    } finally {
      await t.close();
      await new Promise((resolve) => photon.close(resolve));
    }
  });
});
