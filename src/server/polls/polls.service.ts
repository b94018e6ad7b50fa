import type { AppContext } from '../context';
import { nowIso, toBool } from '../db/database';
import { isUniqueViolation } from '../db/unique-violation';
import { badRequest, conflict, notFound } from '../platform/errors';
import { newId } from '../platform/tokens';
import { publishNotifications, recordNotifications, type Told } from '../notifications/notifications.service';
import { dayOf, type CreatePollInput, type Poll, type PollLink } from '../../shared/polls/poll';
import type { MembershipStatus } from '../../shared/groups/group';
import { localDay } from '../../shared/rides/ride-time';
import { groupsRepository } from '../groups/groups.repository';
import { loadGroup } from '../groups/groups.service';
import { membershipStatusOf } from '../groups/groups.policy';
import { pollsRepository, type PollRow } from './polls.repository';
import { isInterestedIn, parseDates, presentPoll } from './polls.presenter';
import { assertMayClose, assertMayPlanRide, assertMayRespond, assertMayTakePart, maySeeVoters, mayTakePart, pollAbilities, type PollViewer } from './polls.policy';

function viewerOf(row: PollRow, userId: string, membership: MembershipStatus): PollViewer {
  return { membership, isCreator: row.creator_id === userId, hasResponded: row.my_response !== null };
}

const stateOf = (row: PollRow) => ({ isActive: toBool(row.is_active), deadline: row.deadline });

/** Polls as `userId` sees them, with their results read in one query. */
async function present(ctx: AppContext, rows: PollRow[], userId: string, membershipOf: (row: PollRow) => MembershipStatus): Promise<Poll[]> {
  const voters = await pollsRepository.listYesVoters(ctx.db, rows.map((r) => r.id));
  const now = new Date();
  return rows.map((row) => {
    const viewer = viewerOf(row, userId, membershipOf(row));
    return presentPoll(row, { abilities: pollAbilities(viewer, stateOf(row), now), seeVoters: maySeeVoters(viewer) }, voters.filter((v) => v.poll_id === row.id), now);
  });
}

async function presentOne(ctx: AppContext, pollId: string, userId: string, membership: MembershipStatus): Promise<Poll> {
  const row = (await pollsRepository.findById(ctx.db, pollId, userId))!;
  return (await present(ctx, [row], userId, () => membership))[0]!;
}

/** The poll with the viewer's standing in its group, or 404. */
async function loadPoll(ctx: AppContext, userId: string, pollId: string): Promise<{ row: PollRow; viewer: PollViewer }> {
  const row = await pollsRepository.findById(ctx.db, pollId, userId);
  if (!row) throw notFound('poll_not_found');
  const membership = membershipStatusOf(await loadGroup(ctx, row.group_id, userId), userId);
  return { row, viewer: viewerOf(row, userId, membership) };
}

async function membershipIn(ctx: AppContext, userId: string, groupId: string): Promise<MembershipStatus> {
  const status = membershipStatusOf(await loadGroup(ctx, groupId, userId), userId);
  assertMayTakePart({ membership: status });
  return status;
}

/** POST /api/polls: members create polls; the other members are told. */
export async function createPoll(ctx: AppContext, userId: string, input: CreatePollInput): Promise<Poll> {
  const membership = await membershipIn(ctx, userId, input.groupId);
  const id = newId();
  await ctx.beforeLock?.('poll-create');
  const told = await ctx.db.transaction().execute(async (tx) => {
    // Asked again under the group's lock: a member removed since the read above proposes nothing.
    const standing = await groupsRepository.lockStanding(tx, ctx.engine, input.groupId, userId, 'share');
    if (!standing) throw notFound('group_not_found');
    assertMayTakePart({ membership: membershipStatusOf(standing, userId) });
    await pollsRepository.insert(tx, {
      id,
      group_id: input.groupId,
      creator_id: userId,
      title: input.title,
      description: input.description || null,
      destination: input.destination,
      duration_days: input.durationDays,
      deadline: new Date(input.deadline).toISOString(),
      proposed_dates: JSON.stringify(input.proposedDates),
      is_active: 1,
      created_at: nowIso(),
    });
    // The members are told in the poll's transaction: a poll that commits is told.
    const others = (await groupsRepository.memberIds(tx, input.groupId)).filter((memberId) => memberId !== userId);
    return recordNotifications(tx, others, { type: 'poll_created', params: { poll: input.title }, about: { groupId: input.groupId }, eventKey: `poll_created:${id}` });
  });
  await publishNotifications(ctx, told);
  return presentOne(ctx, id, userId, membership);
}

export async function listGroupPolls(ctx: AppContext, userId: string, groupId: string): Promise<Poll[]> {
  const membership = await membershipIn(ctx, userId, groupId);
  return present(ctx, await pollsRepository.listForGroup(ctx.db, groupId, userId), userId, () => membership);
}

/** Open polls of the rider's groups: they are a member or co-organizer of each (the query says so), or its owner. */
export async function listActivePolls(ctx: AppContext, userId: string): Promise<Poll[]> {
  const rows = await pollsRepository.listActiveForMember(ctx.db, userId, nowIso());
  return present(ctx, rows, userId, (row) => (row.group_creator_id === userId ? 'owner' : row.viewer_role === 'co_organizer' ? 'co_organizer' : 'member'));
}

/** GET /api/polls/{id}: for the group's members. */
export async function getPoll(ctx: AppContext, userId: string, pollId: string): Promise<Poll> {
  const { viewer } = await loadPoll(ctx, userId, pollId);
  assertMayTakePart(viewer);
  return presentOne(ctx, pollId, userId, viewer.membership);
}

/**
 * POST /api/polls/{id}/respond: once per rider, while the poll is open. Preferred dates go with a
 * yes only and must be among the proposed dates.
 */
export async function respondToPoll(ctx: AppContext, userId: string, pollId: string, input: { response: 'yes' | 'no'; preferredDates?: string[] }): Promise<Poll> {
  const { row, viewer } = await loadPoll(ctx, userId, pollId);
  assertMayRespond(viewer, stateOf(row));
  const proposed = new Set(parseDates(row.proposed_dates));
  const preferred = input.response === 'yes' ? [...new Set((input.preferredDates ?? []).map(dayOf))].sort() : [];
  if (preferred.some((d) => !proposed.has(d))) throw badRequest('poll_preferred_not_proposed');
  await ctx.beforeLock?.('poll-vote');
  try {
    await ctx.db.transaction().execute(async (tx) => {
      // Membership asked again under the group's lock: a rider removed since the read above has no vote.
      const standing = await groupsRepository.lockStanding(tx, ctx.engine, row.group_id, userId, 'share');
      if (!standing) throw notFound('poll_not_found');
      assertMayTakePart({ membership: membershipStatusOf(standing, userId) });
      const stored = await pollsRepository.insertResponseWhileOpen(tx, { poll_id: pollId, user_id: userId, response: input.response, preferred_dates: JSON.stringify(preferred), created_at: nowIso() });
      // Closed (or past its deadline) since it was read: refused as a vote on a closed poll always is.
      if (!stored) assertMayRespond(viewer, { isActive: false, deadline: row.deadline });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('poll_already_responded');
    throw error;
  }
  return presentOne(ctx, pollId, userId, viewer.membership);
}

/** POST /api/polls/{id}/close: the poll's creator or the group's organizers (owner, co-organizers) end the vote. */
export async function closePoll(ctx: AppContext, userId: string, pollId: string): Promise<Poll> {
  const { row, viewer } = await loadPoll(ctx, userId, pollId);
  assertMayClose(viewer);
  await ctx.beforeLock?.('poll-close');
  const membership = await ctx.db.transaction().execute(async (tx) => {
    // The closer's standing asked again under the group's lock: an organizer demoted or a creator
    // removed since the read above closes nothing.
    const standing = await groupsRepository.lockStanding(tx, ctx.engine, row.group_id, userId, 'share');
    if (!standing) throw notFound('poll_not_found');
    const locked = viewerOf(row, userId, membershipStatusOf(standing, userId));
    assertMayClose(locked);
    await pollsRepository.close(tx, pollId);
    return locked.membership;
  });
  return presentOne(ctx, pollId, userId, membership);
}

/** A poll a ride is planned from, checked before the ride is stored. */
export interface PlannedFromPoll {
  id: string;
  title: string;
  interested: (day: string) => string[];
}

/**
 * The poll a new ride of `groupId` is planned from: one of that group's polls whose vote is over,
 * planned by one of its members (the ride's own rules add the rest). A poll of another group is
 * refused as the bad input it is.
 */
export async function pollToPlanFrom(ctx: AppContext, userId: string, pollId: string, groupId: string): Promise<PlannedFromPoll> {
  const { row, viewer } = await loadPoll(ctx, userId, pollId);
  if (row.group_id !== groupId) throw badRequest('poll_of_other_group');
  assertMayPlanRide(viewer, stateOf(row));
  const voters = await pollsRepository.listYesVoters(ctx.db, [pollId]);
  const proposed = parseDates(row.proposed_dates);
  return {
    id: row.id,
    title: row.title,
    interested: (day) => (proposed.includes(day) ? voters.filter((v) => isInterestedIn(parseDates(v.preferred_dates), day)).map((v) => v.id) : []),
  };
}

/** The poll a ride was planned from, as its group's members see it on the ride (null for anyone else). */
export async function pollLinkOf(ctx: AppContext, pollId: string | null, membership: MembershipStatus): Promise<PollLink | null> {
  if (!pollId || !mayTakePart({ membership })) return null;
  const title = await pollsRepository.titleById(ctx.db, pollId);
  return title === undefined ? null : { id: pollId, title };
}

/**
 * When a ride is planned from a poll, in the ride's transaction `db`: the group's members who were
 * interested in the ride's day are told, with the ride to open and join (joining stays their
 * choice). Returns whom it told, so the usual "New Ride Created" does not reach them twice, and the
 * notifications to push once the ride commits.
 */
export async function tellInterestedRiders(
  db: Parameters<typeof recordNotifications>[0],
  poll: PlannedFromPoll,
  ride: { id: string; name: string; startDate: string; timezone: string },
  plannerId: string,
  memberIds: string[],
): Promise<{ riders: Set<string>; told: Told }> {
  const day = localDay(ride.startDate, ride.timezone);
  const members = new Set(memberIds);
  const riders = new Set(poll.interested(day).filter((id) => id !== plannerId && members.has(id)));
  const told = await recordNotifications(db, [...riders], {
    type: 'poll_ride_planned',
    params: { ride: ride.name, poll: poll.title, startAt: ride.startDate, zone: ride.timezone },
    about: { rideId: ride.id },
    eventKey: `poll_ride_planned:${ride.id}`,
  });
  return { riders, told };
}
