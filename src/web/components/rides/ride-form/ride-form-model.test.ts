import { afterEach, describe, expect, it } from 'vitest';
import type { Ride } from '../../../../shared/rides/ride';
import {
  autoDuration,
  cleanWaypoints,
  createRideFormSchema,
  emptyRideForm,
  formFromRide,
  isValidTime,
  RIDE_MESSAGES,
  rideFormSchema,
  type RideFormValues,
} from './ride-form-model';
import { toCreatePayload, toUpdatePayload } from './ride-form-payload';
import { activateLocale } from '../../../lib/i18n/i18n';
import { resetTestLanguage } from '../../../test/language';

const berlin = { timezone: 'Europe/Berlin', timezoneOffset: 'UTC+01:00', timezoneName: 'Berlin' };

function filled(overrides: Partial<RideFormValues> = {}): RideFormValues {
  return {
    ...emptyRideForm(berlin, 'g1'),
    name: 'Futa Loop',
    startLocation: 'Bologna',
    startCoords: { latitude: 44.49, longitude: 11.34 },
    endLocation: 'Imola',
    endCoords: { latitude: 44.35, longitude: 11.71 },
    startDay: '2026-12-05',
    endDay: '2026-12-05',
    ...overrides,
  };
}

function messages(schema: typeof rideFormSchema | typeof createRideFormSchema, values: RideFormValues): Record<string, string> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('autoDuration (spec 2 section 4)', () => {
  it('switches to multi-day when the start and end days differ', () => {
    expect(autoDuration('2026-12-05', '2026-12-07', 'full-day')).toBe('multi-day');
    expect(autoDuration('2026-12-05', '2026-12-06', 'half-day')).toBe('multi-day');
    expect(autoDuration('2026-12-05', '2026-12-06', 'overnight')).toBe('multi-day');
  });

  it('never switches back, and leaves same-day rides alone', () => {
    expect(autoDuration('2026-12-05', '2026-12-05', 'multi-day')).toBe('multi-day');
    expect(autoDuration('2026-12-05', '2026-12-05', 'half-day')).toBe('half-day');
    expect(autoDuration('2026-12-05', '', 'full-day')).toBe('full-day');
  });
});

describe('start time', () => {
  it.each(['00:00', '09:00', '12:30', '23:59'])('accepts %s', (time) => {
    expect(isValidTime(time)).toBe(true);
  });

  it.each(['9:00', '24:00', '12:60', '12-30', '1230', 'noon', '', '09:00 '])('refuses "%s" with the spec message', (time) => {
    expect(isValidTime(time)).toBe(false);
    expect(messages(rideFormSchema, filled({ startTime: time })).startTime).toBe('Please enter a valid time (HH:MM)');
  });
});

describe('the form schema (spec 2 section 5)', () => {
  it('starts from the spec defaults: 09:00, full-day, 1 to 10 riders, midpoint mode', () => {
    const empty = emptyRideForm(berlin);
    expect(empty).toMatchObject({ startTime: '09:00', duration: 'full-day', minRiders: 1, maxRiders: 10, routeOption: 'midpoint', ...berlin });
  });

  it('names every required field with its message', () => {
    expect(messages(createRideFormSchema, emptyRideForm(berlin))).toMatchObject({
      groupId: RIDE_MESSAGES.group,
      name: 'Ride name is required',
      startLocation: 'Start location is required',
      endLocation: 'End location is required',
      startDay: 'Start date is required',
      endDay: 'End date is required',
    });
  });

  it('checks the rider limits and their order', () => {
    expect(messages(rideFormSchema, filled({ minRiders: 0 })).minRiders).toBe('Minimum 1 rider');
    expect(messages(rideFormSchema, filled({ maxRiders: Number.NaN })).maxRiders).toBe('Minimum 1 rider');
    expect(messages(rideFormSchema, filled({ minRiders: 5, maxRiders: 4 })).maxRiders).toBe('Maximum riders must be at least the minimum');
    expect(messages(rideFormSchema, filled({ minRiders: 5, maxRiders: 5 }))).toEqual({});
  });

  it('refuses a typed stop that has neither a place nor the rider\'s "text only" (a stop is never saved somewhere unseen)', () => {
    expect(messages(rideFormSchema, filled({ endCoords: null })).endLocation).toBe(RIDE_MESSAGES.unplaced);
    expect(messages(rideFormSchema, filled({ midpointLocation: 'Futa', midpointCoords: null })).midpointLocation).toBe(RIDE_MESSAGES.unplaced);
    expect(messages(rideFormSchema, filled({ endCoords: null, textOnly: { start: false, midpoint: false, end: true } }))).toEqual({});
    // Advanced mode sends no midpoint, so its left-over text needs nothing.
    expect(messages(rideFormSchema, filled({ routeOption: 'waypoints', midpointLocation: 'Futa', midpointCoords: null }))).toEqual({});
  });

  it('refuses an end day before the start day', () => {
    expect(messages(rideFormSchema, filled({ startDay: '2026-12-05', endDay: '2026-12-04' })).endDay).toBe('End date must be after start date');
  });

  it('takes a name of only invisible or direction-changing characters as empty', () => {
    expect(messages(rideFormSchema, filled({ name: ' \u202E\u200B\uFEFF ' })).name).toBe(RIDE_MESSAGES.name);
  });

  it('refuses a name over 255 characters', () => {
    expect(messages(rideFormSchema, filled({ name: 'x'.repeat(256) })).name).toBe('Name too long');
  });
});

describe('waypoint rows', () => {
  it('drops rows with an empty name and trims the rest', () => {
    expect(
      cleanWaypoints([
        { name: ' Modena ', latitude: 44.6, longitude: 10.9 },
        { name: '   ', latitude: 0, longitude: 0 },
        { name: 'Parma', latitude: 0, longitude: 0 },
      ]),
    ).toEqual([
      { name: 'Modena', latitude: 44.6, longitude: 10.9 },
      { name: 'Parma', latitude: 0, longitude: 0 },
    ]);
  });
});

describe('toCreatePayload (spec 2 section 3)', () => {
  it('sends the start day and time in the ride zone as one ISO instant, and no startTime', () => {
    const payload = toCreatePayload(filled({ startTime: '09:30', endDay: '2026-12-06' }), 'u1');
    expect(payload.startDate).toBe('2026-12-05T08:30:00.000Z');
    expect(payload.endDate).toBe('2026-12-05T23:00:00.000Z');
    expect(payload).not.toHaveProperty('startTime');
    expect(payload).toMatchObject({ groupId: 'g1', ownerId: 'u1', timezone: 'Europe/Berlin', timezoneOffset: 'UTC+01:00', timezoneName: 'Berlin', duration: 'full-day', minRiders: 1, maxRiders: 10 });
  });

  it('writes every time of a July ride in Berlin on its summer offset, which the server reads back as the times typed', () => {
    const payload = toCreatePayload(filled({ startDay: '2027-07-04', startTime: '09:00', endDay: '2027-07-04', decisionAt: '2027-07-03T18:00' }), 'u1');
    expect(payload).toMatchObject({ timezone: 'Europe/Berlin', timezoneOffset: 'UTC+02:00', startDate: '2027-07-04T07:00:00.000Z', endDate: '2027-07-03T22:00:00.000Z', minRidersDecisionAt: '2027-07-03T16:00:00.000Z' });
  });

  it('refuses a start the zone skips that night, naming the zone and the day', () => {
    const result = rideFormSchema.safeParse(filled({ startDay: '2027-03-28', startTime: '02:30', endDay: '2027-03-28' }));
    expect(result.success).toBe(false);
    expect(result.error?.issues.find((issue) => issue.path[0] === 'startTime')?.message).toMatch(/^2:30\sAM does not exist in Europe\/Berlin on Mar 28, 2027: the clocks go forward that night\. Choose another time\.$/);
  });

  describe('in another language', () => {
    afterEach(resetTestLanguage);

    it("names the skipped time on the rider's clock and the day in their words (an Italian rider: 02:30, 28 mar 2027)", async () => {
      await activateLocale('it');
      const result = rideFormSchema.safeParse(filled({ startDay: '2027-03-28', startTime: '02:30', endDay: '2027-03-28' }));
      expect(result.error?.issues.find((issue) => issue.path[0] === 'startTime')?.message).toBe('Le 02:30 non esistono nel fuso Europe/Berlin il 28 mar 2027: quella notte gli orologi vanno avanti. Scegli un altro orario.');
    });
  });

  it('sends coordinates for placed stops and null ones for a stop kept as text only (so the server does not place it)', () => {
    const payload = toCreatePayload(filled({ endCoords: null, textOnly: { start: false, midpoint: false, end: true } }));
    expect(payload).toMatchObject({ startLatitude: 44.49, startLongitude: 11.34, endLatitude: null, endLongitude: null });
  });

  it('in midpoint mode sends the midpoint and no waypoints', () => {
    const payload = toCreatePayload(filled({ midpointLocation: 'Firenzuola', midpointCoords: { latitude: 44.1, longitude: 11.4 } }));
    expect(payload).toMatchObject({ midpointLocation: 'Firenzuola', midpointLatitude: 44.1, midpointLongitude: 11.4 });
    expect(payload).not.toHaveProperty('waypoints');
  });

  it('in waypoint mode sends the named waypoints and an empty midpoint', () => {
    const payload = toCreatePayload(
      filled({
        routeOption: 'waypoints',
        midpointLocation: 'left over',
        waypoints: [
          { name: 'Modena', latitude: 44.6, longitude: 10.9 },
          { name: '', latitude: null, longitude: null },
          { name: 'Passo della Futa', latitude: null, longitude: null },
        ],
      }),
    );
    expect(payload.midpointLocation).toBe('');
    // A waypoint kept as text only goes with null coordinates.
    expect(payload.waypoints).toEqual([
      { name: 'Modena', latitude: 44.6, longitude: 10.9 },
      { name: 'Passo della Futa', latitude: null, longitude: null },
    ]);
  });
});

describe('editing', () => {
  const ride = {
    id: 'r1',
    name: 'Futa Loop',
    description: null,
    status: 'confirmed',
    startDate: '2026-12-05T08:00:00.000Z',
    endDate: '2026-12-06T23:00:00.000Z',
    duration: 'multi-day',
    startLocation: 'Bologna',
    startLatitude: 44.49,
    startLongitude: 11.34,
    midpointLocation: null,
    midpointLatitude: null,
    midpointLongitude: null,
    endLocation: 'Imola',
    endLatitude: null,
    endLongitude: null,
    waypoints: [
      { name: 'Modena', latitude: 44.6, longitude: 10.9 },
      { name: 'Passo della Futa', latitude: null, longitude: null },
    ],
    minRiders: 2,
    maxRiders: 8,
    timezoneOffset: 'UTC+01:00',
    timezoneName: 'Berlin',
    timezone: 'Europe/Berlin',
    navigator: null,
    groupId: 'g1',
  } as unknown as Ride;

  it('fills the form with days and time on the ride clock', () => {
    expect(formFromRide(ride)).toMatchObject({ startDay: '2026-12-05', startTime: '09:00', endDay: '2026-12-07', routeOption: 'waypoints', navigatorId: 'none' });
  });

  it('keeps stops saved without coordinates as text only, so the form does not ask again', () => {
    const form = formFromRide(ride);
    expect(form.textOnly).toEqual({ start: false, midpoint: false, end: true });
    expect(form.waypoints[1]).toEqual({ name: 'Passo della Futa', latitude: null, longitude: null });
    expect(messages(rideFormSchema, form)).toEqual({});
  });

  it("sends 'none' as a null navigator, clears waypoints in midpoint mode and leaves unchanged dates out", () => {
    const initial = formFromRide(ride);
    const changes = toUpdatePayload({ ...initial, routeOption: 'midpoint', waypoints: [], name: 'Futa Loop 2' }, initial);
    expect(changes).toMatchObject({ name: 'Futa Loop 2', navigatorId: null, waypoints: [], midpointLocation: '' });
    expect(changes).not.toHaveProperty('startDate');
    expect(changes).not.toHaveProperty('endDate');
  });

  it('sends the dates when the day, time or zone changed, and the navigator chosen', () => {
    const initial = formFromRide(ride);
    const changes = toUpdatePayload({ ...initial, startTime: '10:15', navigatorId: 'u2' }, initial);
    expect(changes.startDate).toBe('2026-12-05T09:15:00.000Z');
    expect(changes).not.toHaveProperty('endDate');
    expect(changes.navigatorId).toBe('u2');
  });
});

describe('the minimum riders decision time', () => {
  it('is none by default, and must come before the start (both on the ride clock)', () => {
    expect(toCreatePayload(filled())).not.toHaveProperty('minRidersDecisionAt');
    expect(messages(rideFormSchema, filled({ decisionAt: '2026-12-05T09:00' }))).toEqual({ decisionAt: 'The decision time must be before the start' });
    expect(messages(rideFormSchema, filled({ decisionAt: '2026-12-05T08:59' }))).toEqual({});
  });

  it('is sent as an instant from the ride clock, and on edit only when changed (null clears it)', () => {
    expect(toCreatePayload(filled({ decisionAt: '2026-12-04T18:00' })).minRidersDecisionAt).toBe('2026-12-04T17:00:00.000Z');
    const initial = filled({ decisionAt: '2026-12-04T18:00' });
    expect(toUpdatePayload(initial, initial)).not.toHaveProperty('minRidersDecisionAt');
    expect(toUpdatePayload(filled({ decisionAt: '' }), initial).minRidersDecisionAt).toBeNull();
    const ride = { ...({} as Ride), minRidersDecision: { at: '2026-12-04T17:00:00.000Z', due: false, kept: false } };
    expect(formFromRide({ ...ride, waypoints: [], startDate: '2026-12-05T08:00:00.000Z', endDate: '2026-12-05T23:00:00.000Z', ...berlin, startLocation: 'Bologna', endLocation: 'Imola' } as Ride).decisionAt).toBe('2026-12-04T18:00');
  });
});
