import { describe, expect, it } from 'vitest';
import { buildGroup, buildGuest, buildRoles, rideBody } from '../test/factories';
import { useTestApp } from '../test/use-test-app';

const t = useTestApp();

// Issue 29, points 1-4: a ride's instant is its local date and time in its IANA zone, with summer
// time. The expected instants and offsets below are written by hand from each zone's rules for
// 2027 (EU: last Sundays of March and October; US: March 14 and November 7; Australia: April 4
// and October 3), not computed by the code under test.

type Outcome = { iso: string; offset: string; ambiguous?: true } | 'nonexistent';

const TABLE: Array<[zone: string, day: string, time: string, outcome: Outcome]> = [
  ['Europe/Rome', '2027-03-28', '02:30', 'nonexistent'],
  ['Europe/Rome', '2027-03-28', '09:00', { iso: '2027-03-28T07:00:00.000Z', offset: 'UTC+02:00' }],
  ['Europe/Rome', '2027-10-31', '02:30', { iso: '2027-10-31T00:30:00.000Z', offset: 'UTC+02:00', ambiguous: true }],
  ['Europe/Rome', '2027-10-31', '09:00', { iso: '2027-10-31T08:00:00.000Z', offset: 'UTC+01:00' }],
  ['Europe/Berlin', '2027-03-28', '02:30', 'nonexistent'],
  ['Europe/Berlin', '2027-03-28', '03:00', { iso: '2027-03-28T01:00:00.000Z', offset: 'UTC+02:00' }],
  ['Europe/Berlin', '2027-10-31', '02:00', { iso: '2027-10-31T00:00:00.000Z', offset: 'UTC+02:00', ambiguous: true }],
  ['Europe/Berlin', '2027-10-31', '03:00', { iso: '2027-10-31T02:00:00.000Z', offset: 'UTC+01:00' }],
  ['Europe/London', '2027-03-28', '01:30', 'nonexistent'],
  ['Europe/London', '2027-03-28', '09:00', { iso: '2027-03-28T08:00:00.000Z', offset: 'UTC+01:00' }],
  ['Europe/London', '2027-10-31', '01:30', { iso: '2027-10-31T00:30:00.000Z', offset: 'UTC+01:00', ambiguous: true }],
  ['Europe/London', '2027-10-31', '09:00', { iso: '2027-10-31T09:00:00.000Z', offset: 'UTC+00:00' }],
  ['America/New_York', '2027-03-14', '02:30', 'nonexistent'],
  ['America/New_York', '2027-03-14', '09:00', { iso: '2027-03-14T13:00:00.000Z', offset: 'UTC-04:00' }],
  ['America/New_York', '2027-11-07', '01:30', { iso: '2027-11-07T05:30:00.000Z', offset: 'UTC-04:00', ambiguous: true }],
  ['America/New_York', '2027-11-07', '09:00', { iso: '2027-11-07T14:00:00.000Z', offset: 'UTC-05:00' }],
  ['America/Denver', '2027-03-14', '02:30', 'nonexistent'],
  ['America/Denver', '2027-03-14', '09:00', { iso: '2027-03-14T15:00:00.000Z', offset: 'UTC-06:00' }],
  ['America/Denver', '2027-11-07', '01:30', { iso: '2027-11-07T07:30:00.000Z', offset: 'UTC-06:00', ambiguous: true }],
  ['America/Denver', '2027-11-07', '09:00', { iso: '2027-11-07T16:00:00.000Z', offset: 'UTC-07:00' }],
  // Arizona keeps no summer time: the nights the rest of the Mountain zone changes are plain nights.
  ['America/Phoenix', '2027-03-14', '02:30', { iso: '2027-03-14T09:30:00.000Z', offset: 'UTC-07:00' }],
  ['America/Phoenix', '2027-11-07', '01:30', { iso: '2027-11-07T08:30:00.000Z', offset: 'UTC-07:00' }],
  // The southern summer: the clocks go back in April and forward in October.
  ['Australia/Sydney', '2027-04-04', '02:30', { iso: '2027-04-03T15:30:00.000Z', offset: 'UTC+11:00', ambiguous: true }],
  ['Australia/Sydney', '2027-04-04', '09:00', { iso: '2027-04-03T23:00:00.000Z', offset: 'UTC+10:00' }],
  ['Australia/Sydney', '2027-10-03', '02:30', 'nonexistent'],
  ['Australia/Sydney', '2027-10-03', '09:00', { iso: '2027-10-02T22:00:00.000Z', offset: 'UTC+11:00' }],
  ['Asia/Kathmandu', '2027-03-28', '09:00', { iso: '2027-03-28T03:15:00.000Z', offset: 'UTC+05:45' }],
  ['Asia/Kathmandu', '2027-10-31', '09:00', { iso: '2027-10-31T03:15:00.000Z', offset: 'UTC+05:45' }],
  // Lord Howe moves its clocks by 30 minutes.
  ['Australia/Lord_Howe', '2027-04-04', '01:45', { iso: '2027-04-03T14:45:00.000Z', offset: 'UTC+11:00', ambiguous: true }],
  ['Australia/Lord_Howe', '2027-04-04', '09:00', { iso: '2027-04-03T22:30:00.000Z', offset: 'UTC+10:30' }],
  ['Australia/Lord_Howe', '2027-10-03', '02:15', 'nonexistent'],
  ['Australia/Lord_Howe', '2027-10-03', '09:00', { iso: '2027-10-02T22:00:00.000Z', offset: 'UTC+11:00' }],
];

const DAY_LABELS: Record<string, string> = {
  '2027-03-28': 'Mar 28, 2027',
  '2027-03-14': 'Mar 14, 2027',
  '2027-10-03': 'Oct 3, 2027',
};

describe('a ride created in a named zone, at both changes of the year', () => {
  it.each(TABLE)('%s on %s at %s', async (zone, day, time, outcome) => {
    const r = await buildRoles(t);
    // The wall-clock time typed, sent on UTC+00:00 with the zone named.
    const sent = `${day}T${time}:00.000Z`;
    const res = await r.owner.client.post('/api/rides', rideBody(r.group.id, { timezone: zone, timezoneOffset: 'UTC+00:00', startDate: sent, endDate: `${day}T00:00:00.000Z` }));
    if (outcome === 'nonexistent') {
      expect(res.statusCode).toBe(400);
      // The day as data (ISO), written in the reader's calendar by the web; the English message names it the spec's way.
      expect(res.json()).toMatchObject({ code: 'nonexistent_local_time', field: 'startDate', params: { zone, time, day } });
      expect(res.json().message).toContain(zone);
      expect(res.json().message).toContain(DAY_LABELS[day]);
      expect(res.json().message).toContain(time);
      expect((await r.owner.client.get(`/api/groups/${r.group.id}/rides`)).json()).toEqual([]);
      return;
    }
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({ startDate: outcome.iso, timezone: zone, timezoneOffset: outcome.offset });
    if (outcome.ambiguous) {
      expect(created.notice).toMatchObject({ code: 'ambiguous_local_time', params: { zone, time, day, offset: outcome.offset } });
      expect(created.notice.message).toContain(zone);
      expect(created.notice.message).toContain(outcome.offset);
    } else {
      expect(created.notice).toBeUndefined();
    }
    const stored = await t.app.ctx.db.selectFrom('rides').select(['start_date', 'timezone']).where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ start_date: outcome.iso, timezone: zone });
    const read = (await r.member.client.get(`/api/rides/${created.id}`)).json();
    expect(read).toMatchObject({ startDate: outcome.iso, timezoneOffset: outcome.offset, timezone: zone });
    expect(read.notice).toBeUndefined();
    // The list (ride cards) answers the same.
    const listed = (await r.member.client.get(`/api/groups/${r.group.id}/rides`)).json() as Array<{ id: string; timezoneOffset: string }>;
    expect(listed.find((x) => x.id === created.id)?.timezoneOffset).toBe(outcome.offset);
  });

  it('refuses a nonexistent time on edit too, and keeps the ride as it was', async () => {
    const r = await buildRoles(t);
    const ride = (await r.owner.client.post('/api/rides', rideBody(r.group.id, { timezone: 'Europe/Rome', timezoneOffset: 'UTC+00:00', startDate: '2027-03-28T09:00:00.000Z', endDate: '2027-03-28T00:00:00.000Z' }))).json();
    const res = await r.owner.client.patch(`/api/rides/${ride.id}`, { startDate: '2027-03-28T02:30:00.000Z', timezoneOffset: 'UTC+00:00' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'nonexistent_local_time' });
    expect((await r.owner.client.get(`/api/rides/${ride.id}`)).json().startDate).toBe('2027-03-28T07:00:00.000Z');
  });
});

describe('a client sending only the spec’s fields', () => {
  it('has 09:00 sent on UTC+01:00 for a July ride in a Berlin group read as 09:00 Berlin time, and answers UTC+02:00', async () => {
    const owner = await buildGuest(t);
    const group = await buildGroup(owner, { location: 'Berlin, Germany', latitude: 52.52, longitude: 13.405, timezoneOffset: 'UTC+01:00', timezoneName: 'Central European Time' });
    expect((await owner.client.get(`/api/groups/${group.id}`)).json()).toMatchObject({ timezone: 'Europe/Berlin', timezoneName: 'Central European Time' });
    const body = rideBody(group.id, { startDate: '2027-07-04T08:00:00.000Z', endDate: '2027-07-04T00:00:00.000Z', timezoneOffset: 'UTC+01:00', timezoneName: 'Berlin' });
    delete (body as { timezone?: string }).timezone;
    const res = await owner.client.post('/api/rides', body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ startDate: '2027-07-04T07:00:00.000Z', timezoneOffset: 'UTC+02:00', timezoneName: 'Berlin', timezone: 'Europe/Berlin' });
    // The ride is over at the end of its day in Berlin (22:00Z in summer), not on a fixed offset.
    expect(res.json().endDate).toBe('2027-07-04T21:59:59.999Z');
  });

  it('answers a January ride in Rome with UTC+01:00 and a July one with UTC+02:00; St. John’s summer offset is accepted back', async () => {
    const r = await buildRoles(t);
    const winter = (await r.owner.client.post('/api/rides', rideBody(r.group.id, { timezone: 'Europe/Rome', startDate: '2027-01-10T08:00:00.000Z', endDate: '2027-01-10T08:00:00.000Z' }))).json();
    const summer = (await r.owner.client.post('/api/rides', rideBody(r.group.id, { timezone: 'Europe/Rome', startDate: '2027-07-10T07:00:00.000Z', endDate: '2027-07-10T07:00:00.000Z' }))).json();
    expect([winter.timezoneOffset, summer.timezoneOffset]).toEqual(['UTC+01:00', 'UTC+02:00']);
    const newfoundland = await r.owner.client.post('/api/rides', rideBody(r.group.id, { timezone: 'America/St_Johns', timezoneOffset: 'UTC-02:30', startDate: '2027-07-10T11:30:00.000Z', endDate: '2027-07-10T11:30:00.000Z' }));
    expect(newfoundland.statusCode, newfoundland.body).toBe(201);
    expect(newfoundland.json()).toMatchObject({ startDate: '2027-07-10T11:30:00.000Z', timezoneOffset: 'UTC-02:30' });
  });
});

describe('an unknown zone', () => {
  it('is refused with 400 and the code unknown_time_zone on rides, groups and the rider’s settings', async () => {
    const r = await buildRoles(t);
    for (const res of [
      await r.owner.client.post('/api/rides', rideBody(r.group.id, { timezone: 'Europe/Atlantis' })),
      await r.owner.client.post('/api/rides', rideBody(r.group.id, { timezone: 'UTC+01:00' })),
      await r.owner.client.patch(`/api/groups/${r.group.id}`, { timezone: 'Mars/Olympus' }),
      await r.owner.client.patch(`/api/users/${r.owner.user.id}`, { timezone: 'Nowhere' }),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'unknown_time_zone', field: 'timezone' });
    }
  });

  it('lets a rider keep a zone of their own', async () => {
    const rider = await buildGuest(t);
    const res = await rider.client.patch(`/api/users/${rider.user.id}`, { timezone: 'Asia/Kathmandu' });
    expect(res.statusCode).toBe(200);
    expect((await rider.client.get('/api/users/current')).json()).toMatchObject({ timezone: 'Asia/Kathmandu', timezoneOffset: 'UTC+05:45' });
  });
});
