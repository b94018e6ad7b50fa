import type { Kysely, Transaction } from 'kysely';
import type { AppContext } from '../context';
import type { Database } from '../db/schema';
import { nowIso, toBool, toCount } from '../db/database';
import { isUniqueViolation } from '../db/unique-violation';
import { badRequest, conflict, notFound } from '../platform/errors';
import { newId } from '../platform/tokens';
import { publishNotifications, recordNotifications, retractNotifications, settleNotifications, type Told } from '../notifications/notifications.service';
import { usersRepository } from '../users/users.repository';
import { canViewProfile } from '../users/users.policy';
import { waitlistRepository } from '../rides/waitlist.repository';
import { handOverRides, releaseSeatsInGroup, tellSeatNews } from '../rides/waitlist.service';
import { handOverSeries, type HandedSeries } from '../rides/series/series-hand-over.service';
import type { ProfileVisibility } from '../../shared/users/current-user';
import { JOIN_REQUEST_SUBMITTED, type Group, type GroupBan, type GroupMember, type GroupRole, type JoinGroupResult, type MembershipRequest, type MembershipStatus } from '../../shared/groups/group';
import { groupsRepository, type GroupRow } from './groups.repository';
import {
  assertCanChangeRole,
  assertCanDecideRequests,
  assertCanJoin,
  assertCanBanOutsider,
  assertCanManageBans,
  assertCanLeave,
  assertCanRemove,
  assertCanTransferTo,
  assertCanViewMembers,
  assertNotBanned,
  type MemberTarget,
} from './groups.policy';
import { memberRoleOf, presentMember, presentRequest } from './groups.presenter';
import { membershipStatusOf } from './groups.policy';
import { getGroup, loadGroup, publishNewMember, recordNewMember, type NewMemberNews } from './groups.service';
import { repeatCode } from '../../shared/series/series-label-text';

/**
 * Tells the owner and co-organizers (who decide) that a rider asks to join, pointing at the Pending
 * Members tab: in `tx`, the request's own transaction, so a request that commits is told (and
 * mailed) even if the process dies right after. Publish the result after the commit.
 */
async function recordRequest(tx: Transaction<Database>, group: GroupRow, riderId: string, requestId: string): Promise<Told> {
  const rider = await usersRepository.findById(tx, riderId);
  // Named by their handle, never by their e-mail address.
  return recordNotifications(tx, await groupsRepository.organizerIds(tx, group.id), {
    type: 'membership_request',
    params: { rider: rider?.handle ?? 'A rider', group: group.name },
    about: { groupId: group.id, riderId },
    eventKey: `membership_request:${requestId}`,
  });
}

/**
 * POST /api/groups/{id}/join. An open group adds the member at once; an approval group records a
 * request for the owner. The database's keys make a double click or a race leave one row.
 */
export async function joinGroup(ctx: AppContext, userId: string, groupId: string): Promise<JoinGroupResult> {
  const group = await loadGroup(ctx, groupId, userId);
  assertCanJoin(membershipStatusOf(group, userId), toCount(group.viewer_is_banned) > 0);
  await ctx.beforeLock?.('group-join');
  let approvalRequired = toBool(group.membership_approval_required);
  let told: Told = [];
  let joinedNews: NewMemberNews | null = null;
  try {
    await ctx.db.transaction().execute(async (tx) => {
      // Decided again under the group's lock: the rider's standing and whether the group asks for
      // approval are what they are now, not what the read above found.
      const standing = await groupsRepository.lockStanding(tx, ctx.engine, groupId, userId, 'update');
      if (!standing) throw notFound('group_not_found');
      assertCanJoin(membershipStatusOf(standing, userId), toCount(standing.viewer_is_banned) > 0);
      approvalRequired = toBool(standing.membership_approval_required);
      if (approvalRequired) {
        const requestId = newId();
        await groupsRepository.insertRequest(tx, { id: requestId, group_id: groupId, user_id: userId, requested_at: nowIso() });
        told = await recordRequest(tx, group, userId, requestId);
      } else {
        await groupsRepository.addMember(tx, groupId, userId, nowIso());
        joinedNews = await recordNewMember(tx, group, userId);
      }
    });
  } catch (error) {
    // A second request (double click, two tabs) loses on the unique key: one request, one notification.
    if (isUniqueViolation(error)) {
      throw conflict(approvalRequired ? 'membership_request_pending' : 'already_member');
    }
    throw error;
  }
  if (approvalRequired) {
    await publishNotifications(ctx, told);
    return { message: JOIN_REQUEST_SUBMITTED, status: 'pending' };
  }
  await publishNewMember(ctx, joinedNews);
  return { message: `You joined ${group.name}`, status: 'member' };
}

/**
 * What ends with a membership, whether the rider left or was removed: the owner's "joined"
 * notification (it would open the profile of someone no longer in the group), the rider's places in
 * the queues of the group's rides (no longer a member, they could not take a seat), and their seats
 * on its rides that have not started (each goes to the first rider waiting; their own single rides
 * keep theirs).
 */
async function forgetMembership(ctx: AppContext, groupId: string, userId: string): Promise<void> {
  await retractNotifications(ctx, 'member_joined', groupId, userId);
  await waitlistRepository.removeFromGroup(ctx.db, groupId, userId);
  await releaseSeatsInGroup(ctx, groupId, userId);
}

export async function leaveGroup(ctx: AppContext, userId: string, groupId: string): Promise<void> {
  const group = await loadGroup(ctx, groupId, userId);
  const status = membershipStatusOf(group, userId);
  assertCanLeave(status);
  if (status === 'pending') {
    await groupsRepository.deleteRequestFor(ctx.db, groupId, userId);
    // Withdrawn before a decision: the notification of it would ask the organizers to act on nothing.
    await retractNotifications(ctx, 'membership_request', groupId, userId);
    return;
  }
  // In one transaction: the membership goes, and the series the rider made pass to the group's
  // owner with their upcoming rides (the rider's single rides stay theirs, as history and as before).
  const handed = await ctx.db.transaction().execute(async (tx) => {
    if (!(await groupsRepository.removeMember(tx, ctx.engine, groupId, userId))) throw conflict('not_a_member');
    // The owner read under the group's lock (removeMember took it).
    const ownerId = await groupsRepository.ownerId(tx, groupId);
    if (!ownerId) return null;
    const series = await handOverSeries(tx, groupId, userId, ownerId);
    const rides = await handOverRides(tx, ctx.engine, groupId, userId, ownerId, new Date(), series.map((s) => s.id));
    // The owner is told in the hand-over's transaction: what commits is told.
    return { news: rides.news, told: await recordSeriesHandedOver(tx, group, ownerId, userId, series) };
  });
  await forgetMembership(ctx, groupId, userId);
  if (!handed) return;
  await publishNotifications(ctx, handed.told);
  for (const news of handed.news) await tellSeatNews(ctx, news);
}

/** The group's owner is told once of each series that passed to them (not of each of its rides). */
async function recordSeriesHandedOver(tx: Transaction<Database>, group: Pick<GroupRow, 'id' | 'name'>, ownerId: string, riderId: string, series: HandedSeries[]): Promise<Told> {
  if (series.length === 0) return [];
  const rider = await usersRepository.findById(tx, riderId);
  const told: Told = [];
  for (const s of series) {
    told.push(...(await recordNotifications(tx, [ownerId], { type: 'series_handed_over', params: { series: s.name, repeat: repeatCode(s.rule), rider: rider?.handle ?? 'A rider', group: group.name }, about: { groupId: group.id, riderId, ...(s.rideIds[0] && { rideId: s.rideIds[0] }) } })));
  }
  return told;
}

export async function listMembers(ctx: AppContext, viewerId: string, groupId: string): Promise<GroupMember[]> {
  const group = await loadGroup(ctx, groupId, viewerId);
  const status = membershipStatusOf(group, viewerId);
  assertCanViewMembers(status);
  // The owner first (a hand-over makes a later member the owner), then in the order they joined.
  const rows = (await groupsRepository.listMembers(ctx.db, groupId)).sort((a, b) => Number(b.id === group.creator_id) - Number(a.id === group.creator_id));
  // A rider's location is part of their profile: shown only to whom the profile is (an insider
  // shares this group with every member, so only a private profile hides it here).
  return rows.map((row) =>
    presentMember(row, { id: viewerId, status }, group.creator_id, canViewProfile({ viewerId, ownerId: row.id, visibility: row.profile_visibility as ProfileVisibility, shareAGroup: true })),
  );
}

export async function listRequests(ctx: AppContext, actorId: string, groupId: string): Promise<MembershipRequest[]> {
  assertCanDecideRequests(membershipStatusOf(await loadGroup(ctx, groupId, actorId), actorId));
  const rows = await groupsRepository.listRequests(ctx.db, groupId);
  // The asking rider is not a member yet: their location shows when their profile is visible to the organizer.
  const shown = await Promise.all(
    rows.map(async (row) => {
      const visibility = row.profile_visibility as ProfileVisibility;
      const shareAGroup = visibility === 'groups' ? await usersRepository.shareAGroup(ctx.db, actorId, row.user_pk) : false;
      return canViewProfile({ viewerId: actorId, ownerId: row.user_pk, visibility, shareAGroup });
    }),
  );
  return rows.map((row, i) => presentRequest(row, shown[i]!));
}

/**
 * Approves or declines a membership request. `ban` with a decline ("Don't let them ask again")
 * also keeps the rider out, in the decision's own transaction: a declined rider could otherwise ask
 * again without end, each request telling every organizer.
 */
export async function decideRequest(ctx: AppContext, actorId: string, groupId: string, requestId: string, approve: boolean, options: { ban?: boolean } = {}): Promise<void> {
  if (approve && options.ban) throw badRequest('ban_with_approval');
  const group = await loadGroup(ctx, groupId, actorId);
  assertCanDecideRequests(membershipStatusOf(group, actorId));
  const request = await groupsRepository.findRequest(ctx.db, groupId, requestId);
  if (!request) throw notFound('membership_request_not_found');
  await ctx.beforeLock?.('request-decision');
  const told = await ctx.db.transaction().execute(async (tx) => {
    // The organizer's standing asked again under the group's lock: one removed or demoted since the read above decides nothing.
    const standing = await groupsRepository.lockStanding(tx, ctx.engine, groupId, actorId, 'update');
    if (!standing) throw notFound('group_not_found');
    assertCanDecideRequests(membershipStatusOf(standing, actorId));
    if (!(await groupsRepository.deleteRequest(tx, requestId))) throw notFound('membership_request_not_found');
    // A request that slipped in as the rider was banned is not approved into a membership.
    if (approve) assertNotBanned(await groupsRepository.isBanned(tx, groupId, request.user_id));
    if (approve && !(await groupsRepository.isMember(tx, groupId, request.user_id))) {
      await groupsRepository.addMember(tx, groupId, request.user_id, nowIso());
    }
    if (options.ban) await groupsRepository.ban(tx, { group_id: groupId, user_id: request.user_id, banned_by: actorId, banned_at: nowIso() });
    // The rider is told in the decision's transaction: their mail is in the outbox once it commits.
    return recordNotifications(tx, [request.user_id], { type: approve ? 'membership_approved' : 'membership_declined', params: { group: group.name }, about: { groupId }, eventKey: `membership_decided:${requestId}` });
  });
  // Whoever decided is not told of their own action (GUIDE section 10); the request every organizer was told of is settled.
  await settleNotifications(ctx, 'membership_request', groupId, request.user_id);
  await publishNotifications(ctx, told);
}

export async function pendingGroupIds(ctx: AppContext, userId: string): Promise<string[]> {
  return groupsRepository.pendingGroupIds(ctx.db, userId);
}

/** The group, the actor's standing in it and the member acted on (404 when the rider is not a member). */
async function loadMemberAction(ctx: AppContext, actorId: string, groupId: string, memberId: string) {
  const group = await loadGroup(ctx, groupId, actorId);
  const status = membershipStatusOf(group, actorId);
  return { group, status, target: await memberTarget(ctx.db, groupId, group.creator_id, actorId, memberId) };
}

/** The member acted on, as the policy sees them (undefined when the rider is not a member). */
async function memberTarget(db: Kysely<Database> | Transaction<Database>, groupId: string, creatorId: string, actorId: string, memberId: string): Promise<MemberTarget | undefined> {
  const role = await groupsRepository.memberRole(db, groupId, memberId);
  return role && { role: memberRoleOf({ id: memberId, role }, creatorId), isSelf: memberId === actorId };
}

/**
 * The actor's standing and the member acted on, asked again inside the action's transaction under
 * the group's lock (lockStanding): an organizer removed or demoted, an owner who handed the group
 * over, or a member removed or promoted since the request's first read is seen, and the same
 * policy decides again from what is true now.
 */
async function memberActionUnderLock(ctx: AppContext, tx: Transaction<Database>, actorId: string, groupId: string, memberId: string) {
  const standing = await groupsRepository.lockStanding(tx, ctx.engine, groupId, actorId, 'update');
  if (!standing) throw notFound('group_not_found');
  return { status: membershipStatusOf(standing, actorId), target: await memberTarget(tx, groupId, standing.creator_id, actorId, memberId) };
}

/**
 * A member action: the policy (`assertCan`) decides from the request's read, then again from what
 * is true under the group's lock (memberActionUnderLock), and `act` runs in that transaction.
 */
async function inMemberAction<T>(ctx: AppContext, actorId: string, groupId: string, memberId: string, assertCan: (viewer: MembershipStatus, target: MemberTarget | undefined) => void, act: (tx: Transaction<Database>, group: GroupRow) => Promise<T>): Promise<T> {
  const { group, status, target } = await loadMemberAction(ctx, actorId, groupId, memberId);
  assertCan(status, target);
  await ctx.beforeLock?.('member-action');
  return ctx.db.transaction().execute(async (tx) => {
    const locked = await memberActionUnderLock(ctx, tx, actorId, groupId, memberId);
    assertCan(locked.status, locked.target);
    return act(tx, group);
  });
}

function memberNotFound(): never {
  throw notFound('member_not_found');
}

/** PUT /api/groups/{id}/members/{memberId}/role: the owner makes a member a co-organizer, or a plain member again. */
export async function changeMemberRole(ctx: AppContext, actorId: string, groupId: string, memberId: string, role: GroupRole): Promise<GroupMember> {
  const told = await inMemberAction(ctx, actorId, groupId, memberId, (viewer, target) => assertCanChangeRole(viewer, target, role), async (tx, group) => {
    if (!(await groupsRepository.setRole(tx, groupId, memberId, role))) memberNotFound();
    // Told in the change's transaction: what commits is told, whatever happens to this process next.
    return role === 'co_organizer' ? recordNotifications(tx, [memberId], { type: 'made_co_organizer', params: { group: group.name }, about: { groupId } }) : [];
  });
  await publishNotifications(ctx, told);
  const member = (await listMembers(ctx, actorId, groupId)).find((m) => m.id === memberId);
  return member ?? memberNotFound();
}

/**
 * POST /api/groups/{id}/ownership: the owner hands the group to another member, and stays on as a
 * co-organizer. Both are told: the new owner of what they received, the old one of what they now are.
 */
export async function transferOwnership(ctx: AppContext, actorId: string, groupId: string, memberId: string): Promise<Group> {
  // setOwner below keeps a former owner from handing the group over; the lock also makes sure
  // the new owner is still a member (not removed meanwhile).
  const told = await inMemberAction(ctx, actorId, groupId, memberId, assertCanTransferTo, async (tx, group) => {
    // Only while the actor still owns it: of two hand-overs at once, the second finds another owner.
    if (!(await groupsRepository.setOwner(tx, groupId, actorId, memberId))) throw conflict('group_changed_hands');
    await groupsRepository.setRole(tx, groupId, actorId, 'co_organizer');
    await groupsRepository.setRole(tx, groupId, memberId, 'member');
    // Both told in the hand-over's transaction.
    const [newOwner, formerOwner] = [await usersRepository.findById(tx, memberId), await usersRepository.findById(tx, actorId)];
    return [
      ...(await recordNotifications(tx, [memberId], { type: 'ownership_received', params: { group: group.name, formerOwner: formerOwner?.handle ?? 'The owner' }, about: { groupId, riderId: actorId } })),
      ...(await recordNotifications(tx, [actorId], { type: 'ownership_handed_over', params: { group: group.name, newOwner: newOwner?.handle ?? 'another member' }, about: { groupId, riderId: memberId } })),
    ];
  });
  await publishNotifications(ctx, told);
  return getGroup(ctx, actorId, groupId);
}

/**
 * DELETE /api/groups/{id}/members/{memberId}: the owner removes anyone but themself, a co-organizer
 * a plain member. In one transaction: the membership goes, `ban` keeps the rider from rejoining,
 * and the rides the rider owns in the group that have not ended pass to the group's owner, who
 * takes the rider's seat on them (waitlist.service handOverRides). The rider is told, and gives up
 * their seats on the group's other rides that have not started (each freed seat goes to the first
 * rider waiting, as when a rider leaves a ride); the owner is told of each ride they now own.
 */
export async function removeMember(ctx: AppContext, actorId: string, groupId: string, memberId: string, options: { ban?: boolean } = {}): Promise<void> {
  const handed = await inMemberAction(ctx, actorId, groupId, memberId, assertCanRemove, async (tx, group) => {
    if (!(await groupsRepository.removeMember(tx, ctx.engine, groupId, memberId))) memberNotFound();
    if (options.ban) await groupsRepository.ban(tx, { group_id: groupId, user_id: memberId, banned_by: actorId, banned_at: nowIso() });
    // The owner read under the group's lock (removeMember took it): a hand-over of the group meanwhile is seen.
    const ownerId = await groupsRepository.ownerId(tx, groupId);
    const handedOver = ownerId ? { ownerId, series: await handOverSeries(tx, groupId, memberId, ownerId), ...(await handOverRides(tx, ctx.engine, groupId, memberId, ownerId)) } : null;
    // The rider and the owner are told in the removal's transaction: what commits is told.
    const told = await recordNotifications(tx, [memberId], { type: 'removed_from_group', params: { group: group.name }, about: { groupId } });
    if (handedOver) {
      told.push(...(await recordSeriesHandedOver(tx, group, handedOver.ownerId, memberId, handedOver.series)));
      // The rides of a series handed over are told of with it, once.
      const ofSeries = new Set(handedOver.series.flatMap((s) => s.rideIds));
      const rides = handedOver.rides.filter((ride) => !ofSeries.has(ride.id));
      const rider = rides.length > 0 ? await usersRepository.findById(tx, memberId) : undefined;
      for (const ride of rides) {
        told.push(...(await recordNotifications(tx, [handedOver.ownerId], { type: 'ride_handed_over', params: { ride: ride.name, rider: rider?.handle ?? 'A rider', group: group.name }, about: { groupId, rideId: ride.id, riderId: memberId } })));
      }
    }
    return { handedOver, told };
  });
  await forgetMembership(ctx, groupId, memberId);
  await publishNotifications(ctx, handed.told);
  for (const news of handed.handedOver?.news ?? []) await tellSeatNews(ctx, news);
}

/** GET /api/groups/{id}/bans: the riders removed and kept from rejoining, for the organizers. */
export async function listBans(ctx: AppContext, actorId: string, groupId: string): Promise<GroupBan[]> {
  assertCanManageBans(membershipStatusOf(await loadGroup(ctx, groupId, actorId), actorId));
  const rows = await groupsRepository.listBans(ctx.db, groupId);
  return rows.map((row) => ({ user: { id: row.id, userId: row.handle, profileImageUrl: row.profile_image_url }, bannedAt: row.banned_at }));
}

/** DELETE /api/groups/{id}/bans/{userId}: an organizer lets the rider join again (404 when they were not kept out). */
export async function liftBan(ctx: AppContext, actorId: string, groupId: string, userId: string): Promise<void> {
  assertCanManageBans(membershipStatusOf(await loadGroup(ctx, groupId, actorId), actorId));
  if (!(await groupsRepository.unban(ctx.db, groupId, userId))) throw notFound('rider_not_banned');
}

/**
 * PUT /api/groups/{id}/bans/{userId}: an organizer keeps out a rider who is not in the group (one
 * who left before the organizer could remove them with a ban). Idempotent: a second ban keeps the
 * first. Decided under the group's lock, as a join is: a rider who joins meanwhile is found an
 * insider (409: removed with a ban instead), and one banned first is refused by the join.
 */
export async function banOutsider(ctx: AppContext, actorId: string, groupId: string, userId: string): Promise<void> {
  const group = await loadGroup(ctx, groupId, actorId);
  assertCanManageBans(membershipStatusOf(group, actorId));
  if (!(await usersRepository.findById(ctx.db, userId))) throw notFound('rider_not_found');
  await ctx.db.transaction().execute(async (tx) => {
    const standing = await groupsRepository.lockStanding(tx, ctx.engine, groupId, actorId, 'update');
    const target = await groupsRepository.lockStanding(tx, ctx.engine, groupId, userId, 'update');
    if (!standing || !target) throw notFound('group_not_found');
    assertCanBanOutsider(membershipStatusOf(standing, actorId), membershipStatusOf(target, userId));
    await groupsRepository.ban(tx, { group_id: groupId, user_id: userId, banned_by: actorId, banned_at: nowIso() });
  });
}
