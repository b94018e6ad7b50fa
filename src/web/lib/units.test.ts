import { describe, expect, it } from 'vitest';
import { formatDistance, kmToPreferred } from './units';

describe('units', () => {
  it('converts kilometres to miles with the spec factor', () => {
    expect(kmToPreferred(100, 'miles')).toBeCloseTo(62.1371, 4);
    expect(kmToPreferred(100, 'kilometers')).toBe(100);
  });

  it('formats with one decimal by default', () => {
    expect(formatDistance(100, 'miles')).toBe('62.1 mi');
    expect(formatDistance(12.34, 'kilometers')).toBe('12.3 km');
    expect(formatDistance(12.345, 'kilometers', 2)).toBe('12.35 km');
  });
});
