import { beforeAll, describe, expect, it } from 'vitest';
import { reverseGazetteer, searchGazetteer, useGazetteerFile } from './gazetteer';
import { testGazetteerFile } from '../test/test-gazetteer';
import type { LatLon } from '../../shared/geo/coordinates';

/** Where riders search from: a group's location, or the rider's own. */
const BOLOGNA: LatLon = { lat: 44.49, lon: 11.34 };
const CHICAGO: LatLon = { lat: 41.88, lon: -87.63 };
const DALLAS: LatLon = { lat: 32.78, lon: -96.8 };
const TORONTO: LatLon = { lat: 43.65, lon: -79.38 };
const WASHINGTON: LatLon = { lat: 38.9, lon: -77.04 };
const NICE: LatLon = { lat: 43.7, lon: 7.27 };
const HAMBURG: LatLon = { lat: 53.55, lon: 9.99 };

/**
 * [what the rider types, near, the place's name as an English rider reads it (GeoNames' English name,
 * else its main name, also where the English name is its state's: Genève, Geneva), its country].
 */
const PLACES: Array<[string, LatLon | null, string, string]> = [
  // Italian
  ['Firenze', null, 'Florence', 'it'],
  ['Roma', null, 'Rome', 'it'],
  ['Roma', BOLOGNA, 'Rome', 'it'],
  ['Milano', null, 'Milan', 'it'],
  ['Venezia', null, 'Venice', 'it'],
  ['Napoli', null, 'Naples', 'it'],
  ['Torino', null, 'Turin', 'it'],
  ['Monaco', BOLOGNA, 'Munich', 'de'],
  ['Bologna', null, 'Bologna', 'it'],
  // German
  ['München', null, 'Munich', 'de'],
  ['Munchen', null, 'Munich', 'de'],
  ['Muenchen', null, 'Munich', 'de'],
  ['Köln', null, 'Cologne', 'de'],
  ['Koeln', null, 'Cologne', 'de'],
  ['Wien', null, 'Vienna', 'at'],
  ['Mailand', null, 'Milan', 'it'],
  ['Rom', HAMBURG, 'Rome', 'it'],
  ['Genf', null, 'Genève', 'ch'],
  ['Nürnberg', null, 'Nuremberg', 'de'],
  ['Nurnberg', null, 'Nuremberg', 'de'],
  ['Zürich', null, 'Zürich', 'ch'],
  ['Kopenhagen', null, 'Copenhagen', 'dk'],
  // English
  ['Florence', null, 'Florence', 'it'],
  ['Florence', CHICAGO, 'Florence', 'us'],
  ['Munich', null, 'Munich', 'de'],
  ['Cologne', null, 'Cologne', 'de'],
  ['Vienna', null, 'Vienna', 'at'],
  ['Vienna', WASHINGTON, 'Vienna', 'us'],
  ['Prague', null, 'Prague', 'cz'],
  ['Milan', null, 'Milan', 'it'],
  ['Geneva', null, 'Genève', 'ch'],
  ['Zurich', null, 'Zürich', 'ch'],
  ['Paris', null, 'Paris', 'fr'],
  ['Paris', DALLAS, 'Paris', 'us'],
  ['London', null, 'London', 'gb'],
  ['London', TORONTO, 'London', 'ca'],
  // French, Czech, Polish, Portuguese, Danish, Spanish, Dutch
  ['Monaco', NICE, 'Monaco', 'mc'],
  ['Genève', null, 'Genève', 'ch'],
  ['Bruxelles', null, 'Brussels', 'be'],
  ['Praha', null, 'Prague', 'cz'],
  ['Kraków', null, 'Krakow', 'pl'],
  ['Krakow', null, 'Krakow', 'pl'],
  ['Warszawa', null, 'Warsaw', 'pl'],
  ['Lisboa', null, 'Lisbon', 'pt'],
  ['København', null, 'Copenhagen', 'dk'],
  ['Sevilla', null, 'Seville', 'es'],
  ['Den Haag', null, 'The Hague', 'nl'],
  // Other scripts
  ['Москва', null, 'Moscow', 'ru'],
  ['東京', null, 'Tokyo', 'jp'],
  ['Αθήνα', null, 'Athens', 'gr'],
  ['北京', null, 'Beijing', 'cn'],
  ['القاهرة', null, 'Cairo', 'eg'],
  // Countries, in the shipped languages, before a small town of the same name
  ['Italy', null, 'Italy', 'it'],
  ['Italy', DALLAS, 'Italy', 'it'],
  ['Italia', null, 'Italy', 'it'],
  ['Italien', null, 'Italy', 'it'],
  ['Italie', null, 'Italy', 'it'],
  ['Włochy', null, 'Italy', 'it'],
  ['Deutschland', null, 'Germany', 'de'],
  ['Niemcy', null, 'Germany', 'de'],
  ['Duitsland', null, 'Germany', 'de'],
  ['Alemanha', null, 'Germany', 'de'],
  ['Mexico', CHICAGO, 'Mexico', 'mx'],
  // First-level regions (states), in English and in Italian, German, French, Spanish, Portuguese
  ['Tuscany', null, 'Tuscany', 'it'],
  ['Toscana', null, 'Tuscany', 'it'],
  ['Toskana', null, 'Tuscany', 'it'],
  ['Toscane', null, 'Tuscany', 'it'],
  ['Bavaria', null, 'Bavaria', 'de'],
  ['Bayern', null, 'Bavaria', 'de'],
  ['Baviera', null, 'Bavaria', 'de'],
  ['Andalucía', null, 'Andalusia', 'es'],
  ['Lombardei', null, 'Lombardy', 'it'],
  ['Texas', BOLOGNA, 'Texas', 'us'],
  ['Georgia', null, 'Georgia', 'us'],
  // Towns and states under their names in Polish and Dutch (GeoNames' names with languages)
  ['Monachium', null, 'Munich', 'de'],
  ['Rzym', null, 'Rome', 'it'],
  ['Keulen', null, 'Cologne', 'de'],
  ['Bawaria', null, 'Bavaria', 'de'],
  ['Beieren', null, 'Bavaria', 'de'],
  ['Toskania', null, 'Tuscany', 'it'],
  ['Dolnośląskie', null, 'Lower Silesia', 'pl'],
];

describe('place ranking of the offline gazetteer', () => {
  beforeAll(() => useGazetteerFile(testGazetteerFile()));

  it.each(PLACES)('"%s" near %j is %s (%s)', (query, near, town, country) => {
    const [first] = searchGazetteer(query, 5, near);
    expect(first, query).toBeDefined();
    expect(first!.display_name.split(', ')[0]).toBe(town);
    expect(first!.address?.country_code).toBe(country);
  });

  it('answers a country and a state as themselves: their type, their own place, no town', () => {
    const [italy] = searchGazetteer('Italia', 5);
    expect(italy).toMatchObject({ display_name: 'Italy', type: 'country', address: { country: 'Italy', country_code: 'it' } });
    expect(Number(italy!.lat)).toBeGreaterThan(40);
    expect(Number(italy!.lat)).toBeLessThan(45);
    expect(Number(italy!.lon)).toBeGreaterThan(10);
    expect(Number(italy!.lon)).toBeLessThan(15);
    const [tuscany] = searchGazetteer('Toskana', 5);
    expect(tuscany).toMatchObject({ display_name: 'Tuscany, Italy', type: 'state', address: { state: 'Tuscany', country: 'Italy', country_code: 'it' } });
    expect(Number(tuscany!.lat)).toBeCloseTo(43.5, 0);
    expect(Number(tuscany!.lon)).toBeCloseTo(11, 0);
    // The small town still comes, after the country, and alone when the state is named.
    expect(searchGazetteer('Italy', 5)[1]?.display_name).toBe('Italy, Texas, United States');
    expect(searchGazetteer('Italy, Texas', 5)[0]?.display_name).toBe('Italy, Texas, United States');
    expect(searchGazetteer('Tuscany, Italy', 5)[0]).toMatchObject({ display_name: 'Tuscany, Italy', type: 'state' });
  });

  it('keeps the big city before the state or country it shares a name with', () => {
    expect(searchGazetteer('New York', 5).map((r) => [r.display_name, r.type])).toEqual(
      expect.arrayContaining([
        ['New York City, New York, United States', 'city'],
        ['New York, United States', 'state'],
      ]),
    );
    expect(searchGazetteer('New York', 5)[0]?.type).toBe('city');
    expect(searchGazetteer('Wien', 5)[0]).toMatchObject({ display_name: 'Vienna, Austria', type: 'city' });
    expect(searchGazetteer('Singapore', 5)[0]?.type).toBe('city');
  });

  it('never answers a country or a state for a point', () => {
    for (const result of reverseGazetteer({ lat: 43.4, lon: 11 }, 5)) expect(['city', 'town', 'village', 'suburb']).toContain(result.type);
  });

  it.each([
    ['Toscana', 'it', 'Toscana, Italia'],
    ['Tuscany', 'de', 'Toskana, Italien'],
    ['Tuscany', 'fr', 'Toscane, Italie'],
    ['Italy', 'pl', 'Włochy'],
    ['Italy', 'nl', 'Italië'],
    ['Firenze', 'de', 'Florenz, Toskana, Italien'],
    ['Sevilla', 'es', 'Sevilla, Andalucía, España'],
    ['Paris', 'pt-BR', 'Paris, Ilha de França, França'],
    // Towns of 15,000 people or more and states in every shipped language where GeoNames has the name.
    ['München', 'pl', 'Monachium, Bawaria, Niemcy'],
    ['Munich', 'it', 'Monaco di Baviera, Baviera, Germania'],
    ['Monachium', 'en', 'Munich, Bavaria, Germany'],
    ['München', 'de', 'München, Bayern, Deutschland'],
    ['München', 'nl', 'München, Beieren, Duitsland'],
    ['Köln', 'nl', 'Keulen, Noordrijn-Westfalen, Duitsland'],
    ['Firenze', 'en', 'Florence, Tuscany, Italy'],
    ['Firenze', 'pl', 'Florencja, Toskania, Włochy'],
    ['Florence', 'it', 'Firenze, Toscana, Italia'],
    ['Roma', 'it', 'Roma, Lazio, Italia'],
    ['Munich', 'pt-BR', 'Munique, Baviera, Alemanha'],
    // A name that is its state's name too keeps the town apart from the state: its main name.
    ['Lisboa', 'pt-BR', 'Lisbon, Lisboa, Portugal'],
    ['Zurich', 'en', 'Zürich, Zurich, Switzerland'],
    ['Bavaria', 'pl', 'Bawaria, Niemcy'],
    ['Tuscany', 'nl', 'Toscane, Italië'],
    // A town of fewer than 15,000 people keeps its main name; its state and country are translated.
    ['Greve in Chianti', 'pl', 'Greve in Chianti, Toskania, Włochy'],
  ])('"%s" for a rider reading %s is %s', (query, language, place) => {
    expect(searchGazetteer(query, 5, null, language)[0]?.display_name).toBe(place);
  });

  it('puts a whole name before a longer one, however big the longer one is', () => {
    // San (Mali, about 60,000 people) before Santiago (millions), a name that only starts with "san".
    const names = searchGazetteer('san', 5).map((r) => r.display_name);
    expect(names[0]).toBe('San, Ségou, Mali');
    expect(names.slice(1)).toContain('Santiago, Santiago Metropolitan, Chile');
  });

  it.each([
    ['Roma, Italia', 'Rome, Lazio, Italy'],
    ['München, Deutschland', 'Munich, Bavaria, Germany'],
    ['Wien, Österreich', 'Vienna, Austria'],
    ['Zürich, Schweiz', 'Zürich, Zurich, Switzerland'],
    ['Praha, Česko', 'Prague, Czechia'],
    ['Москва, Россия', 'Moscow, Russia'],
    ['Sevilla, España', 'Seville, Andalusia, Spain'],
  ])('"%s" (the country in its own language after a comma) is %s', (query, place) => {
    expect(searchGazetteer(query, 5)[0]?.display_name).toBe(place);
  });

  it('narrows by a state named in a shipped language after a comma', () => {
    // Frankfurt alone is Frankfurt am Main; Brandeburgo is Brandenburg in Italian.
    expect(searchGazetteer('Frankfurt, Brandeburgo', 5)[0]?.display_name).toBe('Frankfurt (Oder), Brandenburg, Germany');
    expect(searchGazetteer('Firenze, Baviera', 5)).toEqual([]);
  });

  it('drops a region it does not know after a comma instead of finding nothing', () => {
    expect(searchGazetteer('Firenze, Mugello', 5)[0]?.display_name).toBe('Florence, Tuscany, Italy');
    expect(searchGazetteer('Firenze, Toscana', 5)[0]?.display_name).toBe('Florence, Tuscany, Italy');
    expect(searchGazetteer('Firenze, Toscana, Italia', 5)[0]?.display_name).toBe('Florence, Tuscany, Italy');
    expect(searchGazetteer('München, Bayern', 5)[0]?.display_name).toBe('Munich, Bavaria, Germany');
    // A known qualifier still narrows: Paris in Texas, not France.
    expect(searchGazetteer('Paris, Texas', 5)[0]?.display_name).toBe('Paris, Texas, United States');
    // And a known one that no town of the name lies in still finds nothing.
    expect(searchGazetteer('Firenze, Germany', 5)).toEqual([]);
  });

  it('finds nothing for a name no town has', () => {
    expect(searchGazetteer('Passo della Futa', 5)).toEqual([]);
    expect(searchGazetteer('Qqzxqqzx', 5, BOLOGNA)).toEqual([]);
  });

  it('looks up the nearest towns of a point, across the date line too', () => {
    expect(reverseGazetteer({ lat: 43.7696, lon: 11.2558 }, 5)[0]!.display_name).toBe('Florence, Tuscany, Italy');
    const fiji = reverseGazetteer({ lat: -16.5, lon: 179.99 }, 5);
    expect(fiji).toHaveLength(5);
    expect(fiji[0]!.address?.country_code).toBe('fj');
  });
});
