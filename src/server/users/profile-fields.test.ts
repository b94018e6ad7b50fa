import { describe, expect, it } from 'vitest';
import { profileUpdateSchema } from '../../shared/users/profile';
import { currentUserSchema } from '../../shared/users/current-user';
import { PREFERENCES, PREFERENCE_FIELDS, type PreferenceDefinition } from '../../shared/users/preferences';
import { buildGuest } from '../test/factories';
import { useTestApp } from '../test/use-test-app';

const t = useTestApp();

/**
 * Fields of the profile form that are not written as sent: a new e-mail address waits for its
 * confirmation (profile.test.ts), and the handle is the current user's `userId` (checked below).
 */
const NOT_AS_SENT = ['email'];

/**
 * Each preference of preferences.ts set to a value other than its default, then changed again: its
 * last value (a set: every value), then its first (a set: none). A new preference needs no line here.
 */
function preferenceValues(pick: 'first' | 'second'): Record<string, unknown> {
  return Object.fromEntries(
    PREFERENCE_FIELDS.map((field) => {
      const definition: PreferenceDefinition = PREFERENCES[field];
      const { values } = definition;
      if (definition.kind === 'set') return [field, pick === 'first' ? [...values] : []];
      const others = values.filter((v) => v !== definition.default);
      return [field, pick === 'first' ? others[others.length - 1] : definition.default];
    }),
  );
}

describe('every field of the profile form and the preferences is written by an edit', () => {
  it('reads back each field as set, then each as changed', async () => {
    const rider = await buildGuest(t);
    const first = {
      userId: 'all-fields-one',
      firstName: 'Ada',
      lastName: 'Rider',
      bio: 'Every field set',
      location: 'Bologna, Italy',
      latitude: 44.4949,
      longitude: 11.3426,
      profileVisibility: 'groups',
      preferredUnits: 'miles',
      gpxPrivacyZone: '1km',
      // Zones without summer time: the offset answered is the zone's today.
      timezoneOffset: 'UTC+05:30',
      timezoneName: 'Kolkata',
      timezone: 'Asia/Kolkata',
      ...preferenceValues('first'),
    };
    const second = {
      userId: 'all-fields-two',
      firstName: 'Grace',
      lastName: 'Tourer',
      bio: 'Every field changed',
      location: 'Lucca, Italy',
      latitude: 43.8429,
      longitude: 10.5027,
      profileVisibility: 'private',
      preferredUnits: 'kilometers',
      gpxPrivacyZone: 'none',
      timezoneOffset: 'UTC-05:00',
      timezoneName: 'Bogota',
      timezone: 'America/Bogota',
      ...preferenceValues('second'),
    };
    // A field added to the profile form's schema and not to this test fails here.
    expect([...Object.keys(first), ...NOT_AS_SENT].sort()).toEqual(Object.keys(profileUpdateSchema.shape).sort());
    for (const sent of [first, second]) {
      const res = await rider.client.patch(`/api/users/${rider.user.id}`, sent);
      expect(res.statusCode).toBe(200);
      const current = currentUserSchema.parse((await rider.client.get('/api/users/current')).json());
      expect(current).toMatchObject(sent);
    }
  });
});

describe('the preferences of preferences.ts', () => {
  it('read as their defaults until chosen, and refuse a value not offered with a 400 naming the field', async () => {
    const rider = await buildGuest(t);
    const current = currentUserSchema.parse((await rider.client.get('/api/users/current')).json());
    expect(current).toMatchObject({ reminderTimes: ['evening_before'], organizerDigest: 'immediate', newRidesDigest: 'immediate' });
    const refused = await rider.client.patch(`/api/users/${rider.user.id}`, { reminderTimes: ['at_dawn'] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: 'Please choose one of: evening_before, morning_of, two_hours_before' });
    const ordered = await rider.client.patch(`/api/users/${rider.user.id}`, { reminderTimes: ['two_hours_before', 'evening_before'] });
    expect(ordered.json()).toMatchObject({ reminderTimes: ['evening_before', 'two_hours_before'] });
  });
});
