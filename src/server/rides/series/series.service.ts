import type { Transaction } from 'kysely';
import type { AppContext } from '../../context';
import type { Database } from '../../db/schema';
import { nowIso } from '../../db/database';
import { isUniqueViolation } from '../../db/unique-violation';
import { badRequest, conflict, HttpError, notFound } from '../../platform/errors';
import { newId } from '../../platform/tokens';
import { baseSlug, firstFreeSlug } from '../../platform/slug';
import { publishNotifications, recordNotifications } from '../../notifications/notifications.service';
import { track } from '../../events/events.service';
import { firstStartDay, type CreateRideInput, type Ride, type UpdateRideInput } from '../../../shared/rides/ride';
import { addDays, ridesBefore, seriesDays, seriesLabel, seriesRuleSchema, type SeriesRule, type Series } from '../../../shared/series/series-rule';
import type { SeriesEditInput } from '../../../shared/series/series-edit';
import { instantToLocal, wallClockOnOffset } from '../../../shared/timezones/zoned-time';
import { groupsRepository } from '../../groups/groups.repository';
import { loadGroup } from '../../groups/groups.service';
import { isInsider, membershipStatusOf } from '../../groups/groups.policy';
import { ridesRepository, type RideRow } from '../rides.repository';
import { waitlistRepository } from '../waitlist.repository';
import { ALREADY_JOINED, assertMayManageRide, assertMayPlanRide } from '../rides.policy';
import { createRide, loadRide, loadRideFor, prepareRideDelete, prepareRideEdit, presentOne, refuseSlugClash, updateRide, type PreparedRideChange } from '../rides.service';
import { ALREADY_WAITING, joinRide, joinWaitlist, RIDERS_WAITING } from '../ride-seats.service';
import { editedRoute, groupPoint, placeRoute, touchesRoute, type RouteColumns } from '../ride-route';
import { newRideKeptColumns, rideColumns } from '../ride-columns';
import { seriesRepository, type SeriesRideRow, type SeriesRow } from './series.repository';
import { readTemplate, rideNameOf, rideValuesOf, startOf, type SeriesTemplate } from './series-template';
import { repeatCode } from '../../../shared/series/series-label-text';

/*
 * Rides that repeat (issue 29, points 5 and 6; docs/behaviour/rides.md should say so). A series is
 * a rule of days, a local time and a zone; each day it gives is a real ride (its own riders,
 * waitlist, comments, media, cancellation), made ahead for SERIES_WINDOW_DAYS by the
 * housekeeping job and claimed once by the unique key (series_id, series_day).
 */

/** Rides exist this far ahead (the issue asks at least 8 weeks; the job runs hourly, so 10 keep 8 at any moment). */
export const SERIES_WINDOW_DAYS = 70;
const DAY_MS = 86_400_000;

/** The seats a series needs a ride's schema to check; the series keeps its own rule and zone. */
function readRule(series: Pick<SeriesRow, 'rule'>): SeriesRule {
  return seriesRuleSchema.parse(JSON.parse(series.rule));
}

/** The series' local day today, and the last day its rides are made up to. */
function windowOf(series: Pick<SeriesRow, 'timezone'>, now: Date): { today: string; horizon: string } {
  const today = instantToLocal(now, series.timezone).day;
  return { today, horizon: addDays(today, SERIES_WINDOW_DAYS) };
}

// ---------------------------------------------------------------- making rides

/**
 * The ride of one day of the series, with its riders: the owner holds the first seat, then each of
 * the series' riders still in the group, in the order they joined the series, a seat while one is
 * free and a place on the waitlist after. All in one transaction under the group's lock (as every
 * ride created), so nobody else can join the ride before they are seated. Null when the day's ride
 * exists already (another process made it, or the day was skipped and kept cancelled).
 */
async function makeRide(ctx: AppContext, series: SeriesRow, template: SeriesTemplate, day: string): Promise<string | null> {
  const values = rideValuesOf(series, template, day);
  if (!values) return null;
  const id = newId();
  const now = nowIso();
  const slug = await firstFreeSlug(baseSlug(values.name, 'ride', id), (s) => ridesRepository.slugTaken(ctx.db, series.group_id, s, id));
  const insert = (rideSlug: string) =>
    ctx.db.transaction().execute(async (tx) => {
      // The group's lock, taken as a write (SQLite: before any read, so two processes queue rather than fail).
      const standing = await groupsRepository.lockStanding(tx, ctx.engine, series.group_id, series.owner_id, 'update');
      // An owner no longer in the group plans nothing more (their single rides go to the group's owner).
      if (!standing || !isInsider(membershipStatusOf(standing, series.owner_id))) return null;
      const made = await seriesRepository.insertRide(tx, {
        ...newRideKeptColumns({ id, group_id: series.group_id, slug: rideSlug, owner_id: series.owner_id, poll_id: null, created_at: now }),
        series_id: series.id,
        series_day: day,
        ...template.route,
        ...rideColumns(values),
      });
      if (!made) return null;
      await ridesRepository.addParticipant(tx, id, series.owner_id, now);
      let seats = 1;
      for (const riderId of await seriesRepository.ridersInGroup(tx, series.id, series.group_id)) {
        if (riderId === series.owner_id) continue;
        if (seats < values.maxRiders) {
          await ridesRepository.addParticipant(tx, id, riderId, now);
          seats++;
        } else {
          await waitlistRepository.enqueue(tx, id, riderId, now);
        }
      }
      return id;
    });
  try {
    return await insert(slug);
  } catch (error) {
    // The slug was taken between the look and the insert by a ride of another day or a rename: once more with one of its own.
    if (isUniqueViolation(error) && !(await seriesRepository.rideOfDay(ctx.db, series.id, day))) return insert(`${slug}-${id.slice(0, 8)}`);
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

/**
 * Makes the series' rides for the days of its rule from `from` (or the day after those made) up to
 * the window's end, none that has started nor after the series' last day; marks how far it got. Safe
 * to run anywhere at once: each day's ride is made once (makeRide). Returns the ids it made.
 */
async function makeRides(ctx: AppContext, series: SeriesRow, now: Date, from?: string): Promise<string[]> {
  const { today, horizon } = windowOf(series, now);
  const rule = readRule(series);
  const template = readTemplate(series);
  const start = [from ?? (series.made_until ? addDays(series.made_until, 1) : series.first_day), today, series.first_day].sort().at(-1)!;
  const end = series.last_day && series.last_day < horizon ? series.last_day : horizon;
  const made: string[] = [];
  for (const day of start <= end ? seriesDays(rule, series.first_day, start, end) : []) {
    // Today's ride is not made once its time has passed (a job that was down all morning).
    if ((startOf(series, day, series.start_time)?.startDate ?? '') <= now.toISOString()) continue;
    const id = await makeRide(ctx, series, template, day);
    if (id) made.push(id);
  }
  await seriesRepository.setMadeUntil(ctx.db, series.id, horizon);
  return made;
}

/** The housekeeping job "ride-series": every series' rides for the coming SERIES_WINDOW_DAYS. */
export async function makeSeriesRides(ctx: AppContext, now = new Date()): Promise<number> {
  // Every zone is within a day of UTC: these bounds take every series that may need a ride.
  const earliestToday = addDays(now.toISOString().slice(0, 10), -1);
  const latestHorizon = addDays(now.toISOString().slice(0, 10), SERIES_WINDOW_DAYS + 1);
  let made = 0;
  for (const series of await seriesRepository.dueForMaking(ctx.db, earliestToday, latestHorizon)) {
    made += (await makeRides(ctx, series, now)).length;
  }
  return made;
}

// ---------------------------------------------------------------- creating

/** The wall-clock day and time the rider typed, read in the offset the form sent (as the spec's fields mean it). */
function typedLocal(startDate: string, timezoneOffset: string): { day: string; time: string } {
  const { day, time } = wallClockOnOffset(startDate, timezoneOffset);
  return { day, time };
}

/**
 * POST /api/rides with `repeats`: the series, and its rides for the window (its first ride at
 * least, whatever its day), answered with the first. The group is told once, of the series, not of
 * each ride.
 */
export async function createSeries(ctx: AppContext, userId: string, input: CreateRideInput & { repeats: NonNullable<CreateRideInput['repeats']> }): Promise<Ride> {
  const group = await loadGroup(ctx, input.groupId, userId);
  assertMayPlanRide(membershipStatusOf(group, userId));
  if (input.pollId) throw badRequest('series_from_poll');
  const { rule, timezone } = input.repeats;
  const { day: firstDay, time } = typedLocal(input.startDate, input.timezoneOffset);
  if (firstDay < firstStartDay(timezone)) throw badRequest('ride_start_in_past');
  const [firstRideDay] = seriesDays(rule, firstDay, firstDay, addDays(firstDay, 3 * 366));
  if (!firstRideDay) throw badRequest('series_no_rides');
  const route = await placeRoute(ctx, groupPoint(group), { ...input, waypoints: input.waypoints ?? [] });
  const template: SeriesTemplate = {
    route,
    description: input.description || null,
    duration: input.duration,
    minRiders: input.minRiders,
    maxRiders: input.maxRiders,
    timezoneName: input.timezoneName,
    spanDays: Math.max(0, Math.round((Date.parse(`${typedLocal(input.endDate, input.timezoneOffset).day}T00:00:00Z`) - Date.parse(`${firstDay}T00:00:00Z`)) / DAY_MS)),
    decisionLeadMinutes: input.minRidersDecisionAt ? Math.round((Date.parse(input.startDate) - Date.parse(input.minRidersDecisionAt)) / 60_000) : null,
  };
  const series: SeriesRow = {
    id: newId(),
    group_id: group.id,
    owner_id: userId,
    name: input.name,
    timezone,
    first_day: firstDay,
    start_time: time,
    rule: JSON.stringify(rule),
    template: JSON.stringify(template),
    last_day: null,
    made_until: null,
    created_at: nowIso(),
  };
  await ctx.beforeLock?.('ride-create');
  await ctx.db.transaction().execute(async (tx) => {
    // Asked again under the group's lock, as createRide asks: a member removed meanwhile plans nothing.
    const standing = await groupsRepository.lockStanding(tx, ctx.engine, group.id, userId, 'update');
    if (!standing) throw notFound('group_not_found');
    assertMayPlanRide(membershipStatusOf(standing, userId));
    await seriesRepository.insert(tx, series);
    await track(tx, 'rides', 'series_created', { seriesId: series.id, groupId: group.id }, userId);
  });
  // The first ride is made whatever its day (the answer is that ride); the others within the window.
  await makeRide(ctx, series, template, firstRideDay);
  await makeRides(ctx, series, new Date());
  const firstId = await seriesRepository.rideOfDay(ctx.db, series.id, firstRideDay);
  if (!firstId) throw conflict('series_first_ride_failed');
  // The group is told once, of the series (not of each ride it makes), through the outbox.
  const others = (await groupsRepository.memberIds(ctx.db, group.id)).filter((memberId) => memberId !== userId);
  const told = await ctx.db.transaction().execute((tx) =>
    recordNotifications(tx, others, { type: 'ride_created', params: { ride: input.name, repeat: repeatCode(rule), from: firstRideDay }, about: { rideId: firstId }, eventKey: `ride_created:${firstId}` }),
  );
  await publishNotifications(ctx, told);
  return presentOne(ctx, await loadRide(ctx, firstId, userId), userId);
}

/** POST /api/rides: a ride, or with `repeats` the first ride of a series. */
export function createRideOrSeries(ctx: AppContext, userId: string, input: CreateRideInput): Promise<Ride> {
  const { repeats, ...ride } = input;
  return repeats ? createSeries(ctx, userId, { ...ride, repeats }) : createRide(ctx, userId, ride);
}

// ---------------------------------------------------------------- reading

async function loadSeries(ctx: AppContext, seriesId: string): Promise<SeriesRow> {
  const series = await seriesRepository.findById(ctx.db, seriesId);
  if (!series) throw notFound('series_not_found');
  return series;
}

/** GET /api/series/{id}: open to every visitor, as its rides are. */
export async function getSeries(ctx: AppContext, viewerId: string | null, seriesId: string): Promise<Series> {
  const series = await loadSeries(ctx, seriesId);
  const rule = readRule(series);
  const { today } = windowOf(series, new Date());
  const now = nowIso();
  const rides = (await seriesRepository.ridesFrom(ctx.db, series.id, addDays(today, -1))).filter((r) => r.start_date > now);
  const group = await seriesRepository.group(ctx.db, series.group_id);
  if (!group) throw notFound('series_not_found');
  return {
    id: series.id,
    label: seriesLabel(rule),
    name: series.name,
    groupId: series.group_id,
    group,
    timezone: series.timezone,
    startTime: series.start_time,
    firstDay: series.first_day,
    rule,
    ended: series.last_day !== null && series.last_day < today,
    ridesEverySeries: viewerId !== null && (await seriesRepository.isRider(ctx.db, series.id, viewerId)),
    upcoming: rides.map((r) => ({ id: r.id, slug: r.slug, day: r.series_day, startDate: r.start_date, status: r.status })),
  };
}

// ---------------------------------------------------------------- riders

/** Whether an error is one of the answers a seat request gives a rider who is already there or must queue. */
const conflictSaying = (error: unknown, ...messages: string[]) => error instanceof HttpError && error.statusCode === 409 && messages.includes(error.message);

/**
 * A seat on one ride of the series, or its waitlist when it is full: each decided by the ride's own
 * join (ride-seats.service), under its locks and rules; already there is no error.
 */
async function seatOrQueue(ctx: AppContext, userId: string, rideId: string): Promise<void> {
  try {
    await joinRide(ctx, userId, rideId);
  } catch (error) {
    if (conflictSaying(error, ALREADY_JOINED)) return;
    if (!conflictSaying(error, 'This ride is full', RIDERS_WAITING)) throw error;
    try {
      await joinWaitlist(ctx, userId, rideId);
    } catch (queued) {
      if (!conflictSaying(queued, ALREADY_WAITING, ALREADY_JOINED)) throw queued;
    }
  }
}

/**
 * POST /api/series/{id}/join, "I ride every Sunday": a seat (or a place on the waitlist) on every
 * upcoming ride of the series, and on each ride made from now on. The rider is written down first,
 * so a ride the job makes meanwhile seats them too; a rider the rules refuse (not a member of an
 * approval group, banned) is taken off again and told why by the first ride's answer.
 */
export async function joinSeries(ctx: AppContext, userId: string, seriesId: string): Promise<Series> {
  const series = await loadSeries(ctx, seriesId);
  const added = await seriesRepository.addRider(ctx.db, series.id, userId, nowIso());
  try {
    const upcoming = (await seriesRepository.ridesFrom(ctx.db, series.id, series.first_day)).filter((r) => r.status !== 'cancelled' && r.start_date > nowIso());
    for (const ride of upcoming) await seatOrQueue(ctx, userId, ride.id);
    if (upcoming.length === 0 && !(await groupsRepository.isMember(ctx.db, series.group_id, userId))) throw conflict('series_join_group_first');
  } catch (error) {
    if (added) await seriesRepository.removeRider(ctx.db, series.id, userId);
    throw error;
  }
  return getSeries(ctx, userId, series.id);
}

/** POST /api/series/{id}/leave: no seat on the rides made from now on; the seats held now stay (each is left on its ride). */
export async function leaveSeries(ctx: AppContext, userId: string, seriesId: string): Promise<Series> {
  const series = await loadSeries(ctx, seriesId);
  if (!(await seriesRepository.removeRider(ctx.db, series.id, userId))) throw conflict('series_not_riding');
  return getSeries(ctx, userId, series.id);
}

// ---------------------------------------------------------------- skipping, ending, changing

async function seriesOfRide(ctx: AppContext, userId: string, rideId: string): Promise<{ ride: RideRow; series: SeriesRow }> {
  const { ride, viewer } = await loadRideFor(ctx, rideId, userId);
  assertMayManageRide(viewer);
  if (!ride.series_id || !ride.series_day) throw badRequest('series_not_in_series');
  return { ride, series: await loadSeries(ctx, ride.series_id) };
}

/**
 * POST /api/rides/{id}/skip, "Skip this date": the ride is cancelled, as any ride is (its riders
 * are told); it stays, cancelled, so its day is never made again and calendars strike it through.
 */
export async function skipRide(ctx: AppContext, userId: string, rideId: string): Promise<Ride> {
  await seriesOfRide(ctx, userId, rideId);
  return updateRide(ctx, userId, rideId, { status: 'cancelled', navigatorId: undefined });
}

/**
 * A ride of a series that ends before its day: cancelled when anyone besides its owner holds a
 * seat or waits (they are told, as for any cancelled ride), removed when empty; null when it is
 * cancelled already. Made ready here, written in the caller's transaction.
 */
async function prepareCancelOrRemove(ctx: AppContext, userId: string, ride: SeriesRideRow): Promise<PreparedRideChange | null> {
  if (ride.others === 0) return prepareRideDelete(ctx, userId, ride.id);
  return ride.status === 'cancelled' ? null : prepareRideEdit(ctx, userId, ride.id, { status: 'cancelled', navigatorId: undefined });
}

/**
 * Writes the rides' changes and `also` in one transaction, then tells what each tells: all or
 * nothing, so a change refused half way (a ride that cannot take the edit) leaves none made.
 */
async function applyAtOnce(ctx: AppContext, changes: Array<PreparedRideChange | null>, also: (tx: Transaction<Database>) => Promise<void>): Promise<void> {
  const done = await ctx.db
    .transaction()
    .execute(async (tx) => {
      await also(tx);
      const applied = [];
      for (const change of changes) if (change) applied.push(await change.apply(tx));
      return applied;
    })
    .catch(refuseSlugClash);
  for (const change of done) await change.after();
}

/**
 * Under the group's lock, first in the transaction that changes the series: the series is as the
 * change was read from (no other "this and following", end or made ride since; the job that makes
 * rides takes the same lock), else 409. Two edits sent at once would otherwise each split the same
 * rides off into a series of its own, and the days after both would be ridden twice.
 */
async function lockSeriesAsRead(ctx: AppContext, tx: Transaction<Database>, read: SeriesRow): Promise<void> {
  // Taken as a write (SQLite: before any read, so two processes queue rather than fail).
  await groupsRepository.lockStanding(tx, ctx.engine, read.group_id, read.owner_id, 'update');
  const now = await seriesRepository.findById(tx, read.id);
  if (!now || now.last_day !== read.last_day || now.made_until !== read.made_until) throw conflict('series_changed');
}

/**
 * POST /api/rides/{id}/end-series: no ride after today. Its upcoming rides are cancelled (riders
 * told) or removed (empty), with the series' end in one transaction; the rides that have happened stay.
 */
export async function endSeries(ctx: AppContext, userId: string, rideId: string): Promise<Series> {
  const { series } = await seriesOfRide(ctx, userId, rideId);
  const now = new Date();
  const { today } = windowOf(series, now);
  const changes: Array<PreparedRideChange | null> = [];
  for (const ride of await seriesRepository.ridesFrom(ctx.db, series.id, addDays(today, -1))) {
    if (Date.parse(ride.start_date) > now.getTime()) changes.push(await prepareCancelOrRemove(ctx, userId, ride));
  }
  await ctx.beforeLock?.('series-change');
  await applyAtOnce(ctx, changes, async (tx) => {
    await lockSeriesAsRead(ctx, tx, series);
    await seriesRepository.setLastDay(tx, series.id, addDays(today, -1));
  });
  return getSeries(ctx, userId, series.id);
}

/** A ride's route columns as stored (a ride's own stops are the basis of a series started from it). */
function routeOf(ride: RideRow): RouteColumns {
  const { start_location, start_latitude, start_longitude, midpoint_location, midpoint_latitude, midpoint_longitude, end_location, end_latitude, end_longitude, waypoints, total_distance_km } = ride;
  return { start_location, start_latitude, start_longitude, midpoint_location, midpoint_latitude, midpoint_longitude, end_location, end_latitude, end_longitude, waypoints, total_distance_km };
}

/** The fields of "this and following" each moved ride takes, as its own edit (rides.service updateRide). */
function editOf(input: SeriesEditInput, series: SeriesRow, ride: { series_day: string; start_date: string }, template: SeriesTemplate): UpdateRideInput {
  const { startTime, rule: _rule, name, ...fields } = input;
  const edit: UpdateRideInput = { ...fields, navigatorId: undefined };
  if (name !== undefined) edit.name = rideNameOf(name, ride.series_day);
  if (startTime !== undefined) {
    // The ride's own day (an edit of this ride alone may have moved it), at the new time.
    const start = startOf(series, instantToLocal(ride.start_date, series.timezone).day, startTime);
    if (start) {
      edit.startDate = start.startDate;
      edit.timezoneOffset = start.timezoneOffset;
      edit.endDate = new Date(Date.parse(start.startDate) + template.spanDays * DAY_MS).toISOString();
    }
  }
  return edit;
}

/**
 * PATCH /api/rides/{id}/following, "this and following": the series ends the day before this ride
 * and a new one starts with it, made of this ride as it is with the edit over it (its riders who
 * ride every one ride every one of the new). Each ride from this one on whose day the new rule
 * keeps moves to the new series and takes the edit as an edit of its own (riders told of a new
 * start, as for any ride; what the edit leaves out stays as each ride has it, so a ride edited
 * alone keeps that); the others are cancelled or removed as when a series ends. The new series
 * then makes its missing days. Every change is checked and made ready first (reads, the route
 * placed), then the new series, the old one's end and every ride's change are written in one
 * transaction: a ride refused half way (one that cannot take the edit) leaves nothing changed.
 */
export async function editFollowing(ctx: AppContext, userId: string, rideId: string, input: SeriesEditInput): Promise<Ride> {
  const { ride, series } = await seriesOfRide(ctx, userId, rideId);
  const day = ride.series_day!;
  const oldRule = readRule(series);
  const oldTemplate = readTemplate(series);
  const rule: SeriesRule = input.rule ?? (oldRule.count ? { ...oldRule, count: Math.max(1, oldRule.count - ridesBefore(oldRule, series.first_day, day)) } : oldRule);
  // Refused before anything changes: a split half made would leave rides in neither series' shape.
  if (Date.parse(ride.start_date) <= Date.now()) throw badRequest('series_started_ride');
  if (seriesDays(rule, day, day, addDays(day, 3 * 366)).length === 0) throw badRequest('series_no_rides');
  const group = await loadGroup(ctx, series.group_id, userId);
  const asEdit: UpdateRideInput = { ...input, navigatorId: undefined };
  const route = touchesRoute(asEdit) ? await placeRoute(ctx, groupPoint(group), editedRoute(ride, asEdit)) : routeOf(ride);
  const template: SeriesTemplate = {
    ...oldTemplate,
    route,
    description: input.description !== undefined ? input.description || null : ride.description,
    duration: input.duration ?? ride.duration,
    minRiders: input.minRiders ?? ride.min_riders,
    maxRiders: input.maxRiders ?? ride.max_riders,
  };
  const next: SeriesRow = {
    ...series,
    id: newId(),
    name: input.name ?? series.name,
    first_day: day,
    start_time: input.startTime ?? series.start_time,
    rule: JSON.stringify(rule),
    template: JSON.stringify(template),
    last_day: series.last_day,
    // The job makes nothing for the new series until its rides have moved (below): a day made before would clash with the ride moving to it.
    made_until: series.made_until,
    created_at: nowIso(),
  };
  const changes: Array<PreparedRideChange | null> = [];
  const moving: string[] = [];
  for (const later of await seriesRepository.ridesFrom(ctx.db, series.id, day)) {
    if (seriesDays(rule, day, later.series_day, later.series_day).length === 0) {
      changes.push(await prepareCancelOrRemove(ctx, userId, later));
      continue;
    }
    moving.push(later.id);
    const edit = editOf(input, next, later, template);
    if (Object.values(edit).some((v) => v !== undefined)) changes.push(await prepareRideEdit(ctx, userId, later.id, edit));
  }
  await ctx.beforeLock?.('series-change');
  await applyAtOnce(ctx, changes, async (tx) => {
    await lockSeriesAsRead(ctx, tx, series);
    await seriesRepository.insert(tx, next);
    await seriesRepository.copyRiders(tx, series.id, next.id);
    await seriesRepository.setLastDay(tx, series.id, addDays(day, -1));
    for (const id of moving) await seriesRepository.moveRide(tx, id, next.id);
  });
  await makeRides(ctx, next, new Date(), day);
  // The ride edited, now of the new series; when the new rule drops its day (it was cancelled or
  // removed with the others), the new series' first ride: the answer is always a ride of the new series.
  const answer = moving.includes(rideId) ? rideId : ((await seriesRepository.ridesFrom(ctx.db, next.id, day))[0]?.id ?? rideId);
  return presentOne(ctx, await loadRide(ctx, answer, userId), userId);
}
