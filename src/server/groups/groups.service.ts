import type { AppContext } from '../context';
import { waitlistRepository } from '../rides/waitlist.repository';
import { nowIso } from '../db/database';
import { isUniqueViolation, retryOnUniqueViolation } from '../db/unique-violation';
import { conflict, forbidden, notFound } from '../platform/errors';
import { newId } from '../platform/tokens';
import { notify, retractNotifications, settleNotifications } from '../notifications/notifications.service';
import { track } from '../events/events.service';
import { usersRepository } from '../users/users.repository';
import { placeTypedName } from '../geocoding/geocoding.service';
import type { LatLon } from '../../shared/geo/coordinates';
import { canViewProfile } from '../users/users.policy';
import { detachMedia } from '../media/media.service';
import type { ProfileVisibility } from '../../shared/users/current-user';
import { notificationTexts } from '../../shared/notifications/notification';
import { baseSlug, firstFreeSlug, slugify } from '../platform/slug';
import { GROUP_NAME_TAKEN, JOIN_REQUEST_SUBMITTED, type CreateGroupInput, type Group, type GroupMember, type MembershipRequest, type UpdateGroupInput } from '../../shared/groups/group';
import { groupNameKey } from './group-name';
import { groupsRepository, type GroupQueryWindow, type GroupRow } from './groups.repository';
import { isInsider } from './groups.policy';
import { membershipStatusOf, presentGroup, presentMember, presentRequest } from './groups.presenter';

const ACTIVITY_WINDOW_MS = 30 * 24 * 3600 * 1000;

export function queryWindow(viewerId: string | null): GroupQueryWindow {
  const now = Date.now();
  return { viewerId, nowIso: new Date(now).toISOString(), sinceIso: new Date(now - ACTIVITY_WINDOW_MS).toISOString() };
}

/** The group row with the viewer's membership, or 404. Groups are visible to everyone (GUIDE section 10). */
export async function loadGroup(ctx: AppContext, groupId: string, viewerId: string | null): Promise<GroupRow> {
  const row = await groupsRepository.findById(ctx.db, groupId, queryWindow(viewerId));
  if (!row) throw notFound('Group not found');
  return row;
}

/** 404 unless the group exists, for reads that need nothing of the group row itself. */
export async function assertGroupExists(ctx: AppContext, groupId: string): Promise<void> {
  if (!(await groupsRepository.exists(ctx.db, groupId))) throw notFound('Group not found');
}

async function loadAsOwner(ctx: AppContext, groupId: string, actorId: string): Promise<GroupRow> {
  const row = await loadGroup(ctx, groupId, actorId);
  if (membershipStatusOf(row, actorId) !== 'owner') throw forbidden('Only the group owner can do this');
  return row;
}

export async function listMyGroups(ctx: AppContext, userId: string): Promise<Group[]> {
  const rows = await groupsRepository.listForUser(ctx.db, userId, queryWindow(userId));
  return rows.map((row) => presentGroup(row, userId));
}

export async function searchGroups(ctx: AppContext, viewerId: string | null, term: string): Promise<Group[]> {
  if (!term.trim()) return [];
  const rows = await groupsRepository.search(ctx.db, term.trim(), queryWindow(viewerId));
  return rows.map((row) => presentGroup(row, viewerId));
}

/**
 * The group a slug addresses: the group that has it now, else the group that had it before a
 * rename (the current owner of a slug always wins over the history). Undefined if none.
 */
export async function groupIdBySlug(ctx: AppContext, slug: string): Promise<string | undefined> {
  if (!slug) return undefined;
  return (await groupsRepository.idBySlug(ctx.db, slug)) ?? (await groupsRepository.idByPreviousSlug(ctx.db, slug));
}

/**
 * GET /api/groups/by-name/{name}: by slug, by the name as typed, or by a slug the group had before
 * a rename. The answer carries the current slug; the page puts it in the address bar.
 */
export async function findGroupByName(ctx: AppContext, viewerId: string | null, name: string): Promise<Group> {
  const w = queryWindow(viewerId);
  const slugOfName = slugify(name);
  const row =
    (await groupsRepository.findBySlug(ctx.db, name, w)) ??
    (await findByIdOrUndefined(ctx, await groupsRepository.idByNameKey(ctx.db, groupNameKey(name)), w)) ??
    (await findByIdOrUndefined(ctx, (await groupsRepository.idByPreviousSlug(ctx.db, name)) ?? (slugOfName !== name ? await groupIdBySlug(ctx, slugOfName) : undefined), w));
  if (!row) throw notFound('Group not found');
  return presentGroup(row, viewerId);
}

async function findByIdOrUndefined(ctx: AppContext, id: string | undefined, w: GroupQueryWindow): Promise<GroupRow | undefined> {
  return id === undefined ? undefined : groupsRepository.findById(ctx.db, id, w);
}

/**
 * A slug for `name` that addresses no other group now or through its history: the transliterated
 * name, then with "-2", "-3"... Two groups whose names differ never clash over a slug.
 */
function freeGroupSlug(db: AppContext['db'], name: string, groupId: string): Promise<string> {
  return firstFreeSlug(baseSlug(name, 'group', groupId), (slug) => groupsRepository.slugTaken(db, slug, groupId));
}

export async function getGroup(ctx: AppContext, viewerId: string | null, groupId: string): Promise<Group> {
  return presentGroup(await loadGroup(ctx, groupId, viewerId), viewerId);
}

/**
 * Where the group is: the chosen suggestion's coordinates, none when the creator kept it as text only
 * (null coordinates), or (a location typed without choosing one, coordinates left out)
 * where the place field would have suggested, biased toward the creator's own location; null when
 * nothing matches, so the group is left off the map rather than put somewhere else.
 */
async function placeGroupLocation(ctx: AppContext, creatorId: string, input: CreateGroupInput): Promise<LatLon | null> {
  if (input.latitude !== null && input.latitude !== undefined && input.longitude !== null && input.longitude !== undefined) return { lat: input.latitude, lon: input.longitude };
  // Null coordinates: the creator chose to keep the location as text only.
  if (input.latitude === null || input.longitude === null) return null;
  const creator = await usersRepository.findById(ctx.db, creatorId);
  const near = creator && creator.latitude !== null && creator.longitude !== null ? { lat: Number(creator.latitude), lon: Number(creator.longitude) } : null;
  return placeTypedName(ctx, input.location, near);
}

/**
 * Creates the group with its creator as owner and first member, in one transaction. A name already
 * taken (compared by `groupNameKey`, never by slug) answers 409; a slug taken meanwhile by a group
 * of another name makes the creation run again with the next free slug.
 */
export async function createGroup(ctx: AppContext, creatorId: string, input: CreateGroupInput): Promise<Group> {
  const id = newId();
  const nameKey = groupNameKey(input.name);
  const place = await placeGroupLocation(ctx, creatorId, input);
  await retryOnUniqueViolation(async () => {
    if (await groupsRepository.nameKeyTaken(ctx.db, nameKey, id)) throw conflict(GROUP_NAME_TAKEN);
    const slug = await freeGroupSlug(ctx.db, input.name, id);
    const now = nowIso();
    await ctx.db.transaction().execute(async (tx) => {
      await groupsRepository.insert(tx, {
        id,
        name: input.name,
        name_key: nameKey,
        slug,
        description: input.description || null,
        location: input.location,
        latitude: place?.lat ?? null,
        longitude: place?.lon ?? null,
        radius_km: input.radiusKm,
        membership_approval_required: input.membershipApprovalRequired ? 1 : 0,
        timezone_offset: input.timezoneOffset,
        timezone_name: input.timezoneName,
        group_image_url: null,
        creator_id: creatorId,
        created_at: now,
      });
      await groupsRepository.addMember(tx, id, creatorId, now);
      await track(tx, 'groups', 'group_created', { groupId: id }, creatorId);
    });
  }).catch((error: unknown) => {
    if (isUniqueViolation(error)) throw conflict(GROUP_NAME_TAKEN);
    throw error;
  });
  return getGroup(ctx, creatorId, id);
}

/**
 * A new name for the group (owner only). The name rule is creation's; the slug follows the name
 * and the slug it leaves is remembered, so links to the old address keep working.
 */
async function renameGroup(ctx: AppContext, group: GroupRow, name: string): Promise<void> {
  const nameKey = groupNameKey(name);
  await retryOnUniqueViolation(async () => {
    if (await groupsRepository.nameKeyTaken(ctx.db, nameKey, group.id)) throw conflict(GROUP_NAME_TAKEN);
    // A change that leaves the slug's base as it was (case, spacing) keeps the address.
    const keepsSlug = baseSlug(name, 'group', group.id) === baseSlug(group.name, 'group', group.id);
    const slug = keepsSlug ? group.slug : await freeGroupSlug(ctx.db, name, group.id);
    await ctx.db.transaction().execute(async (tx) => {
      if (slug !== group.slug) await groupsRepository.rememberSlug(tx, group.id, group.slug, nowIso());
      await groupsRepository.update(tx, group.id, { name, name_key: nameKey, slug });
    });
  }).catch((error: unknown) => {
    if (isUniqueViolation(error)) throw conflict(GROUP_NAME_TAKEN);
    throw error;
  });
}

export async function updateGroupSettings(ctx: AppContext, actorId: string, groupId: string, update: UpdateGroupInput): Promise<Group> {
  const group = await loadAsOwner(ctx, groupId, actorId);
  if (update.name !== undefined && update.name !== group.name) await renameGroup(ctx, group, update.name);
  await groupsRepository.update(ctx.db, groupId, {
    ...(update.membershipApprovalRequired !== undefined && { membership_approval_required: update.membershipApprovalRequired ? 1 : 0 }),
    ...(update.timezoneOffset !== undefined && { timezone_offset: update.timezoneOffset }),
    ...(update.timezoneName !== undefined && { timezone_name: update.timezoneName }),
  });
  return getGroup(ctx, actorId, groupId);
}

export async function deleteGroup(ctx: AppContext, actorId: string, groupId: string): Promise<void> {
  await loadAsOwner(ctx, groupId, actorId);
  // Its media (its rides' too) stop being served at the commit and their files go right after it.
  const removeMediaFiles = await ctx.db.transaction().execute(async (tx) => {
    const removeFiles = await detachMedia(tx, { groupId });
    await groupsRepository.delete(tx, groupId);
    return removeFiles;
  });
  await removeMediaFiles(ctx);
}

/** Tells the owner that a rider joined (never the rider themself). */
export async function announceNewMember(ctx: AppContext, group: { id: string; name: string; creator_id: string }, memberId: string): Promise<void> {
  if (group.creator_id === memberId) return;
  const member = await usersRepository.findById(ctx.db, memberId);
  const { title, message } = notificationTexts.memberJoined(member?.user_id ?? 'A rider', group.name);
  await notify(ctx, group.creator_id, 'member_joined', title, message, { groupId: group.id, riderId: memberId });
}

type GroupRef = { id: string; slug: string; name: string; creator_id: string };

/** The rider as the owner sees them: their handle (never their e-mail address). */
async function riderRef(ctx: AppContext, riderId: string): Promise<{ id: string; handle: string }> {
  const rider = await usersRepository.findById(ctx.db, riderId);
  return { id: riderId, handle: rider?.user_id ?? 'A rider' };
}

/** Tells the owner that a rider asks to join, live and stored, pointing at the group's Pending Members tab. */
async function announceRequest(ctx: AppContext, group: GroupRef, riderId: string): Promise<void> {
  const rider = await riderRef(ctx, riderId);
  const { title, message } = notificationTexts.membershipRequest(rider.handle, group.name);
  await notify(ctx, group.creator_id, 'membership_request', title, message, { groupId: group.id, riderId: rider.id });
}

/**
 * POST /api/groups/{id}/join. An open group adds the member at once; an approval group records a
 * request for the owner. The database's keys make a double click or a race leave one row.
 */
export async function joinGroup(ctx: AppContext, userId: string, groupId: string): Promise<{ message: string; status: 'member' | 'pending' }> {
  const group = await loadGroup(ctx, groupId, userId);
  const status = membershipStatusOf(group, userId);
  if (isInsider(status)) throw conflict('You are already a member of this group');
  if (status === 'pending') throw conflict('Your membership request is already waiting for approval');
  try {
    if (group.membership_approval_required) {
      await groupsRepository.insertRequest(ctx.db, { id: newId(), group_id: groupId, user_id: userId, requested_at: nowIso() });
    } else {
      await groupsRepository.addMember(ctx.db, groupId, userId, nowIso());
    }
  } catch (error) {
    // A second request (double click, two tabs) loses on the unique key: one request, one notification.
    if (isUniqueViolation(error)) {
      throw conflict(group.membership_approval_required ? 'Your membership request is already waiting for approval' : 'You are already a member of this group');
    }
    throw error;
  }
  if (group.membership_approval_required) {
    await announceRequest(ctx, group, userId);
    return { message: JOIN_REQUEST_SUBMITTED, status: 'pending' };
  }
  await announceNewMember(ctx, group, userId);
  return { message: `You joined ${group.name}`, status: 'member' };
}

export async function leaveGroup(ctx: AppContext, userId: string, groupId: string): Promise<void> {
  const group = await loadGroup(ctx, groupId, userId);
  const status = membershipStatusOf(group, userId);
  if (status === 'owner') throw forbidden('The owner cannot leave their own group');
  if (status === 'pending') {
    await groupsRepository.deleteRequestFor(ctx.db, groupId, userId);
    // Withdrawn before a decision: the owner's notification of it would ask them to act on nothing.
    await retractNotifications(ctx, 'membership_request', groupId, userId);
    return;
  }
  if (!(await groupsRepository.removeMember(ctx.db, groupId, userId))) throw conflict('You are not a member of this group');
  // The owner's "joined" notification would open the profile of someone no longer in the group.
  await retractNotifications(ctx, 'member_joined', groupId, userId);
  // No longer a member, they could not take a seat on the group's rides: they stop waiting for one.
  await waitlistRepository.removeFromGroup(ctx.db, groupId, userId);
}

export async function listMembers(ctx: AppContext, viewerId: string, groupId: string): Promise<GroupMember[]> {
  const group = await loadGroup(ctx, groupId, viewerId);
  if (!isInsider(membershipStatusOf(group, viewerId))) throw forbidden('Only members can see who is in this group');
  const rows = await groupsRepository.listMembers(ctx.db, groupId);
  // A rider's location is part of their profile: shown only to whom the profile is (an insider
  // shares this group with every member, so only a private profile hides it here).
  return rows.map((row) => presentMember(row, group.creator_id, canViewProfile({ viewerId, ownerId: row.id, visibility: row.profile_visibility as ProfileVisibility, shareAGroup: true })));
}

export async function listRequests(ctx: AppContext, actorId: string, groupId: string): Promise<MembershipRequest[]> {
  await loadAsOwner(ctx, groupId, actorId);
  const rows = await groupsRepository.listRequests(ctx.db, groupId);
  // The asking rider is not a member yet: their location shows when their profile is visible to the owner.
  const shown = await Promise.all(
    rows.map(async (row) => {
      const visibility = row.profile_visibility as ProfileVisibility;
      const shareAGroup = visibility === 'groups' ? await usersRepository.shareAGroup(ctx.db, actorId, row.user_pk) : false;
      return canViewProfile({ viewerId: actorId, ownerId: row.user_pk, visibility, shareAGroup });
    }),
  );
  return rows.map((row, i) => presentRequest(row, shown[i]!));
}

export async function decideRequest(ctx: AppContext, actorId: string, groupId: string, requestId: string, approve: boolean): Promise<void> {
  const group = await loadAsOwner(ctx, groupId, actorId);
  const request = await groupsRepository.findRequest(ctx.db, groupId, requestId);
  if (!request) throw notFound('Membership request not found');
  await ctx.db.transaction().execute(async (tx) => {
    if (!(await groupsRepository.deleteRequest(tx, requestId))) throw notFound('Membership request not found');
    if (approve && !(await groupsRepository.isMember(tx, groupId, request.user_id))) {
      await groupsRepository.addMember(tx, groupId, request.user_id, nowIso());
    }
  });
  // The owner is not told of their own action (GUIDE section 10); the request they were told of is settled.
  await settleNotifications(ctx, 'membership_request', groupId, request.user_id);
  const texts = approve ? notificationTexts.membershipApproved(group.name) : notificationTexts.membershipDeclined(group.name);
  await notify(ctx, request.user_id, approve ? 'membership_approved' : 'membership_declined', texts.title, texts.message, { groupId });
}

export async function pendingGroupIds(ctx: AppContext, userId: string): Promise<string[]> {
  return groupsRepository.pendingGroupIds(ctx.db, userId);
}
