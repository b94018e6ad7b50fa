import { describe, expect, it } from 'vitest';
import { countOf } from './plural';

describe('countOf', () => {
  it('writes the singular for one and the plural for every other count', () => {
    expect(countOf(1, 'time', 'times')).toBe('1 time');
    expect(countOf(2, 'time', 'times')).toBe('2 times');
    expect(countOf(0, 'file', 'files')).toBe('0 files');
    expect(countOf(1200, 'stop', 'stops')).toBe('1,200 stops');
  });
});
