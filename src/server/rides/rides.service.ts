import type { Transaction } from 'kysely';
import type { AppContext } from '../context';
import type { Database } from '../db/schema';
import { nowIso } from '../db/database';
import { isUniqueViolation } from '../db/unique-violation';
import { badRequest, conflict, invalidInput, notFound } from '../platform/errors';
import { newId } from '../platform/tokens';
import { publishNotifications, recordNotifications, type Told } from '../notifications/notifications.service';
import { track } from '../events/events.service';
import { baseSlug, firstFreeSlug } from '../platform/slug';
import { editedDateTooEarly, firstStartDay, localDay, rideOrderIssues, type CreateRideInput, type Ride, type UpdateRideInput } from '../../shared/rides/ride';
import { groupsRepository } from '../groups/groups.repository';
import { loadGroup } from '../groups/groups.service';
import { membershipStatusOf } from '../groups/groups.policy';
import { detachMedia } from '../media/media.service';
import { detachPictures } from '../previews/picture-store.service';
import { pollLinkOf, pollToPlanFrom, tellInterestedRiders } from '../polls/polls.service';
import { ridesRepository, type RideRow } from './rides.repository';
import { presentRideDetail } from './rides.presenter';
import { rideViewerUnderLock } from './ride-standing.service';
import { assertMayDecideMinimum, assertMayDeleteRide, assertMayManageRide, assertMayPlanRide, groupMembershipOf, minimumDecision, rideViewer, type RideViewer } from './rides.policy';
import { editedRoute, groupPoint, placeRoute, touchesRoute } from './ride-route';
import { waitlistRepository } from './waitlist.repository';
import { fillFreedSeats, tellSeatNews } from './waitlist.service';
import { peopleOf } from './ride-cards';
import { changedColumns } from '../db/every-column-written';
import { editedRideValues, newRideKeptColumns, newRideValues, rideColumns } from './ride-columns';
import { placeRideTimes } from './ride-times';
import { sentZone } from '../platform/time-zones';

/** Other domains (the calendar feed) read a ride's stored stops the way ride pages do. */
export { parseWaypoints } from './rides.presenter';

// ---------------------------------------------------------------- reading

/** A ride's own JSON (its page, and the answer to each change): with its waitlist and minimum riders decision. */
export async function presentOne(ctx: AppContext, row: RideRow, viewerId: string | null): Promise<Ride> {
  const [people, standing, poll] = await Promise.all([
    peopleOf(ctx, [row]),
    waitlistRepository.standing(ctx.db, row.id, viewerId),
    pollLinkOf(ctx, row.poll_id, groupMembershipOf(row, viewerId)),
  ]);
  return { ...presentRideDetail(row, viewerId, people, standing), poll };
}

/** The ride, read for `viewerId` (who may present it), or 404. */
export async function loadRide(ctx: AppContext, rideId: string, viewerId: string | null = null): Promise<RideRow> {
  const row = await ridesRepository.findById(ctx.db, rideId, viewerId);
  if (!row) throw notFound('ride_not_found');
  return row;
}

/** The ride and who `userId` is to it, for the policy's assert helpers (rides.policy.ts). */
export async function loadRideFor(ctx: AppContext, rideId: string, userId: string | null): Promise<{ ride: RideRow; viewer: RideViewer }> {
  const ride = await loadRide(ctx, rideId, userId);
  return { ride, viewer: rideViewer(ride, userId, userId !== null && ride.participants.some((p) => p.id === userId)) };
}

/** GET /api/rides/{id}: every ride is open to every visitor (the calendar and navigator exports read it here too). */
export async function getRide(ctx: AppContext, viewerId: string | null, rideId: string): Promise<Ride> {
  return presentOne(ctx, await loadRide(ctx, rideId, viewerId), viewerId);
}

/** The ride's slug in its group: the transliterated name (see baseSlug), then with "-2", "-3"... while taken. */
function uniqueSlug(ctx: AppContext, groupId: string | null, name: string, rideId: string): Promise<string> {
  return firstFreeSlug(baseSlug(name, 'ride', rideId), (slug) => ridesRepository.slugTaken(ctx.db, groupId, slug, rideId));
}

// ---------------------------------------------------------------- commands

/** POST /api/rides: members of the group plan rides; the other members are told. */
export async function createRide(ctx: AppContext, userId: string, input: CreateRideInput): Promise<Ride> {
  const group = await loadGroup(ctx, input.groupId, userId);
  assertMayPlanRide(membershipStatusOf(group, userId));
  // The ride's zone: the one sent, else its group's; the times sent are placed in it.
  const zone = sentZone(input.timezone) ?? group.timezone;
  const { times, notice } = placeRideTimes(input, zone);
  const placed = { ...input, ...times };
  if (localDay(placed.startDate, zone) < firstStartDay(zone)) throw badRequest('ride_start_in_past');
  const fromPoll = input.pollId ? await pollToPlanFrom(ctx, userId, input.pollId, group.id) : null;
  const id = newId();
  const now = nowIso();
  const slugBase = await uniqueSlug(ctx, group.id, input.name, id);
  const route = await placeRoute(ctx, groupPoint(group), { ...input, waypoints: input.waypoints ?? [] });
  await ctx.beforeLock?.('ride-create');
  const told = await ctx.db
    .transaction()
    .execute(async (tx) => {
      // Asked again under the group's lock (update: the ride count on its row changes): a member
      // removed since the read above plans nothing.
      const standing = await groupsRepository.lockStanding(tx, ctx.engine, group.id, userId, 'update');
      if (!standing) throw notFound('group_not_found');
      assertMayPlanRide(membershipStatusOf(standing, userId));
      await ridesRepository.insert(tx, {
        ...newRideKeptColumns({ id, group_id: group.id, slug: slugBase, owner_id: userId, poll_id: fromPoll?.id ?? null, created_at: now }),
        ...route,
        ...rideColumns(newRideValues(placed, zone)),
      });
      // The owner rides too: they hold the first seat.
      await ridesRepository.addParticipant(tx, id, userId, now);
      await track(tx, 'rides', 'ride_created', { rideId: id, groupId: group.id }, userId);
      // The members are told in the ride's transaction, so their mails are in the outbox once it commits.
      const memberIds = await groupsRepository.memberIds(tx, group.id);
      const ofPoll = fromPoll ? await tellInterestedRiders(tx, fromPoll, { id, name: input.name, startDate: placed.startDate, timezone: zone }, userId, memberIds) : null;
      const others = memberIds.filter((memberId) => memberId !== userId && !ofPoll?.riders.has(memberId));
      const ofRide = await recordNotifications(tx, others, { type: 'ride_created', params: { ride: input.name }, about: { rideId: id }, eventKey: `ride_created:${id}` });
      return [...(ofPoll?.told ?? []), ...ofRide];
    })
    .catch(refuseSlugClash);
  await publishNotifications(ctx, told);
  const answer = await presentOne(ctx, await loadRide(ctx, id, userId), userId);
  return notice ? { ...answer, notice } : answer;
}

/** PATCH /api/rides/{id}: the owner edits; the navigator must be a participant. */
export async function updateRide(ctx: AppContext, userId: string, rideId: string, input: UpdateRideInput): Promise<Ride> {
  const edit = await prepareRideEdit(ctx, userId, rideId, input);
  await ctx.beforeLock?.('ride-manage');
  const done = await ctx.db.transaction().execute((tx) => edit.apply(tx)).catch(refuseSlugClash);
  await done.after();
  const answer = await presentOne(ctx, await loadRide(ctx, rideId, userId), userId);
  return edit.notice ? { ...answer, notice: edit.notice } : answer;
}

/**
 * A ride's change, checked and made ready outside any transaction (reads, the route placed), then
 * written by `apply` in a transaction its caller holds (one edit, or every ride of "this and
 * following" at once, series.service), and told by `after` once that commits.
 */
export interface PreparedRideChange {
  apply(tx: Transaction<Database>): Promise<{ after(): Promise<void> }>;
}

/** An edit as updateRide makes it, in a transaction of the caller's (refuseSlugClash is the caller's too). */
export async function prepareRideEdit(ctx: AppContext, userId: string, rideId: string, input: UpdateRideInput): Promise<PreparedRideChange & { notice: Ride['notice'] }> {
  const { ride, viewer } = await loadRideFor(ctx, rideId, userId);
  assertMayManageRide(viewer);

  const zone = sentZone(input.timezone) ?? ride.timezone;
  const { times, notice } = placeRideTimes(input, zone);
  const values = editedRideValues(ride, { ...input, ...times, timezone: zone });
  // Spec 2 section 5: the edit form's pickers refuse dates earlier than 24 hours ago.
  if ((times.startDate && editedDateTooEarly(times.startDate)) || (times.endDate && editedDateTooEarly(times.endDate))) throw badRequest('ride_edited_date_too_early');
  // The schema checked the fields sent against each other; here they meet the stored ones, exact in the zone.
  const [misfit] = rideOrderIssues({ ...values, timezoneOffset: undefined });
  if (misfit) throw invalidInput(misfit.message, misfit.field);
  if (input.navigatorId && !(await ridesRepository.isParticipant(ctx.db, rideId, input.navigatorId))) {
    throw badRequest('navigator_not_participant');
  }

  const route = touchesRoute(input) ? await placeRoute(ctx, ride.group_id ? groupPoint(await loadGroup(ctx, ride.group_id, userId)) : null, editedRoute(ride, input)) : {};

  const newSlug = input.name && input.name !== ride.name ? await uniqueSlug(ctx, ride.group_id, input.name, rideId) : undefined;
  const slug = newSlug === ride.slug ? undefined : newSlug;
  const changed = changedColumns(ride, { ...rideColumns(values), ...route });
  const fields = {
    ...changed,
    ...(slug !== undefined && { slug }),
    // A new decision time is a new decision: checked again when it comes, and the owner chooses again.
    ...('min_riders_decision_at' in changed && { min_riders_checked_at: null, min_riders_kept_at: null }),
  };
  const cancelling = input.status === 'cancelled' && ride.status !== 'cancelled';
  const place = 'start_location' in route && typeof route.start_location === 'string' ? route.start_location : ride.start_location;
  const startMoved = Date.parse(values.startDate) !== Date.parse(ride.start_date) || place !== ride.start_location;
  const apply = async (tx: Transaction<Database>) => {
    let told: Told = [];
    // The owner's or organizer's right asked again under the group's lock: one removed or demoted
    // since the read above (or whose ride a removal handed to the group's owner) changes nothing.
    assertMayManageRide(await rideViewerUnderLock(tx, ctx.engine, ride, userId));
    // The address the ride leaves keeps leading to it (a ride without a group is addressed by id),
    // remembered in the edit's transaction: a refused or failed edit remembers nothing.
    if (slug !== undefined && ride.group_id) await ridesRepository.rememberSlug(tx, ride.group_id, ride.slug, rideId, nowIso());
    if (input.maxRiders !== undefined) {
      // Counted under the ride's row lock, as takeSeat counts, so a rider joining meanwhile is seen.
      await ridesRepository.lockRide(tx, rideId);
      const seats = await ridesRepository.seatCount(tx, rideId);
      if (input.maxRiders < seats) throw conflict('too_few_seats', { seats });
    }
    await ridesRepository.edit(tx, rideId, fields);
    // The riders are told in the edit's transaction: their mails are in the outbox once it commits.
    const sequence = Number(ride.sequence) + 1;
    const riders = (await ridesRepository.participantIds(tx, rideId)).filter((id) => id !== userId);
    const time = { startAt: values.startDate, zone: values.timezone };
    if (cancelling) {
      told = await recordNotifications(tx, riders, { type: 'ride_cancelled', params: { ride: values.name, ...time }, about: { rideId }, eventKey: `ride_cancelled:${rideId}:${sequence}` });
    } else if (startMoved && values.status !== 'cancelled') {
      told = await recordNotifications(tx, riders, { type: 'ride_changed', params: { ride: values.name, place, ...time }, about: { rideId }, eventKey: `ride_changed:${rideId}:${sequence}` });
    }
    // More seats, or a ride confirmed again: free seats go to the riders waiting, in the same transaction.
    const news = input.maxRiders !== undefined || input.status !== undefined ? await fillFreedSeats(tx, ctx.engine, rideId) : null;
    return {
      after: async () => {
        await tellSeatNews(ctx, news);
        await publishNotifications(ctx, told);
      },
    };
  };
  return { apply, notice };
}

/*
 * A ride whose start moved (another day or hour, another meeting place) tells everyone holding a
 * seat but the one who moved it, as a cancellation does: otherwise a rider who joined learns of it
 * only by opening the ride again, or at the old place on the old day. "{ride} now starts on {day}
 * at {time} from {place}", on the ride's own clock. Other edits (description, seats) tell nobody.
 *
 * A cancelled ride tells everyone holding a seat, but the one who cancelled it: "{ride} on {day}
 * was cancelled", the day on the ride's own clock. Setting it back to confirmed tells nobody:
 * the riders kept their seats, and the ride's page and lists show it again.
 */

/** Why maximum riders cannot go below the seats already taken: nobody is put out of a ride they joined. */
export function tooFewSeatsMessage(seats: number): string {
  return `${seats} ${seats === 1 ? 'rider has' : 'riders have'} joined; maximum riders cannot be less than ${seats}`;
}

/** Two rides of a group renamed to the same slug at once: one wins the unique key, the other is told. */
export function refuseSlugClash(error: unknown): never {
  if (isUniqueViolation(error)) throw conflict('ride_name_taken');
  throw error;
}

/** DELETE /api/rides/{id}: participants, comments and media go with it, in one transaction. */
export async function deleteRide(ctx: AppContext, userId: string, rideId: string): Promise<void> {
  const removal = await prepareRideDelete(ctx, userId, rideId);
  await ctx.beforeLock?.('ride-manage');
  const done = await ctx.db.transaction().execute((tx) => removal.apply(tx));
  await done.after();
}

/** A ride's removal as deleteRide makes it, in a transaction of the caller's. */
export async function prepareRideDelete(ctx: AppContext, userId: string, rideId: string): Promise<PreparedRideChange> {
  const { ride, viewer } = await loadRideFor(ctx, rideId, userId);
  assertMayDeleteRide(viewer);
  return {
    apply: async (tx) => {
      // The group's row before the ride's, as every write that touches both (its ride count).
      if (ride.group_id) await groupsRepository.lockRow(tx, ctx.engine, ride.group_id);
      assertMayDeleteRide(await rideViewerUnderLock(tx, ctx.engine, ride, userId));
      const removeFiles = await detachMedia(tx, { rideId });
      const removePictures = await detachPictures(tx, [{ kind: 'ride', id: rideId }]);
      await ridesRepository.delete(tx, rideId);
      // Its media and link preview picture stop being served at the commit and their files go right after it.
      return {
        after: async () => {
          await removeFiles(ctx);
          await removePictures(ctx);
        },
      };
    },
  };
}

/**
 * POST /api/rides/{id}/keep: the owner keeps a ride that reached its decision time below its
 * minimum riders (cancelling is the edit's status, as for any ride).
 */
export async function keepRide(ctx: AppContext, userId: string, rideId: string): Promise<Ride> {
  const { ride, viewer } = await loadRideFor(ctx, rideId, userId);
  assertMayDecideMinimum(viewer, minimumDecision(ride));
  await ctx.beforeLock?.('ride-manage');
  await ctx.db.transaction().execute(async (tx) => {
    assertMayDecideMinimum(await rideViewerUnderLock(tx, ctx.engine, ride, userId), minimumDecision(ride));
    await ridesRepository.update(tx, rideId, { min_riders_kept_at: nowIso() });
  });
  return presentOne(ctx, await loadRide(ctx, rideId, userId), userId);
}

