import { describe, expect, it } from 'vitest';
import { nameText, stripInvisible } from './name-text';

describe('stripInvisible', () => {
  it.each([
    ['bidi override', 'Ride\u202Egpj.exe', 'Ridegpj.exe'],
    ['bidi isolates', '\u2066Night\u2069 \u2067Riders\u2069', 'Night Riders'],
    ['direction marks', '\u200FNight\u200E Riders\u061C', 'Night Riders'],
    ['zero-width space', 'Night\u200BRiders', 'NightRiders'],
    ['word joiner and byte-order mark', '\uFEFFNight\u2060Riders', 'NightRiders'],
    ['soft hyphen', 'Motor\u00ADrad', 'Motorrad'],
    ['Hangul filler', '\u3164', ''],
    ['line breaks and tabs become spaces', 'Night\nRiders\tClub', 'Night Riders Club'],
    ['other controls', 'Night\u0007Riders\u0085', 'NightRiders '],
    ['stray tag characters', 'Riders\u{E0041}\u{E0042}', 'Riders'],
  ])('removes %s', (_, input, expected) => {
    expect(stripInvisible(input)).toBe(expected);
  });

  it.each([
    ['ZWNJ inside a Persian word', 'می\u200Cخواهم'],
    ['ZWJ in an emoji sequence', '👩\u200D👧 family ride'],
    ['ZWJ after a skin tone and a variation selector', '🏍🏽\u200D♀️ and ❤️\u200D🔥'],
    ['ZWJ in a Devanagari conjunct', 'क्\u200Dष'],
    ['the flag of Wales', '🏴\u{E0067}\u{E0062}\u{E0077}\u{E006C}\u{E0073}\u{E007F} Riders'],
    ['letters of every script', 'Мотоклуб 東京 نادي'],
  ])('keeps %s', (_, input) => {
    expect(stripInvisible(input)).toBe(input);
  });

  it('drops joiners that join nothing', () => {
    expect(stripInvisible('\u200DNight \u200C Riders\u200D')).toBe('Night  Riders');
    expect(stripInvisible('a\u200D\u200D\u200Db')).toBe('a\u200Db');
  });
});

describe('nameText', () => {
  const schema = nameText({ required: 'Group name is required', max: 10, tooLong: 'Name too long' });

  it('gives the cleaned, trimmed name', () => {
    expect(schema.parse('  \u202ENight\u200B ')).toBe('Night');
  });

  it('answers a name of only invisible characters with the required message', () => {
    const result = schema.safeParse('\u200B\u202E\uFEFF \u2066');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Group name is required');
  });

  it('counts the length after cleaning', () => {
    expect(schema.safeParse(`${'a'.repeat(10)}${'\u200B'.repeat(20)}`).success).toBe(true);
    expect(schema.safeParse('a'.repeat(11)).error?.issues[0]?.message).toBe('Name too long');
  });
});
