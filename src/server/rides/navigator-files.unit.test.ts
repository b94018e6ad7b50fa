import { describe, expect, it } from 'vitest';
import { itnName, legsOf, rideItnLines, toWindows1252 } from './navigator-files';

describe('ITN names', () => {
  it('lose bars, line breaks and controls, and are cut to 64 characters', () => {
    expect(itnName('Bar | Caffè\r\nRoma\tcentro\u0007')).toBe('Bar Caffè Roma centro');
    expect([...itnName('é'.repeat(100))]).toHaveLength(64);
  });

  it('are written in Windows-1252, other scripts transliterated', () => {
    expect([...toWindows1252('Café € “ok”')]).toEqual([0x43, 0x61, 0x66, 0xe9, 0x20, 0x80, 0x20, 0x93, 0x6f, 0x6b, 0x94]);
    expect(toWindows1252('Москва').toString('latin1')).toBe('Moskva');
    expect(toWindows1252('🏍').toString('latin1')).toMatch(/^\?*$/);
  });
});

describe('legsOf', () => {
  it('cuts the road at the points nearest each stop, in order; straight lines without a road', () => {
    const stops = [
      { name: 'A', lat: 0, lon: 0 },
      { name: 'B', lat: 0, lon: 1 },
      { name: 'C', lat: 0, lon: 2 },
    ];
    const road: Array<[number, number]> = [[0, 0], [0.1, 0.5], [0.01, 1], [0.1, 1.5], [0, 2]];
    expect(legsOf(stops, road)).toEqual([road.slice(0, 3), road.slice(2)]);
    expect(legsOf(stops, null)).toEqual([[[0, 0], [0, 1]], [[0, 1], [0, 2]]]);
  });

  it('an ITN of stops alone when there is no road: departure 4, the rest 2', () => {
    const lines = rideItnLines({ name: 'x', description: null, url: 'u', unplacedStops: [], road: null, stops: [{ name: 'A', lat: 45.1, lon: -7.25 }, { name: 'B', lat: 46, lon: 8 }] });
    expect(lines).toEqual(['-725000|4510000|A|4|', '800000|4600000|B|2|']);
  });
});
