import { describe, expect, it } from 'vitest';
import { MB } from './limits';
import { storageLimitMessage, storageUsageText } from './storage-usage';

describe('storage usage texts', () => {
  it('names the limit as configured and the use readably', () => {
    expect(storageLimitMessage(1000 * MB)).toBe('Your uploads would exceed your 1,000 MB storage limit');
    expect(storageLimitMessage(100 * MB)).toBe('Your uploads would exceed your 100 MB storage limit');
    expect(storageUsageText({ usedBytes: 0, limitBytes: 1000 * MB })).toBe('0 MB of 1,000 MB used');
    expect(storageUsageText({ usedBytes: 2.44 * MB, limitBytes: 100 * MB })).toBe('2.4 MB of 100 MB used');
    expect(storageUsageText({ usedBytes: 612.6 * MB, limitBytes: 1000 * MB })).toBe('613 MB of 1,000 MB used');
  });
});
