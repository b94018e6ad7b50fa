import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildGroup, buildGuest, buildRide } from '../test/factories';
import * as zonesMigration from './migrations/034_named_time_zones';
import { useTestApp } from '../test/use-test-app';

const t = useTestApp();

// Migration 034 (issue 29, point 3): rows of fixed offsets get named zones, and each ride's instants
// move so that its page shows the same wall-clock time as before. The expected instants are
// written by hand: 09:00 on 4 July 2027 is 07:00Z in Rome and 13:00Z in New York.

describe('migration 034', () => {
  it('gives groups, rides and riders a zone from their place or their old offset and label, keeping the times their pages showed', async () => {
    const owner = await buildGuest(t);
    const db = t.app.ctx.db;
    const bologna = await buildGroup(owner);
    const nowhere = await buildGroup(owner, { location: 'Somewhere', latitude: null, longitude: null, timezoneOffset: 'UTC-05:00', timezoneName: 'New York' });
    const rome = await buildRide(owner, bologna.id);
    const newYork = await buildRide(owner, nowhere.id, { startLatitude: null, startLongitude: null, endLatitude: null, endLongitude: null });
    const utc = await buildRide(owner, nowhere.id, { startLatitude: null, startLongitude: null, endLatitude: null, endLongitude: null });

    await zonesMigration.down(db as unknown as Kysely<unknown>);
    // As stored before: fixed offsets, the instant being the wall-clock time shown minus the offset.
    const old = (id: string, values: Record<string, string | null>) => sql`update rides set timezone_offset = ${values.offset}, timezone_name = ${values.name}, start_date = ${values.start}, end_date = ${values.end}, min_riders_decision_at = ${values.decision} where id = ${id}`.execute(db);
    await old(rome.id, { offset: 'UTC+01:00', name: 'Berlin', start: '2027-07-04T08:00:00.000Z', end: '2027-07-05T22:59:59.999Z', decision: '2027-07-03T17:00:00.000Z' });
    await old(newYork.id, { offset: 'UTC-05:00', name: 'New York', start: '2027-07-04T14:00:00.000Z', end: '2027-07-05T04:59:59.999Z', decision: null });
    await old(utc.id, { offset: 'UTC+00:00', name: 'UTC', start: '2027-07-04T09:00:00.000Z', end: '2027-07-04T23:59:59.999Z', decision: null });
    await sql`update groups set timezone_offset = 'UTC-05:00', timezone_name = 'New York' where id = ${nowhere.id}`.execute(db);
    await sql`update users set timezone_offset = 'UTC+05:45', timezone_name = 'Kathmandu' where id = ${owner.user.id}`.execute(db);

    await zonesMigration.up(db as unknown as Kysely<unknown>);

    expect((await owner.client.get(`/api/groups/${bologna.id}`)).json()).toMatchObject({ timezone: 'Europe/Rome', timezoneName: 'Rome' });
    expect((await owner.client.get(`/api/groups/${nowhere.id}`)).json()).toMatchObject({ timezone: 'America/New_York', timezoneName: 'New York' });
    // The ride in Bologna (labelled Berlin) showed 09:00 on UTC+01:00: now 09:00 in Rome, summer time; its last day still 5 July.
    const romeRide = (await owner.client.get(`/api/rides/${rome.id}`)).json();
    expect(romeRide).toMatchObject({ timezone: 'Europe/Rome', timezoneOffset: 'UTC+02:00', startDate: '2027-07-04T07:00:00.000Z', endDate: '2027-07-05T21:59:59.999Z' });
    expect(romeRide.minRidersDecision.at).toBe('2027-07-03T16:00:00.000Z');
    // No coordinates: the zone from the old offset and label.
    expect((await owner.client.get(`/api/rides/${newYork.id}`)).json()).toMatchObject({ timezone: 'America/New_York', timezoneOffset: 'UTC-04:00', startDate: '2027-07-04T13:00:00.000Z', endDate: '2027-07-05T03:59:59.999Z' });
    expect((await owner.client.get(`/api/rides/${utc.id}`)).json()).toMatchObject({ timezone: 'UTC', timezoneOffset: 'UTC+00:00', startDate: '2027-07-04T09:00:00.000Z', endDate: '2027-07-04T23:59:59.999Z' });
    // The lists' cards were rebuilt with the moved instants.
    const listed = (await owner.client.get(`/api/groups/${bologna.id}/rides`)).json() as Array<{ id: string; startDate: string }>;
    expect(listed.find((x) => x.id === rome.id)?.startDate).toBe('2027-07-04T07:00:00.000Z');
    expect((await owner.client.get('/api/users/current')).json()).toMatchObject({ timezone: 'Asia/Kathmandu', timezoneOffset: 'UTC+05:45' });
  });
});
