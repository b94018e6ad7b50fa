import { describe, expect, it } from 'vitest';
import { abbreviateAustralianState, composeLocationName, shortenLocationName } from './location-name';

describe('abbreviateAustralianState', () => {
  it.each([
    ['New South Wales', 'NSW'],
    ['Queensland', 'QLD'],
    ['Victoria', 'VIC'],
    ['Western Australia', 'WA'],
    ['South Australia', 'SA'],
    ['Tasmania', 'TAS'],
    ['Northern Territory', 'NT'],
    ['Australian Capital Territory', 'ACT'],
    ['new  south wales ', 'NSW'],
  ])('%s -> %s', (state, short) => {
    expect(abbreviateAustralianState(state)).toBe(short);
  });

  it('leaves other names alone', () => {
    expect(abbreviateAustralianState('Bavaria')).toBe('Bavaria');
    expect(abbreviateAustralianState('NSW')).toBe('NSW');
    expect(abbreviateAustralianState(' England ')).toBe('England');
  });
});

describe('shortenLocationName', () => {
  it('keeps the place and the last two parts, dropping postcodes, abbreviating Australian states', () => {
    expect(shortenLocationName('Sydney, Council of the City of Sydney, New South Wales, 2000, Australia')).toBe('Sydney, NSW, Australia');
    expect(shortenLocationName('Hobart, Tasmania, 7000, Australia')).toBe('Hobart, TAS, Australia');
  });

  it('leaves names of 3 parts or fewer as they are', () => {
    expect(shortenLocationName('Lyon, Auvergne-Rhône-Alpes, France')).toBe('Lyon, Auvergne-Rhône-Alpes, France');
    expect(shortenLocationName('Monaco')).toBe('Monaco');
    expect(shortenLocationName('Perth,  Western Australia')).toBe('Perth, WA');
  });

  it('drops repeated parts and empty ones', () => {
    expect(shortenLocationName('Berlin, , Berlin, Germany')).toBe('Berlin, Germany');
  });

  it('keeps a leading house number with its street', () => {
    expect(shortenLocationName('10, Downing Street, London, Greater London, England, SW1A 2AA, United Kingdom')).toBe('10 Downing Street, England, United Kingdom');
  });

  it('honours a smaller part limit', () => {
    expect(shortenLocationName('Sydney, New South Wales, Australia', 2)).toBe('Sydney, Australia');
  });
});

describe('composeLocationName', () => {
  it('names a town by its state and country', () => {
    expect(composeLocationName({ name: 'Sydney', state: 'New South Wales', country: 'Australia' })).toBe('Sydney, NSW, Australia');
    expect(composeLocationName({ name: 'Sydney', locality: 'Sydney', state: 'New South Wales', country: 'Australia' })).toBe('Sydney, NSW, Australia');
  });

  it('abbreviates the state, never the place: a town called Victoria keeps its name', () => {
    expect(composeLocationName({ name: 'Victoria', state: 'British Columbia', country: 'Canada' })).toBe('Victoria, British Columbia, Canada');
    expect(composeLocationName({ name: 'Melbourne', state: 'Victoria', country: 'Australia' })).toBe('Melbourne, VIC, Australia');
  });

  it('names a place inside a town by the town', () => {
    expect(composeLocationName({ name: 'Tour Eiffel', locality: 'Paris', state: 'Île-de-France', country: 'France' })).toBe('Tour Eiffel, Paris, France');
  });

  it('works with missing parts', () => {
    expect(composeLocationName({ name: 'Monaco', country: 'Monaco' })).toBe('Monaco');
    expect(composeLocationName({ locality: 'Darwin', state: 'Northern Territory' })).toBe('Darwin, NT');
    expect(composeLocationName({})).toBe('');
  });
});
