import type { AppContext } from '../context';
import { nowIso } from '../db/database';
import { isUniqueViolation, retryOnUniqueViolation } from '../db/unique-violation';
import { conflict, notFound } from '../platform/errors';
import { newId } from '../platform/tokens';
import { publishNotifications, publishRetracted, recordNotifications, recordRetraction, type Retracted, type Told } from '../notifications/notifications.service';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { track } from '../events/events.service';
import { usersRepository } from '../users/users.repository';
import { otherNamesOfPlace, placeTypedName } from '../geocoding/geocoding.service';
import { roundKm, type LatLon } from '../../shared/geo/coordinates';
import { readNearestPage, type Circle, type NearestPage } from '../db/nearest';
import type { GroupFinderPage } from '../../shared/finder/finder';
import { detachMedia } from '../media/media.service';
import { detachPictures } from '../previews/picture-store.service';
import { baseSlug, firstFreeSlug, slugify } from '../platform/slug';
import { type CreateGroupInput, type Group, type UpdateGroupInput } from '../../shared/groups/group';
import { groupNameKey } from './group-name';
import { groupsRepository, type GroupQueryWindow, type GroupRow } from './groups.repository';
import { assertCanDelete, assertCanManage, membershipStatusOf } from './groups.policy';
import { presentGroup } from './groups.presenter';
import { sentColumns } from '../db/sent-columns';
import { sentZone, zoneAt, zoneForSentOffset } from '../platform/time-zones';
import { legacyZone } from '../../shared/timezones/timezones';

const ACTIVITY_WINDOW_MS = 30 * 24 * 3600 * 1000;

export function queryWindow(viewerId: string | null): GroupQueryWindow {
  const now = Date.now();
  return { viewerId, nowIso: new Date(now).toISOString(), sinceIso: new Date(now - ACTIVITY_WINDOW_MS).toISOString() };
}

/** The group row with the viewer's membership, or 404. Groups are visible to everyone (GUIDE section 10). */
export async function loadGroup(ctx: AppContext, groupId: string, viewerId: string | null): Promise<GroupRow> {
  const row = await groupsRepository.findById(ctx.db, groupId, queryWindow(viewerId));
  if (!row) throw notFound('group_not_found');
  return row;
}

/** 404 unless the group exists, for reads that need nothing of the group row itself. */
export async function assertGroupExists(ctx: AppContext, groupId: string): Promise<void> {
  if (!(await groupsRepository.exists(ctx.db, groupId))) throw notFound('group_not_found');
}

export async function listMyGroups(ctx: AppContext, userId: string): Promise<Group[]> {
  const rows = await groupsRepository.listForUser(ctx.db, userId, queryWindow(userId));
  return rows.map((row) => presentGroup(row, userId));
}

/**
 * The group finder's answer: a page of the groups within the circle, nearest its centre first,
 * each with its distance in kilometres to one decimal, and how many there are.
 */
export async function listNearestGroups(ctx: AppContext, viewerId: string | null, circle: Circle, page: NearestPage, candidates: number): Promise<GroupFinderPage> {
  const w = queryWindow(viewerId);
  const { rows, total, nextOffset } = await readNearestPage((p) => groupsRepository.nearest(ctx.db, circle, p, candidates, w), page);
  return { results: rows.map((row) => ({ ...presentGroup(row, viewerId), distanceKm: roundKm(Number(row.distance_km)) })), total, nextOffset };
}

/**
 * Name, description or place contain the term; a term that names a town also finds the groups
 * whose place is written in another language ("Florence" finds a group in "Firenze").
 */
export async function searchGroups(ctx: AppContext, viewerId: string | null, term: string): Promise<Group[]> {
  if (!term.trim()) return [];
  const rows = await groupsRepository.search(ctx.db, term.trim(), groupNameKey(term), otherNamesOfPlace(term), queryWindow(viewerId));
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
  if (!row) throw notFound('group_not_found');
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
async function placeGroupLocation(ctx: AppContext, creatorId: string, input: Pick<CreateGroupInput, 'location' | 'latitude' | 'longitude'>): Promise<LatLon | null> {
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
    if (await groupsRepository.nameKeyTaken(ctx.db, nameKey, id)) throw conflict('group_name_taken');
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
        // The zone sent, else the place's, else what the spec's offset and label name.
        timezone: sentZone(input.timezone) ?? zoneAt(place?.lat, place?.lon) ?? legacyZone(input.timezoneOffset, input.timezoneName),
        group_image_url: null,
        creator_id: creatorId,
        created_at: now,
      });
      await groupsRepository.addMember(tx, id, creatorId, now);
      await track(tx, 'groups', 'group_created', { groupId: id }, creatorId);
    });
  }).catch((error: unknown) => {
    if (isUniqueViolation(error)) throw conflict('group_name_taken');
    throw error;
  });
  return getGroup(ctx, creatorId, id);
}

type GroupChanges = Parameters<typeof groupsRepository.update>[2];

/**
 * The columns an edit writes, but the name: a new location is placed as creation places it (the
 * chosen suggestion's coordinates, none when kept as text, else the typed name looked up).
 */
async function changedColumns(ctx: AppContext, actorId: string, group: GroupRow, update: UpdateGroupInput): Promise<GroupChanges> {
  const place = update.location === undefined ? undefined : await placeGroupLocation(ctx, actorId, { ...update, location: update.location });
  const zone = editedZone(group, update, place);
  return {
    ...(zone !== group.timezone && { timezone: zone }),
    ...(update.description !== undefined && { description: update.description || null }),
    ...(update.location !== undefined && { location: update.location, latitude: place?.lat ?? null, longitude: place?.lon ?? null }),
    ...(update.membershipApprovalRequired !== undefined && { membership_approval_required: update.membershipApprovalRequired ? 1 : 0 }),
    ...sentColumns(update, {
      timezoneOffset: 'timezone_offset',
      timezoneName: 'timezone_name',
      timezone: null,
      // Written above, and the name by saveGroupChanges (its slug follows it).
      name: null,
      description: null,
      location: null,
      latitude: null,
      longitude: null,
      membershipApprovalRequired: null,
    }),
  };
}

/**
 * A group's zone after an edit: the zone sent; else, when only the spec's offset is sent and the
 * zone never keeps it, the new place's zone if it does, else what the offset and label name; else
 * a moved group takes its new place's zone; else it stays.
 */
function editedZone(group: GroupRow, update: UpdateGroupInput, place: LatLon | null | undefined): string {
  const sent = sentZone(update.timezone);
  if (sent) return sent;
  const placeZone = place === undefined ? zoneAt(group.latitude, group.longitude) : zoneAt(place?.lat, place?.lon);
  const current = place !== undefined && placeZone ? placeZone : group.timezone;
  return zoneForSentOffset(current, update.timezoneOffset, update.timezoneName ?? group.timezone_name, placeZone);
}

/**
 * Writes an edit in one transaction. A new name follows creation's rule; the slug follows the name
 * and the slug it leaves is remembered, so links to the old address keep working. A change that
 * leaves the slug's base as it was (case, spacing) keeps the address.
 */
async function saveGroupChanges(ctx: AppContext, group: GroupRow, name: string | undefined, changes: GroupChanges): Promise<void> {
  const renamed = name !== undefined && name !== group.name;
  await retryOnUniqueViolation(async () => {
    let naming: GroupChanges = {};
    if (renamed) {
      const nameKey = groupNameKey(name);
      if (await groupsRepository.nameKeyTaken(ctx.db, nameKey, group.id)) throw conflict('group_name_taken');
      const keepsSlug = baseSlug(name, 'group', group.id) === baseSlug(group.name, 'group', group.id);
      naming = { name, name_key: nameKey, slug: keepsSlug ? group.slug : await freeGroupSlug(ctx.db, name, group.id) };
    }
    await ctx.db.transaction().execute(async (tx) => {
      if (naming.slug !== undefined && naming.slug !== group.slug) await groupsRepository.rememberSlug(tx, group.id, group.slug, nowIso());
      await groupsRepository.update(tx, group.id, { ...changes, ...naming });
    });
  }).catch((error: unknown) => {
    if (isUniqueViolation(error)) throw conflict('group_name_taken');
    throw error;
  });
}

/** PATCH /api/groups/{id}: the Manage dialog's settings and the Edit Group dialog (owner only). */
export async function updateGroup(ctx: AppContext, actorId: string, groupId: string, update: UpdateGroupInput): Promise<Group> {
  const group = await loadGroup(ctx, groupId, actorId);
  assertCanManage(membershipStatusOf(group, actorId));
  await saveGroupChanges(ctx, group, update.name, await changedColumns(ctx, actorId, group, update));
  return getGroup(ctx, actorId, groupId);
}

export async function deleteGroup(ctx: AppContext, actorId: string, groupId: string): Promise<void> {
  const group = await loadGroup(ctx, groupId, actorId);
  assertCanDelete(membershipStatusOf(group, actorId));
  // Its media and link preview pictures (its rides' too) stop being served at the commit and their files go right after it.
  const [removeMediaFiles, removePictures] = await ctx.db.transaction().execute(async (tx) => {
    const removeFiles = await detachMedia(tx, { groupId });
    const pictures = await detachPictures(tx, [{ kind: 'group', id: group.slug }], groupId);
    await groupsRepository.delete(tx, groupId);
    return [removeFiles, pictures] as const;
  });
  await removeMediaFiles(ctx);
  await removePictures(ctx);
}

/** The owner's "joined" notification of a new member, written in the membership's transaction. */
export interface NewMemberNews {
  told: Told;
  retracted: Retracted;
}

/**
 * In the transaction that made the membership (what commits is told): the group's owner, read under
 * that transaction (a hand-over meanwhile is seen), is told a member joined. One "joined" per rider
 * and group: notifications are written with today's names, so an earlier one (a guest merged into
 * this account, a rider who left and came back) would read the same and is taken back.
 */
export async function recordNewMember(tx: Transaction<Database>, group: { id: string; name: string }, memberId: string): Promise<NewMemberNews> {
  const ownerId = await groupsRepository.ownerId(tx, group.id);
  if (!ownerId || ownerId === memberId) return { told: [], retracted: [] };
  const member = await usersRepository.findById(tx, memberId);
  const retracted = await recordRetraction(tx, 'member_joined', group.id, memberId);
  const told = await recordNotifications(tx, [ownerId], { type: 'member_joined', params: { rider: member?.handle ?? 'A rider', group: group.name }, about: { groupId: group.id, riderId: memberId } });
  return { told, retracted };
}

/** After the membership's transaction committed: the owner's open pages hear of it. */
export async function publishNewMember(ctx: AppContext, news: NewMemberNews | null | undefined): Promise<void> {
  if (!news) return;
  await publishRetracted(ctx, news.retracted);
  await publishNotifications(ctx, news.told);
}

