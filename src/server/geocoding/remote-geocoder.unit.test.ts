import { describe, expect, it } from 'vitest';
import { parseGeocoderAnswer } from './remote-geocoder';

describe('parseGeocoderAnswer', () => {
  it('reads a Nominatim search answer (an array), shortening names', () => {
    const answer = parseGeocoderAnswer([
      {
        place_id: 1,
        osm_type: 'node',
        osm_id: 21,
        lat: '-34.4278',
        lon: '150.8931',
        name: 'Wollongong',
        addresstype: 'city',
        type: 'city',
        display_name: 'Wollongong, Wollongong City Council, New South Wales, 2500, Australia',
        address: { city: 'Wollongong', state: 'New South Wales', postcode: '2500', country: 'Australia', country_code: 'au', 'ISO3166-2-lvl4': 'AU-NSW' },
      },
      // A house has no name: its display name is shortened instead.
      { place_id: 2, lat: '51.5034', lon: '-0.1276', name: '', type: 'house', display_name: '10, Downing Street, Westminster, London, Greater London, England, SW1A 2AA, United Kingdom' },
    ]);
    expect(answer?.flavour).toBe('nominatim');
    expect(answer?.results).toEqual([
      {
        place_id: 'osm:N21',
        display_name: 'Wollongong, NSW, Australia',
        lat: '-34.4278',
        lon: '150.8931',
        type: 'city',
        address: { city: 'Wollongong', state: 'New South Wales', postcode: '2500', country: 'Australia', country_code: 'au' },
      },
      { place_id: 'nominatim:2', display_name: '10 Downing Street, England, United Kingdom', lat: '51.5034', lon: '-0.1276', type: 'house' },
    ]);
  });

  it('reads a Nominatim reverse answer (one object) and its "nothing here" answer', () => {
    const one = parseGeocoderAnswer({ place_id: 5, lat: '-42.88', lon: '147.33', name: 'Hobart', display_name: 'Hobart, Tasmania, Australia', address: { city: 'Hobart', state: 'Tasmania', country: 'Australia' } });
    expect(one?.results.map((r) => r.display_name)).toEqual(['Hobart, TAS, Australia']);
    expect(parseGeocoderAnswer({ error: 'Unable to geocode' })).toEqual({ flavour: 'nominatim', results: [] });
  });

  it('reads a Photon answer (a GeoJSON FeatureCollection)', () => {
    const answer = parseGeocoderAnswer({
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          geometry: { type: 'Point', coordinates: [144.9631, -37.8136] },
          properties: { osm_type: 'W', osm_id: 99, type: 'street', street: 'Collins Street', housenumber: '120', city: 'Melbourne', state: 'Victoria', country: 'Australia', countrycode: 'AU', postcode: '3000' },
        },
      ],
    });
    expect(answer).toEqual({
      flavour: 'photon',
      results: [
        {
          place_id: 'osm:W99',
          display_name: '120 Collins Street, Melbourne, Australia',
          lat: '-37.8136',
          lon: '144.9631',
          type: 'street',
          address: { city: 'Melbourne', state: 'Victoria', postcode: '3000', country: 'Australia', country_code: 'au' },
        },
      ],
    });
  });

  it('skips places with bad or out-of-range coordinates', () => {
    const answer = parseGeocoderAnswer([
      { lat: '91', lon: '0', display_name: 'Beyond the pole' },
      { lat: 'x', lon: '0', display_name: 'Nowhere' },
      { lat: '1', lon: '2' },
      'text',
    ]);
    expect(answer).toEqual({ flavour: 'nominatim', results: [] });
  });

  it('answers null for anything that is neither API', () => {
    for (const body of [null, 'ok', 42, {}, { type: 'Feature' }, { results: [] }]) expect(parseGeocoderAnswer(body)).toBeNull();
  });
});
