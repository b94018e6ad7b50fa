import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/use-test-app';
import { pauseAt } from '../../test/pause-point';
import { createTestApp } from '../../test/test-app';
import { buildGroup, buildGuest, buildRoles, clientsByRole, rideBody, type GroupRole, type Rider } from '../../test/factories';
import { housekeepingJobs } from '../../housekeeping';
import { makeSeriesRides } from './series.service';
import type { RideDetail } from '../../../shared/rides/ride';
import type { Series } from '../../../shared/series/series-rule';

const t = useTestApp();

const SUNDAYS = { frequency: 'weekly', weekdays: ['SU'] };

interface SeriesSpec { day: string; time: string; offset: string; zone: string; rule: Record<string, unknown>; extra?: Record<string, unknown> }
/** Every Sunday at 09:00 in Rome from Sunday 6 December 2026. */
const ROME_SUNDAYS: SeriesSpec = { day: '2026-12-06', time: '09:00', offset: 'UTC+01:00', zone: 'Europe/Rome', rule: SUNDAYS };

/** A series created through the API: the first ride's start typed as `day` at `time` in `offset` (what the form sends). */
async function buildSeries(owner: Rider, groupId: string, opts: SeriesSpec) {
  const sign = opts.offset.slice(3, 4) === '-' ? -1 : 1;
  const minutes = sign * (Number(opts.offset.slice(4, 6)) * 60 + Number(opts.offset.slice(7, 9)));
  const startDate = new Date(Date.parse(`${opts.day}T${opts.time}:00.000Z`) - minutes * 60_000).toISOString();
  const res = await owner.client.post('/api/rides', rideBody(groupId, { name: 'Sunday breakfast', startDate, endDate: startDate, timezoneOffset: opts.offset, timezoneName: 'Rome', repeats: { rule: opts.rule, timezone: opts.zone }, ...opts.extra }));
  if (res.statusCode !== 201) throw new Error(`buildSeries: ${res.statusCode} ${res.body}`);
  const first = res.json() as RideDetail;
  return { first, seriesId: first.series!.id };
}

/** A guest's new group and a series in it. */
async function newSeries(opts: SeriesSpec) {
  const owner = await buildGuest(t);
  const group = await buildGroup(owner);
  return { owner, group, ...(await buildSeries(owner, group.id, opts)) };
}

/** A Sunday series in Rome and a member of its group who rides every one. */
async function ridingEverySunday() {
  const owner = await buildGuest(t);
  const group = await buildGroup(owner);
  const rider = await buildGuest(t);
  await rider.client.post(`/api/groups/${group.id}/join`);
  const { seriesId } = await buildSeries(owner, group.id, ROME_SUNDAYS);
  await rider.client.post(`/api/series/${seriesId}/join`);
  return { owner, rider, seriesId };
}

const seriesOf = async (rider: Rider, id: string) => (await rider.client.get(`/api/series/${id}`)).json() as Series;
const startsByDay = (series: Series) => Object.fromEntries(series.upcoming.map((r) => [r.day, r.startDate]));
const rideOf = async (rider: Rider, id: string) => (await rider.client.get(`/api/rides/${id}`)).json() as RideDetail;
const notes = async (rider: Rider, type: string) => ((await rider.client.get('/api/notifications')).json() as Array<{ type: string; message: string }>).filter((n) => n.type === type);

describe('a ride that repeats', () => {
  it('keeps 09:00 in Rome across the last Sundays of March and October: 07:00Z in summer, 08:00Z in winter', async () => {
    const { owner, group, first, seriesId } = await newSeries({ day: '2027-03-14', time: '09:00', offset: 'UTC+01:00', zone: 'Europe/Rome', rule: SUNDAYS });
    expect(first.series).toEqual({ id: seriesId, label: 'Every Sunday', rule: { ...SUNDAYS, interval: 1 }, day: '2027-03-14' });
    expect(first.name).toBe('Sunday breakfast · Mar 14, 2027');
    expect(first.slug).toBe('sunday-breakfast-mar-14-2027');
    // The series names its group, for its page's link.
    expect((await seriesOf(owner, seriesId)).group).toEqual({ id: group.id, name: group.name, slug: group.slug });

    // The job as it runs through the year: each time the coming ten weeks.
    for (const at of ['2027-03-01', '2027-05-01', '2027-07-01', '2027-08-25', '2027-10-01']) await makeSeriesRides(t.app.ctx, new Date(`${at}T12:00:00Z`));
    const starts = startsByDay(await seriesOf(owner, seriesId));
    expect(starts).toMatchObject({
      '2027-03-21': '2027-03-21T08:00:00.000Z',
      '2027-03-28': '2027-03-28T07:00:00.000Z',
      '2027-04-04': '2027-04-04T07:00:00.000Z',
      '2027-10-24': '2027-10-24T07:00:00.000Z',
      '2027-10-31': '2027-10-31T08:00:00.000Z',
      '2027-11-07': '2027-11-07T08:00:00.000Z',
    });
    const summer = (await seriesOf(owner, seriesId)).upcoming.find((r) => r.day === '2027-07-04')!;
    expect(await rideOf(owner, summer.id)).toMatchObject({ timezoneOffset: 'UTC+02:00', startDate: '2027-07-04T07:00:00.000Z', name: 'Sunday breakfast · Jul 4, 2027' });
    const winter = (await seriesOf(owner, seriesId)).upcoming.find((r) => r.day === '2027-11-07')!;
    expect((await rideOf(owner, winter.id)).timezoneOffset).toBe('UTC+01:00');
  });

  it.each([
    {
      title: 'makes the first Sunday of each month in Sydney across April, when summer time ends',
      spec: { day: '2027-03-07', time: '09:00', offset: 'UTC+11:00', zone: 'Australia/Sydney', rule: { frequency: 'monthly', weekOfMonth: 1, weekday: 'SU' } },
      madeAt: '2027-03-02',
      label: 'Monthly on the first Sunday',
      starts: { '2027-03-07': '2027-03-06T22:00:00.000Z', '2027-04-04': '2027-04-03T23:00:00.000Z', '2027-05-02': '2027-05-01T23:00:00.000Z' },
    },
    {
      title: 'runs every two weeks across New Year, and ends after a number of rides',
      spec: { day: '2026-12-19', time: '09:00', offset: 'UTC+01:00', zone: 'Europe/Rome', rule: { frequency: 'weekly', interval: 2, weekdays: ['SA'], count: 4 } },
      madeAt: '2027-01-20',
      label: 'Every 2 weeks on Saturday',
      starts: { '2026-12-19': '2026-12-19T08:00:00.000Z', '2027-01-02': '2027-01-02T08:00:00.000Z', '2027-01-16': '2027-01-16T08:00:00.000Z', '2027-01-30': '2027-01-30T08:00:00.000Z' },
    },
  ])('$title', async ({ spec, madeAt, label, starts }) => {
    const { owner, seriesId } = await newSeries(spec);
    await makeSeriesRides(t.app.ctx, new Date(`${madeAt}T00:00:00Z`));
    const series = await seriesOf(owner, seriesId);
    expect(series.label).toBe(label);
    expect(startsByDay(series)).toEqual(starts);
  });

  it('keeps a ride at a time the spring change skips, one hour on (RFC 5545), and takes a break in August', async () => {
    const { owner, seriesId } = await newSeries({ day: '2027-03-21', time: '02:30', offset: 'UTC+01:00', zone: 'Europe/Rome', rule: { ...SUNDAYS, pause: { from: '08-01', until: '08-31' } } });
    await makeSeriesRides(t.app.ctx, new Date('2027-03-15T00:00:00Z'));
    await makeSeriesRides(t.app.ctx, new Date('2027-07-20T00:00:00Z'));
    const starts = startsByDay(await seriesOf(owner, seriesId));
    expect(starts['2027-03-28']).toBe('2027-03-28T01:30:00.000Z');
    expect(starts['2027-04-04']).toBe('2027-04-04T00:30:00.000Z');
    expect(Object.keys(starts).filter((day) => day.startsWith('2027-08'))).toEqual([]);
    expect(starts['2027-07-25']).toBeDefined();
    expect(starts['2027-09-05']).toBeDefined();
  });

  it('tells the group once, not once per ride, and its riders ride every Sunday: a seat while one is free, then the waitlist', async () => {
    const owner = await buildGuest(t);
    const group = await buildGroup(owner);
    const [member, second] = [await buildGuest(t), await buildGuest(t)];
    for (const rider of [member, second]) await rider.client.post(`/api/groups/${group.id}/join`);
    const { seriesId } = await buildSeries(owner, group.id, { ...ROME_SUNDAYS, extra: { maxRiders: 2 } });
    const made = await seriesOf(owner, seriesId);
    expect(made.upcoming.length).toBeGreaterThanOrEqual(8);
    // One notification, of the series (its name, how it repeats and from when), which opens the first ride.
    expect(await notes(member, 'ride_created')).toEqual([expect.objectContaining({ message: 'Sunday breakfast (every Sunday from Dec 6, 2026) has been added to your group' })]);

    const joined = await member.client.post(`/api/series/${seriesId}/join`);
    expect(joined.statusCode).toBe(200);
    expect((joined.json() as Series).ridesEverySeries).toBe(true);
    expect((await second.client.post(`/api/series/${seriesId}/join`)).statusCode).toBe(200);
    for (const ride of made.upcoming) {
      expect((await rideOf(member, ride.id)).isParticipant).toBe(true);
      expect((await rideOf(second, ride.id)).waitlist).toEqual({ count: 1, position: 1 });
    }
    // Rides made later seat them the same way.
    await makeSeriesRides(t.app.ctx, new Date('2027-03-01T00:00:00Z'));
    const later = (await seriesOf(owner, seriesId)).upcoming.find((r) => r.day === '2027-04-25')!;
    expect((await rideOf(member, later.id)).isParticipant).toBe(true);
    expect((await rideOf(second, later.id)).waitlist).toEqual({ count: 1, position: 1 });
    expect(await notes(member, 'ride_created')).toHaveLength(1);

    // Leaving the series: no seat on the rides made after; the seats held stay.
    expect((await member.client.post(`/api/series/${seriesId}/leave`)).statusCode).toBe(200);
    await makeSeriesRides(t.app.ctx, new Date('2027-05-01T00:00:00Z'));
    const afterLeaving = (await seriesOf(owner, seriesId)).upcoming.find((r) => r.day === '2027-07-04')!;
    expect((await rideOf(member, afterLeaving.id)).isParticipant).toBe(false);
    expect((await rideOf(member, later.id)).isParticipant).toBe(true);
  });

  it('skips a date: that ride is cancelled, its riders told, and it is never made again', async () => {
    const { owner, group, seriesId } = await newSeries(ROME_SUNDAYS);
    const rider = await buildGuest(t);
    const day = (await seriesOf(owner, seriesId)).upcoming[1]!;
    await rider.client.post(`/api/rides/${day.id}/join`);
    expect((await rider.client.post(`/api/rides/${day.id}/skip`)).statusCode).toBe(403);
    const skipped = await owner.client.post(`/api/rides/${day.id}/skip`);
    expect(skipped.statusCode).toBe(200);
    expect((skipped.json() as RideDetail).status).toBe('cancelled');
    expect(await notes(rider, 'ride_cancelled')).toEqual([expect.objectContaining({ message: 'Sunday breakfast · Dec 13, 2026 on Dec 13, 2026 was cancelled' })]);
    await makeSeriesRides(t.app.ctx, new Date());
    const again = (await seriesOf(owner, seriesId)).upcoming.filter((r) => r.day === day.day);
    expect(again).toEqual([expect.objectContaining({ id: day.id, status: 'cancelled' })]);

    const single = await owner.client.post('/api/rides', rideBody(group.id));
    expect((await owner.client.post(`/api/rides/${(single.json() as RideDetail).id}/skip`)).json()).toMatchObject({ message: 'This ride is not part of a series' });
  });

  it('ends: upcoming rides with riders are cancelled (they are told), empty ones removed, and no more are made', async () => {
    const { owner, seriesId } = await newSeries(ROME_SUNDAYS);
    const rider = await buildGuest(t);
    const [firstRide, withRider, empty] = (await seriesOf(owner, seriesId)).upcoming;
    await rider.client.post(`/api/rides/${withRider!.id}/join`);
    const ended = await owner.client.post(`/api/rides/${firstRide!.id}/end-series`);
    expect(ended.statusCode).toBe(200);
    expect((ended.json() as Series).upcoming).toEqual([expect.objectContaining({ id: withRider!.id, status: 'cancelled' })]);
    expect((await owner.client.get(`/api/rides/${empty!.id}`)).statusCode).toBe(404);
    expect(await notes(rider, 'ride_cancelled')).toHaveLength(1);
    await makeSeriesRides(t.app.ctx, new Date('2027-02-01T00:00:00Z'));
    expect((await seriesOf(owner, seriesId)).upcoming).toHaveLength(1);
  });

  it('answers "this and following" that drops the edited ride\'s own day with the new series\' first ride, the empty ride removed', async () => {
    const { owner, seriesId } = await newSeries(ROME_SUNDAYS);
    const [, , third] = (await seriesOf(owner, seriesId)).upcoming;
    const saturdays = await owner.client.patch(`/api/rides/${third!.id}/following`, { rule: { frequency: 'weekly', weekdays: ['SA'] } });
    expect(saturdays.statusCode, saturdays.body).toBe(200);
    const first = saturdays.json() as RideDetail;
    expect(first.series).toMatchObject({ label: 'Every Saturday', day: '2026-12-26' });
    expect(first.series!.id).not.toBe(seriesId);
    expect((await owner.client.get(`/api/rides/${third!.id}`)).statusCode).toBe(404);
  });

  it('refuses "this and following" or an end read before another change of the series, and changes nothing: no day ridden twice', async () => {
    const { owner, seriesId } = await ridingEverySunday();
    const [, two, three] = (await seriesOf(owner, seriesId)).upcoming;
    const groupId = (await seriesOf(owner, seriesId)).group.id;
    for (const late of [
      () => owner.client.patch(`/api/rides/${three!.id}/following`, { startTime: '12:00' }),
      () => owner.client.post(`/api/rides/${three!.id}/end-series`),
    ]) {
      const paused = pauseAt(t.app.ctx, 'series-change');
      const pending = late();
      await paused.reached;
      // Meanwhile another "this and following" from the ride before it.
      const first = await owner.client.patch(`/api/rides/${two!.id}/following`, { startTime: '11:00' });
      expect(first.statusCode, first.body).toBe(200);
      const afterFirst = await t.app.ctx.db.selectFrom('rides').select(['id', 'series_id', 'start_date', 'status']).orderBy('id').execute();
      paused.release();
      const answer = await pending;
      expect(answer.statusCode, answer.body).toBe(409);
      expect(answer.json()).toMatchObject({ code: 'series_changed', message: 'This series was changed meanwhile. Please reload and try again.' });
      expect(await t.app.ctx.db.selectFrom('rides').select(['id', 'series_id', 'start_date', 'status']).orderBy('id').execute()).toEqual(afterFirst);
    }
    // Each Sunday is ridden once.
    const days = (await t.app.ctx.db.selectFrom('rides').select('series_day').where('group_id', '=', groupId).where('series_day', 'is not', null).where('status', '!=', 'cancelled').execute()).map((r) => r.series_day);
    expect(days.length).toBeGreaterThan(2);
    expect(new Set(days).size).toBe(days.length);
  });

  it('edits one ride alone, then "this and following": the old series ends, a new one starts, riders and the lone edit kept', async () => {
    const { owner, rider, seriesId } = await ridingEverySunday();
    const [one, two, three] = (await seriesOf(owner, seriesId)).upcoming;
    // The third ride alone: 10:00 and another description.
    const alone = await owner.client.patch(`/api/rides/${three!.id}`, { startDate: '2026-12-20T09:00:00.000Z', description: 'Coffee at Mario first' });
    expect(alone.statusCode).toBe(200);
    expect((alone.json() as RideDetail).series).toEqual({ id: seriesId, label: 'Every Sunday', rule: { ...SUNDAYS, interval: 1 }, day: '2026-12-20' });

    // A rule that gives no ride from here is refused before anything changes.
    expect((await owner.client.patch(`/api/rides/${two!.id}/following`, { rule: { ...SUNDAYS, until: '2026-12-01' } })).json()).toMatchObject({ message: 'This repeat rule gives no ride' });
    const following = await owner.client.patch(`/api/rides/${two!.id}/following`, { startTime: '08:00', name: 'Early breakfast' });
    expect(following.statusCode).toBe(200);
    const moved = following.json() as RideDetail;
    expect(moved).toMatchObject({ id: two!.id, name: 'Early breakfast · Dec 13, 2026', startDate: '2026-12-13T07:00:00.000Z' });
    const newSeriesId = moved.series!.id;
    expect(newSeriesId).not.toBe(seriesId);

    const old = await seriesOf(owner, seriesId);
    expect(old.upcoming.map((r) => r.id)).toEqual([one!.id]);
    expect(old.ended).toBe(false);
    const next = await seriesOf(owner, newSeriesId);
    expect(next.ridesEverySeries).toBe(false);
    expect((await seriesOf(rider, newSeriesId)).ridesEverySeries).toBe(true);
    expect(next.upcoming.slice(0, 2).map((r) => r.id)).toEqual([two!.id, three!.id]);
    const third = await rideOf(rider, three!.id);
    expect(third).toMatchObject({ startDate: '2026-12-20T07:00:00.000Z', description: 'Coffee at Mario first', name: 'Early breakfast · Dec 20, 2026', isParticipant: true });
    expect(await rideOf(owner, one!.id)).toMatchObject({ startDate: '2026-12-06T08:00:00.000Z', name: 'Sunday breakfast · Dec 6, 2026' });
    // One ride a day, in the new series only, from then on; the rider rides the new ones.
    await makeSeriesRides(t.app.ctx, new Date('2027-03-01T00:00:00Z'));
    const days = [...(await seriesOf(owner, seriesId)).upcoming, ...(await seriesOf(owner, newSeriesId)).upcoming].map((r) => r.day);
    expect(new Set(days).size).toBe(days.length);
    const april = (await seriesOf(owner, newSeriesId)).upcoming.find((r) => r.day === '2027-04-04')!;
    expect(await rideOf(rider, april.id)).toMatchObject({ startDate: '2027-04-04T06:00:00.000Z', isParticipant: true, name: 'Early breakfast · Apr 4, 2027' });
  });

  it('splits "this and following" all at once or not at all: a ride further on that cannot take the edit leaves every ride and the series as they were', async () => {
    const owner = await buildGuest(t);
    const group = await buildGroup(owner, { membershipApprovalRequired: false });
    const riders = [await buildGuest(t), await buildGuest(t), await buildGuest(t)];
    const { seriesId } = await buildSeries(owner, group.id, ROME_SUNDAYS);
    const before = (await seriesOf(owner, seriesId)).upcoming;
    const [one, two, three] = before;
    // The third ride has four riders: it cannot go down to two seats.
    for (const rider of riders) {
      await rider.client.post(`/api/groups/${group.id}/join`);
      expect((await rider.client.post(`/api/rides/${three!.id}/join`)).statusCode).toBe(200);
    }

    const refused = await owner.client.patch(`/api/rides/${one!.id}/following`, { startTime: '08:00', maxRiders: 2, name: 'Early breakfast' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: '4 riders have joined; maximum riders cannot be less than 4' });
    // Nothing half done: the rides before it kept their time, name and series; no second series; nobody told.
    expect(await seriesOf(owner, seriesId)).toMatchObject({ ended: false, upcoming: before });
    expect(await rideOf(owner, one!.id)).toMatchObject({ startDate: '2026-12-06T08:00:00.000Z', name: 'Sunday breakfast · Dec 6, 2026', maxRiders: 5, series: { id: seriesId } });
    expect(await rideOf(owner, two!.id)).toMatchObject({ startDate: '2026-12-13T08:00:00.000Z', series: { id: seriesId } });
    expect(await t.app.ctx.db.selectFrom('ride_series').select('id').where('group_id', '=', group.id).execute()).toEqual([{ id: seriesId }]);
    for (const rider of riders) expect(await notes(rider, 'ride_changed')).toEqual([]);
    // The job still makes the old series' days, as before the refused split.
    await makeSeriesRides(t.app.ctx, new Date('2027-03-01T00:00:00Z'));
    expect((await seriesOf(owner, seriesId)).upcoming.map((r) => r.day)).toContain('2027-04-25');
  });

  it('refuses a rule that says nothing, an unknown zone, and a rule that gives no ride', async () => {
    const owner = await buildGuest(t);
    const group = await buildGroup(owner);
    const send = (repeats: unknown) => owner.client.post('/api/rides', rideBody(group.id, { repeats }));
    expect((await send({ rule: { frequency: 'weekly', weekdays: [] }, timezone: 'Europe/Rome' })).json().message).toContain('Choose at least one day of the week');
    expect((await send({ rule: SUNDAYS, timezone: 'UTC+01:00' })).json().message).toContain('Choose a time zone by name');
    const never = await send({ rule: { ...SUNDAYS, until: '2026-01-01' }, timezone: 'Europe/Rome' });
    expect(never.statusCode).toBe(400);
    expect(never.json()).toMatchObject({ message: 'This repeat rule gives no ride' });
  });

  it('makes each day once when two app processes on the same database run the job, at once or one after the other from the same state', async () => {
    const { owner, rider, seriesId } = await ridingEverySunday();
    const second = await createTestApp(t.config.databaseUrl ? { DATABASE_URL: t.config.databaseUrl } : { DATA_DIR: t.config.dataDir });
    const job = (app: typeof t) => housekeepingJobs(app.app.ctx).find((j) => j.name === 'ride-series')!;
    try {
      expect(job(t)).toBeDefined();
      const at = new Date('2027-04-01T00:00:00Z');
      // PostgreSQL: two servers at the same moment. SQLite's driver waits for a lock synchronously,
      // so two apps in one test process would wait on each other; there the workers are processes,
      // and the same moment is played by both reading the same progress (below).
      if (t.app.ctx.engine === 'postgres') await Promise.all([makeSeriesRides(t.app.ctx, at), makeSeriesRides(second.app.ctx, at), makeSeriesRides(t.app.ctx, at), makeSeriesRides(second.app.ctx, at)]);
      else await Promise.all([makeSeriesRides(t.app.ctx, at), makeSeriesRides(t.app.ctx, at)]);
      // The second process read the series before the first marked how far it got: it makes every day again, and the key keeps one.
      await t.app.ctx.db.updateTable('ride_series').set({ made_until: null }).where('id', '=', seriesId).execute();
      await makeSeriesRides(second.app.ctx, at);
    } finally {
      await second.close();
    }
    const rides = (await seriesOf(owner, seriesId)).upcoming;
    expect(new Set(rides.map((r) => r.day)).size).toBe(rides.length);
    expect(rides.map((r) => r.day)).toContain('2027-06-06');
    for (const ride of rides) expect((await rideOf(rider, ride.id)).participantCount).toBe(2);
  });
  it('lets the owner and co-organizers skip, end and split a series; riders of an approval group ride every one only as members', async () => {
    const r = await buildRoles(t);
    const { seriesId } = await buildSeries(r.owner, r.group.id, ROME_SUNDAYS);
    const [, second] = (await seriesOf(r.owner, seriesId)).upcoming;
    const clients = clientsByRole(r);
    const expected: Record<GroupRole, number> = { anonymous: 401, guest: 403, outsider: 403, pending: 403, member: 403, coOrganizer: 200, owner: 200 };
    for (const [role, client] of Object.entries(clients) as Array<[GroupRole, (typeof clients)[GroupRole]]>) {
      if (role === 'coOrganizer' || role === 'owner') continue;
      expect((await client.post(`/api/rides/${second!.id}/skip`)).statusCode, role).toBe(expected[role]);
      expect((await client.post(`/api/rides/${second!.id}/end-series`)).statusCode, role).toBe(expected[role]);
      expect((await client.patch(`/api/rides/${second!.id}/following`, { startTime: '08:00' })).statusCode, role).toBe(expected[role]);
    }
    expect((await clients.coOrganizer.patch(`/api/rides/${second!.id}/following`, { description: 'From the square' })).statusCode).toBe(200);
    expect((await clients.owner.post(`/api/rides/${second!.id}/skip`)).statusCode).toBe(200);
    // Riding every one follows the rides' own rules: the approval group's outsiders are refused, its members seated.
    expect((await r.outsider.client.post(`/api/series/${seriesId}/join`)).statusCode).toBe(403);
    expect((await r.anonymous.post(`/api/series/${seriesId}/join`)).statusCode).toBe(401);
    expect((await r.member.client.post(`/api/series/${seriesId}/join`)).statusCode).toBe(200);
    expect((await r.anonymous.get(`/api/series/${seriesId}`)).statusCode).toBe(200);
    expect((await r.anonymous.get('/api/series/nope')).statusCode).toBe(404);
  });

  it('lets only members ride every one of a series with no ride ahead: the rides made later are the group’s', async () => {
    const { owner, group, first, seriesId } = await newSeries({ ...ROME_SUNDAYS, rule: { ...SUNDAYS, count: 1 } });
    expect((await owner.client.post(`/api/rides/${first.id}/skip`)).statusCode).toBe(200);
    const outsider = await buildGuest(t);
    const refused = await outsider.client.post(`/api/series/${seriesId}/join`);
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'series_join_group_first']);
    expect((await seriesOf(outsider, seriesId)).ridesEverySeries).toBe(false);
    await outsider.client.post(`/api/groups/${group.id}/join`);
    expect((await outsider.client.post(`/api/series/${seriesId}/join`)).statusCode).toBe(200);
  });

  it.each(['is removed', 'leaves'] as const)('goes on with the group’s owner, who is told once, when its organizer %s', async (how) => {
    const owner = await buildGuest(t);
    const group = await buildGroup(owner, { membershipApprovalRequired: false });
    const organizer = await buildGuest(t);
    const rider = await buildGuest(t);
    for (const r of [organizer, rider]) await r.client.post(`/api/groups/${group.id}/join`);
    const { seriesId } = await buildSeries(organizer, group.id, ROME_SUNDAYS);
    await rider.client.post(`/api/series/${seriesId}/join`);
    const before = (await seriesOf(owner, seriesId)).upcoming;

    const gone = how === 'is removed' ? await owner.client.request('DELETE', `/api/groups/${group.id}/members/${organizer.user.id}`) : await organizer.client.post(`/api/groups/${group.id}/leave`);
    expect(gone.statusCode).toBe(200);
    // The group's owner holds the series and its upcoming rides (the organizer's seat on each), the riders keep theirs.
    for (const ride of before) expect(await rideOf(owner, ride.id)).toMatchObject({ owner: expect.objectContaining({ id: owner.user.id }), isParticipant: true, participantCount: 2 });
    expect(await notes(owner, 'series_handed_over')).toEqual([
      expect.objectContaining({ message: `Sunday breakfast (Every Sunday) is yours: ${organizer.user.userId} is no longer in ${group.name}` }),
    ]);
    // One notification for the series, none per ride of it.
    expect(await notes(owner, 'ride_handed_over')).toEqual([]);
    // The series makes rides as before, the owner's, with its riders.
    await makeSeriesRides(t.app.ctx, new Date('2027-03-01T00:00:00Z'));
    const later = (await seriesOf(owner, seriesId)).upcoming.find((r) => r.day === '2027-04-25')!;
    expect(await rideOf(rider, later.id)).toMatchObject({ isParticipant: true, participantCount: 2, owner: expect.objectContaining({ id: owner.user.id }) });
  });
});
