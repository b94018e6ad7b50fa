import { z } from 'zod';
import { composeLocationName, shortenLocationName } from '../../shared/geo/location-name';
import type { LatLon } from '../../shared/geo/coordinates';
import type { LocationAddress, LocationSearchResult } from '../../shared/geo/location-search';

/**
 * A client for the service in GEOCODER_URL, which may speak Nominatim's API (/search, /reverse with
 * format=jsonv2) or Photon's (/api, /reverse, GeoJSON answers). Which one is found from the answers:
 * Photon answers a GeoJSON FeatureCollection, Nominatim a JSON array (an object for /reverse). The
 * flavour found is remembered per service URL for the life of the process.
 */

export type GeocoderFlavour = 'nominatim' | 'photon';

/** `near` biases a search toward a point where the API can (Photon: lat/lon; Nominatim: a preferred viewbox). */
export type RemoteQuery = { kind: 'search'; text: string; limit: number; near?: LatLon | null } | { kind: 'reverse'; point: LatLon };

/** Nominatim prefers (without `bounded`, never restricts to) results inside this box around the near point. */
const NOMINATIM_BIAS_DEGREES = 2;

function biasParams(flavour: GeocoderFlavour, near: LatLon | null | undefined): Record<string, string> {
  if (!near) return {};
  if (flavour === 'photon') return { lat: String(near.lat), lon: String(near.lon) };
  const d = NOMINATIM_BIAS_DEGREES;
  const clamp = (value: number, limit: number) => Math.max(-limit, Math.min(limit, value));
  return { viewbox: [clamp(near.lon - d, 180), clamp(near.lat + d, 90), clamp(near.lon + d, 180), clamp(near.lat - d, 90)].join(',') };
}

export interface RemoteGeocoderOptions {
  baseUrl: string;
  userAgent: string;
  timeoutMs: number;
  /** Called before every HTTP request: waits for the request's turn, or throws when there is none soon. */
  beforeRequest: () => Promise<void>;
}

export class GeocoderError extends Error {}

/** Answers bigger than this are not a handful of places. */
const MAX_ANSWER_BYTES = 2 * 1024 * 1024;
const flavours = new Map<string, GeocoderFlavour>();

function endpoint(baseUrl: string, flavour: GeocoderFlavour, query: RemoteQuery): string {
  const base = baseUrl.replace(/\/+$/, '');
  const nominatim = flavour === 'nominatim';
  if (query.kind === 'search') {
    const params: Record<string, string> = nominatim ? { format: 'jsonv2', addressdetails: '1' } : {};
    return `${base}${nominatim ? '/search' : '/api'}?${new URLSearchParams({ ...params, ...biasParams(flavour, query.near), limit: String(query.limit), q: query.text })}`;
  }
  const params: Record<string, string> = nominatim ? { format: 'jsonv2', zoom: '10', addressdetails: '1' } : {};
  return `${base}/reverse?${new URLSearchParams({ ...params, lat: String(query.point.lat), lon: String(query.point.lon) })}`;
}

async function readCapped(response: Response): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_ANSWER_BYTES) {
      await reader.cancel();
      throw new GeocoderError('geocoder answer too large');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

const text = z.string().trim().min(1).max(500);
const coordinate = z.union([z.string(), z.number()]).transform(Number).pipe(z.number().finite());
const addressFields = z.record(z.string(), z.unknown());

const nominatimPlaceSchema = z.object({
  place_id: z.union([z.number(), z.string()]).optional(),
  osm_type: z.string().optional(),
  osm_id: z.union([z.number(), z.string()]).optional(),
  lat: coordinate,
  lon: coordinate,
  name: z.string().optional(),
  display_name: text,
  type: z.string().optional(),
  addresstype: z.string().optional(),
  address: addressFields.optional(),
});

const photonFeatureSchema = z.object({
  geometry: z.object({ coordinates: z.tuple([coordinate, coordinate]).rest(z.unknown()) }),
  properties: z
    .object({
      osm_id: z.union([z.number(), z.string()]).optional(),
      osm_type: z.string().optional(),
      osm_value: z.string().optional(),
      type: z.string().optional(),
      name: z.string().optional(),
      housenumber: z.string().optional(),
      street: z.string().optional(),
      district: z.string().optional(),
      city: z.string().optional(),
      county: z.string().optional(),
      state: z.string().optional(),
      postcode: z.string().optional(),
      country: z.string().optional(),
      countrycode: z.string().optional(),
    })
    .default({}),
});

const ADDRESS_KEYS = ['city', 'town', 'village', 'hamlet', 'suburb', 'municipality', 'county', 'state', 'postcode', 'country', 'country_code'] as const;

function pickAddress(source: Record<string, unknown>): LocationAddress {
  const address: LocationAddress = {};
  for (const key of ADDRESS_KEYS) {
    const value = source[key];
    if (typeof value === 'string' && value.trim()) address[key] = value.trim().slice(0, 200);
  }
  return address;
}

const inRange = (lat: number, lon: number) => Math.abs(lat) <= 90 && Math.abs(lon) <= 180;
const clip = (value: string) => value.slice(0, 200);

function fromNominatim(raw: unknown): LocationSearchResult | null {
  const parsed = nominatimPlaceSchema.safeParse(raw);
  if (!parsed.success || !inRange(parsed.data.lat, parsed.data.lon)) return null;
  const place = parsed.data;
  const address = place.address ? pickAddress(place.address) : undefined;
  const locality = address && (address.city ?? address.town ?? address.village ?? address.hamlet ?? address.municipality);
  const display = place.name?.trim() && address
    ? composeLocationName({ name: place.name, locality, state: address.state, country: address.country })
    : shortenLocationName(place.display_name);
  const id = place.osm_type && place.osm_id !== undefined ? `osm:${place.osm_type.charAt(0).toUpperCase()}${place.osm_id}` : `nominatim:${place.place_id ?? `${place.lat},${place.lon}`}`;
  return {
    place_id: clip(id),
    display_name: clip(display),
    lat: String(place.lat),
    lon: String(place.lon),
    type: clip(place.addresstype || place.type || 'place'),
    ...(address && Object.keys(address).length > 0 ? { address } : {}),
  };
}

function fromPhoton(raw: unknown): LocationSearchResult | null {
  const parsed = photonFeatureSchema.safeParse(raw);
  if (!parsed.success) return null;
  const [lon, lat] = parsed.data.geometry.coordinates;
  if (!inRange(lat, lon)) return null;
  const p = parsed.data.properties;
  const type = p.type || p.osm_value || 'place';
  const street = p.street ? [p.housenumber, p.street].filter(Boolean).join(' ') : undefined;
  const name = p.name || street || p.district || p.city;
  const display = composeLocationName({ name, locality: p.city, state: p.state, country: p.country });
  if (!display) return null;
  const address = pickAddress({
    city: type === 'city' ? p.name : p.city,
    suburb: p.district,
    county: p.county,
    state: p.state,
    postcode: p.postcode,
    country: p.country,
    country_code: p.countrycode?.toLowerCase(),
  });
  const id = p.osm_type && p.osm_id !== undefined ? `osm:${p.osm_type.charAt(0).toUpperCase()}${p.osm_id}` : `photon:${lat},${lon}`;
  return { place_id: clip(id), display_name: clip(display), lat: String(lat), lon: String(lon), type: clip(type), ...(Object.keys(address).length > 0 ? { address } : {}) };
}

/** Reads an answer of either API; null when it is neither (so the other API is worth a try). */
export function parseGeocoderAnswer(body: unknown): { flavour: GeocoderFlavour; results: LocationSearchResult[] } | null {
  const keep = (r: LocationSearchResult | null): r is LocationSearchResult => r !== null;
  if (Array.isArray(body)) return { flavour: 'nominatim', results: body.map(fromNominatim).filter(keep) };
  if (typeof body !== 'object' || body === null) return null;
  const object = body as Record<string, unknown>;
  if (object.type === 'FeatureCollection' && Array.isArray(object.features)) {
    return { flavour: 'photon', results: object.features.map(fromPhoton).filter(keep) };
  }
  // Nominatim's /reverse: one place, or { error: "Unable to geocode" } where there is nothing.
  if (typeof object.display_name === 'string') return { flavour: 'nominatim', results: [fromNominatim(object)].filter(keep) };
  if (typeof object.error === 'string') return { flavour: 'nominatim', results: [] };
  return null;
}

async function request(options: RemoteGeocoderOptions, url: string): Promise<{ status: number; body: unknown }> {
  await options.beforeRequest();
  const response = await fetch(url, {
    headers: { 'User-Agent': options.userAgent, Accept: 'application/json', 'Accept-Language': 'en' },
    signal: AbortSignal.timeout(options.timeoutMs),
    redirect: 'follow',
  });
  const raw = await readCapped(response);
  if (!response.ok) return { status: response.status, body: null };
  try {
    return { status: response.status, body: JSON.parse(raw) as unknown };
  } catch {
    return { status: response.status, body: undefined };
  }
}

/**
 * Asks the service. With a flavour not yet known, tries the likelier API first (Photon when the URL
 * says so) and the other when the answer is a 400/404 or not of the expected shape.
 * Throws GeocoderError (or a network/timeout error) when the service cannot answer.
 */
export async function queryRemoteGeocoder(options: RemoteGeocoderOptions, query: RemoteQuery): Promise<LocationSearchResult[]> {
  const known = flavours.get(options.baseUrl);
  const order: GeocoderFlavour[] = known ? [known] : /photon/i.test(options.baseUrl) ? ['photon', 'nominatim'] : ['nominatim', 'photon'];
  let lastStatus = 0;
  for (const flavour of order) {
    const { status, body } = await request(options, endpoint(options.baseUrl, flavour, query));
    lastStatus = status;
    if (status >= 500 || status === 429 || status === 403) break;
    const answer = body === null ? null : parseGeocoderAnswer(body);
    if (answer) {
      flavours.set(options.baseUrl, answer.flavour);
      return answer.results;
    }
  }
  throw new GeocoderError(`geocoder gave no usable answer (HTTP ${lastStatus})`);
}
