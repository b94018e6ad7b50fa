import { describe, expect, it } from 'vitest';
import { profileUpdateSchema } from '../users/profile';
import { createGroupSchema } from '../groups/group';

// The named zone a group, ride or rider may send (optionalZoneField): one rule wherever it is sent.
describe('the optional zone field', () => {
  const group = { name: 'Riders', location: 'Bologna', timezoneOffset: 'UTC+01:00', timezoneName: 'Rome' };
  const zoneOfGroup = (timezone: unknown) => createGroupSchema.safeParse({ ...group, timezone });
  const zoneOfRider = (timezone: unknown) => profileUpdateSchema.safeParse({ timezone });

  it('keeps a zone, trimmed, and reads an empty picker as left out', () => {
    for (const parse of [zoneOfGroup, zoneOfRider]) {
      expect(parse(' Europe/Rome ').data?.timezone).toBe('Europe/Rome');
      expect(parse('').data).toBeDefined();
      expect(parse('').data?.timezone).toBeUndefined();
      expect(parse(undefined).data?.timezone).toBeUndefined();
    }
  });

  it('refuses more than 64 characters and what is not text', () => {
    for (const parse of [zoneOfGroup, zoneOfRider]) {
      expect(parse(`Europe/${'x'.repeat(58)}`).success).toBe(false);
      expect(parse(5).success).toBe(false);
    }
  });
});
