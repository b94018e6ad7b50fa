import { describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { buildRide, buildRoles } from '../test/factories';
import { endOfLocalDay, zonedDateTimeToIso } from '../../shared/rides/ride-time';
import { repairRideEnds } from '../db/migrations/017_ride_end_of_last_day';
import { useTestApp } from '../test/use-test-app';

const t = useTestApp();

const DAY_MS = 86_400_000;
/** The calendar day `days` from today (UTC), "YYYY-MM-DD". */
const day = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

async function storedEnd(rideId: string): Promise<string> {
  return (await t.app.ctx.db.selectFrom('rides').select('end_date').where('id', '=', rideId).executeTakeFirstOrThrow()).end_date;
}

describe('a ride ends at the end of its last local day', () => {
  it('stores the end of the picked end day in the ride’s zone on create, and never an end before the start', async () => {
    const r = await buildRoles(t);
    const tour = await buildRide(r.owner, r.group.id, {
      startDate: zonedDateTimeToIso(day(5), '09:00', 'Etc/GMT-2'),
      endDate: zonedDateTimeToIso(day(7), '00:00', 'Etc/GMT-2'),
      duration: 'multi-day',
      timezoneOffset: 'UTC+02:00', timezone: 'Etc/GMT-2',
      timezoneName: 'Athens',
    });
    expect((tour as unknown as { endDate: string }).endDate).toBe(`${day(7)}T21:59:59.999Z`);
    expect(await storedEnd(tour.id)).toBe(`${day(7)}T21:59:59.999Z`);

    // The form sends the end day's midnight, which is before a same-day ride's start.
    const sameDay = await buildRide(r.owner, r.group.id, { startDate: zonedDateTimeToIso(day(5), '18:30', 'Etc/GMT+5'), endDate: zonedDateTimeToIso(day(5), '00:00', 'Etc/GMT+5'), timezoneOffset: 'UTC-05:00', timezone: 'Etc/GMT+5', timezoneName: 'New York' });
    expect(await storedEnd(sameDay.id)).toBe(endOfLocalDay(day(5), 'Etc/GMT+5'));
    expect(Date.parse(await storedEnd(sameDay.id))).toBeGreaterThan(Date.parse(zonedDateTimeToIso(day(5), '18:30', 'Etc/GMT+5')));
  });

  it('keeps the rule on edit: a new end day, a new start, a new zone keeping the same end day; an end day before the start day is refused', async () => {
    const r = await buildRoles(t);
    const ride = await buildRide(r.owner, r.group.id, { startDate: zonedDateTimeToIso(day(5), '09:00', 'Etc/GMT-1'), endDate: zonedDateTimeToIso(day(5), '00:00', 'Etc/GMT-1'), timezoneOffset: 'UTC+01:00', timezone: 'Etc/GMT-1', timezoneName: 'Berlin' });
    const later = await r.owner.client.patch(`/api/rides/${ride.id}`, { endDate: zonedDateTimeToIso(day(8), '00:00', 'Etc/GMT-1') });
    expect([later.statusCode, later.json().endDate]).toEqual([200, endOfLocalDay(day(8), 'Etc/GMT-1')]);
    // Only the zone changes: the ride still ends on its 8th day, now on the new zone's clock.
    const moved = await r.owner.client.patch(`/api/rides/${ride.id}`, { timezoneOffset: 'UTC-08:00', timezone: 'Etc/GMT+8', timezoneName: 'Los Angeles' });
    expect(moved.json().endDate).toBe(endOfLocalDay(day(8), 'Etc/GMT+8'));
    const early = await r.owner.client.patch(`/api/rides/${ride.id}`, { startDate: zonedDateTimeToIso(day(9), '09:00', 'Etc/GMT+8') });
    expect([early.statusCode, early.json().message]).toEqual([400, 'End date must be after start date']);
    expect(await storedEnd(ride.id)).toBe(endOfLocalDay(day(8), 'Etc/GMT+8'));
  });
});

describe('upcoming means not yet ended', () => {
  it('keeps a three-day tour that started this morning in Upcoming Rides, the dashboard, the group, the finder; an ended ride moves to recent rides', async () => {
    const r = await buildRoles(t);
    const startedToday = `${day(0)}T00:00:00.000Z`;
    const tour = await buildRide(r.owner, r.group.id, { name: 'Three Passes Tour', startDate: startedToday, endDate: `${day(2)}T00:00:00.000Z`, duration: 'multi-day' });
    const ended = await buildRide(r.owner, r.group.id, { name: 'Last Week' });
    await t.app.ctx.db
      .updateTable('rides')
      .set({ start_date: new Date(Date.now() - 5 * DAY_MS).toISOString(), end_date: endOfLocalDay(day(-4), 'UTC'), total_distance_km: 500 })
      .where('id', '=', ended.id)
      .execute();

    const upcoming = (await r.member.client.get('/api/rides/upcoming')).json() as Array<{ id: string }>;
    expect(upcoming.map((x) => x.id)).toEqual([tour.id]);
    const stats = (await r.owner.client.get('/api/dashboard/stats')).json();
    expect(stats.upcomingRides).toBe(1);
    expect(stats.milesPlanned).toBeGreaterThan(60); // Bologna -> Parma, about 85 km; the ended 500 km do not count
    expect(stats.milesPlanned).toBeLessThan(100);
    expect((await r.member.client.get(`/api/groups/${r.group.id}`)).json()).toMatchObject({ upcomingRides: 1, isActive: true });
    const found = (await r.member.client.get('/api/rides/finder?latitude=44.49&longitude=11.34&radius=50')).json().results as Array<{ id: string }>;
    expect(found.map((x) => x.id)).toContain(tour.id);
    expect(found.map((x) => x.id)).not.toContain(ended.id);
    const recent = (await r.owner.client.get(`/api/users/${r.owner.user.id}/recent-rides`)).json() as Array<{ id: string }>;
    expect(recent.map((x) => x.id)).toEqual([ended.id]);
  });
});

describe('migration 017', () => {
  it('repairs ends before the start and ends at the start of the end day, and the lists show the repaired end', async () => {
    const r = await buildRoles(t);
    // Each ride ends the day it starts (rideBody's end is four days from this very moment, which may be earlier that day).
    const kolkataStart = `${day(4)}T04:00:00.000Z`;
    const before = await buildRide(r.owner, r.group.id, { timezoneOffset: 'UTC+05:30', timezone: 'Asia/Kolkata', timezoneName: 'Kolkata', startDate: kolkataStart, endDate: kolkataStart });
    const saoPauloStart = zonedDateTimeToIso(day(4), '10:00', 'America/Sao_Paulo');
    const dayStart = await buildRide(r.owner, r.group.id, { timezoneOffset: 'UTC-03:00', timezone: 'America/Sao_Paulo', timezoneName: 'Sao Paulo', startDate: saoPauloStart, endDate: saoPauloStart });
    const tourDays = await buildRide(r.owner, r.group.id, { startDate: `${day(3)}T09:00:00.000Z`, endDate: `${day(3)}T09:00:00.000Z` });
    // As stored before this release: an end an hour before the start, and the end day's midnight.
    await t.app.ctx.db.updateTable('rides').set({ end_date: new Date(Date.parse(`${day(4)}T03:00:00.000Z`)).toISOString() }).where('id', '=', before.id).execute();
    await t.app.ctx.db.updateTable('rides').set({ end_date: zonedDateTimeToIso(day(6), '00:00', 'America/Sao_Paulo') }).where('id', '=', dayStart.id).execute();
    await t.app.ctx.db.updateTable('rides').set({ end_date: `${day(5)}T00:00:00.000Z` }).where('id', '=', tourDays.id).execute();
    // A list builds every card now, before the repair.
    await r.member.client.get('/api/rides/upcoming');

    expect(await repairRideEnds(t.app.ctx.db as unknown as Kysely<unknown>)).toBe(3);
    expect(await storedEnd(before.id)).toBe(endOfLocalDay(day(4), 'Asia/Kolkata'));
    expect(await storedEnd(dayStart.id)).toBe(endOfLocalDay(day(6), 'America/Sao_Paulo'));
    expect(await storedEnd(tourDays.id)).toBe(endOfLocalDay(day(5), 'UTC'));
    const listed = (await r.member.client.get('/api/rides/upcoming')).json() as Array<{ id: string; endDate: string }>;
    expect(listed.find((x) => x.id === dayStart.id)!.endDate).toBe(endOfLocalDay(day(6), 'America/Sao_Paulo'));
    expect(await repairRideEnds(t.app.ctx.db as unknown as Kysely<unknown>)).toBe(0);
  });
});
