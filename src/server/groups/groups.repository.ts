import { sql, type Insertable, type Kysely, type Transaction, type Selectable } from 'kysely';
import type { Database, GroupRole, GroupsTable } from '../db/schema';
import type { Engine } from '../db/database';
import { nearestInCircle, type Circle, type NearestPage } from '../db/nearest';
import { everyColumn } from '../db/every-column';
import { columnValues } from '../db/column-values';

type Executor = Kysely<Database> | Transaction<Database>;

export type GroupRow = Selectable<GroupsTable> & {
  creator_handle: string;
  creator_image: string | null;
  upcoming_rides: number | string | null;
  is_active: number | string | null;
  viewer_is_member: number | string | null;
  viewer_is_pending: number | string | null;
  /** 1 when the viewer was removed and may not rejoin (group_bans), else 0. */
  viewer_is_banned: number | string | null;
};

/**
 * Whether `groups` is active (GUIDE section 10): an upcoming ride, or a ride, poll or new member
 * since the given time. Only whether there is any: each EXISTS stops at the first hit of its
 * covering index, and the recent ones are not looked for once an upcoming ride is found.
 */
function isActive(nowIso: string, sinceIso: string) {
  return sql<boolean>`(exists (select 1 from rides r where r.group_id = groups.id and r.end_date > ${nowIso} and r.status != 'cancelled')
    or exists (select 1 from rides r2 where r2.group_id = groups.id and r2.created_at >= ${sinceIso})
    or exists (select 1 from polls p where p.group_id = groups.id and p.created_at >= ${sinceIso})
    or exists (select 1 from group_members m where m.group_id = groups.id and m.joined_at >= ${sinceIso}))`;
}

/** Named, not `groups.*`, so PostgreSQL keeps the lists' statement prepared (db/every-column.ts). */
const GROUP_COLUMNS = everyColumn<GroupsTable>()('groups', [
  'id',
  'name',
  'slug',
  'description',
  'location',
  'latitude',
  'longitude',
  'radius_km',
  'membership_approval_required',
  'timezone_offset',
  'timezone_name',
  'timezone',
  'group_image_url',
  'creator_id',
  'created_at',
  'name_key',
  'member_count',
  'ride_count',
]);

/**
 * Groups with their counts and the viewer's membership, in one query: every list of groups is
 * served without a query per group. Members and rides are counted on the group row (migration
 * 029); upcoming rides and recent activity depend on the clock and are counted here. `since`
 * bounds "recent" activity (30 days).
 */
function selectGroups(db: Executor, viewerId: string | null, nowIso: string, sinceIso: string) {
  return db
    .selectFrom('groups')
    .innerJoin('users as creator', 'creator.id', 'groups.creator_id')
    .select(GROUP_COLUMNS)
    .select(['creator.handle as creator_handle', 'creator.profile_image_url as creator_image'])
    .select((eb) => [
      eb
        .selectFrom('rides as r')
        .select(eb.fn.countAll().as('n'))
        .whereRef('r.group_id', '=', 'groups.id')
        // Upcoming: not yet ended (a multi-day ride under way still counts).
        .where('r.end_date', '>', nowIso)
        .where('r.status', '!=', 'cancelled')
        .as('upcoming_rides'),
      sql<number>`case when ${isActive(nowIso, sinceIso)} then 1 else 0 end`.as('is_active'),
      ...viewerMembershipColumns('groups.id', viewerId),
    ]);
}

/**
 * The viewer's standing in the group a row belongs to (read with `membershipStatusOf`):
 * `viewer_is_member` is 0 (not a member), 1 (a member) or 2 (a co-organizer, who is a member too),
 * `viewer_is_pending` 0 or 1 (asked to join), `viewer_is_banned` 0 or 1 (removed and kept from
 * rejoining, group_bans: no Join is offered, on the group or its rides). Groups and rides select them with the row, so a list
 * needs no second query for what the viewer may do. Written as uncorrelated INs: the database reads
 * the viewer's few memberships and requests once per query and looks each row's group up in them,
 * where a count per row probed the tables again for every row (slower on PostgreSQL:
 * docs/decisions/2026-11-24-ride-cards.md).
 */
export function viewerMembershipColumns(groupIdColumn: 'groups.id' | 'rides.group_id', viewerId: string | null) {
  const viewer = viewerId ?? '';
  const groupId = sql.ref<string>(groupIdColumn);
  return [
    sql<number>`case when ${groupId} in (select vc.group_id from group_members vc where vc.user_id = ${viewer} and vc.role = 'co_organizer') then 2
      when ${groupId} in (select vm.group_id from group_members vm where vm.user_id = ${viewer}) then 1 else 0 end`.as('viewer_is_member'),
    sql<number>`case when ${groupId} in (select vr.group_id from membership_requests vr where vr.user_id = ${viewer}) then 1 else 0 end`.as('viewer_is_pending'),
    sql<number>`case when ${groupId} in (select vb.group_id from group_bans vb where vb.user_id = ${viewer}) then 1 else 0 end`.as('viewer_is_banned'),
  ] as const;
}

/** A rider's standing in a group, read under the lock of a decision (groupsRepository.lockStanding). */
export interface GroupStanding {
  creator_id: string;
  membership_approval_required: number;
  viewer_is_member: number;
  viewer_is_pending: number;
  /** 1 while an organizer keeps the rider from rejoining (group_bans). */
  viewer_is_banned: number;
}

export interface GroupQueryWindow {
  viewerId: string | null;
  nowIso: string;
  sinceIso: string;
}

/** What the member and request lists read of a rider (groups.presenter presentGroupPerson), and whether their profile may be shown. */
const GROUP_PERSON_COLUMNS = ['users.handle', 'users.profile_image_url', 'users.location', 'users.profile_visibility'] as const;

export const groupsRepository = {
  findById(db: Executor, id: string, w: GroupQueryWindow): Promise<GroupRow | undefined> {
    return selectGroups(db, w.viewerId, w.nowIso, w.sinceIso).where('groups.id', '=', id).executeTakeFirst() as Promise<GroupRow | undefined>;
  },

  async exists(db: Executor, id: string): Promise<boolean> {
    return (await db.selectFrom('groups').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
  },

  findBySlug(db: Executor, slug: string, w: GroupQueryWindow): Promise<GroupRow | undefined> {
    return selectGroups(db, w.viewerId, w.nowIso, w.sinceIso).where('groups.slug', '=', slug).executeTakeFirst() as Promise<GroupRow | undefined>;
  },

  /** The viewer's groups: those they belong to and those they asked to join. */
  listForUser(db: Executor, userId: string, w: GroupQueryWindow): Promise<GroupRow[]> {
    // Start from the rider's memberships and requests (indexed by user), not from every group.
    return selectGroups(db, w.viewerId, w.nowIso, w.sinceIso)
      .where('groups.id', 'in', (eb) =>
        eb
          .selectFrom('group_members as m')
          .select('m.group_id')
          .where('m.user_id', '=', userId)
          .union(eb.selectFrom('membership_requests as q').select('q.group_id').where('q.user_id', '=', userId)),
      )
      .orderBy('groups.name')
      .execute() as Promise<GroupRow[]>;
  },

  /** How many of the rider's groups (owned or joined) are active: the dashboard's second card. */
  async countActiveForMember(db: Executor, userId: string, w: GroupQueryWindow): Promise<number> {
    const row = await db
      .selectFrom('groups')
      .select((eb) => eb.fn.countAll().as('n'))
      // The owner holds a membership row too.
      .where('groups.id', 'in', (eb) => eb.selectFrom('group_members as m').select('m.group_id').where('m.user_id', '=', userId))
      .where(isActive(w.nowIso, w.sinceIso))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /**
   * `nameKey` is the term as groups.name_key holds names (groupNameKey): SQLite's lower() and LIKE
   * fold only A-Z, so "мотоклуб" never met "Мотоклуб", and "dell’Adige" (a phone's apostrophe)
   * never met "dell'Adige". The key folds case in every script and reads punctuation as a space,
   * on both engines. The term as typed also matches places and descriptions in their own case, and
   * `placeNames` (the town the term names, in other languages) match places.
   */
  search(db: Executor, term: string, nameKey: string, placeNames: readonly string[], w: GroupQueryWindow, limit = 50): Promise<GroupRow[]> {
    const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const pattern = like(term.toLowerCase());
    const asTyped = like(term);
    return selectGroups(db, w.viewerId, w.nowIso, w.sinceIso)
      .where((eb) =>
        eb.or([
          eb(sql`lower(groups.name)`, 'like', sql`${pattern} escape '\\'`),
          ...(nameKey ? [eb(sql`groups.name_key`, 'like', sql`${like(nameKey)} escape '\\'`)] : []),
          eb(sql`lower(coalesce(groups.description, ''))`, 'like', sql`${pattern} escape '\\'`),
          eb(sql`coalesce(groups.description, '')`, 'like', sql`${asTyped} escape '\\'`),
          eb(sql`lower(groups.location)`, 'like', sql`${pattern} escape '\\'`),
          eb(sql`groups.location`, 'like', sql`${asTyped} escape '\\'`),
          // The town the term names, as other languages write it ("Florence": "Firenze").
          ...placeNames.map((name) => eb(sql`groups.location`, 'like', sql`${like(name)} escape '\\'`)),
        ]),
      )
      .orderBy('groups.name')
      .limit(limit)
      .execute() as Promise<GroupRow[]>;
  },

  /** The finder's indexed prefilter for groups, as ridesRepository.nearestUpcomingInBox. */
  /** The group finder: a page of the groups within the circle, nearest its centre first, with their distance and how many there are. */
  nearest(db: Executor, circle: Circle, page: NearestPage, candidates: number, w: GroupQueryWindow): Promise<Array<GroupRow & { distance_km: number; total: number }>> {
    const near = nearestInCircle(db, db.selectFrom('groups'), { id: 'groups.id', lat: 'groups.latitude', lon: 'groups.longitude' }, circle, page, candidates);
    return selectGroups(db, w.viewerId, w.nowIso, w.sinceIso)
      .innerJoin(near.as('near'), 'near.id', 'groups.id')
      .select(['near.distance_km', 'near.total'])
      .orderBy('near.distance_km')
      .orderBy('groups.id')
      .execute() as Promise<Array<GroupRow & { distance_km: number; total: number }>>;
  },

  async insert(db: Executor, row: Insertable<GroupsTable>): Promise<void> {
    await db.insertInto('groups').values(row).execute();
  },

  async update(
    db: Executor,
    id: string,
    fields: Partial<Pick<GroupsTable, 'name' | 'name_key' | 'slug' | 'description' | 'location' | 'latitude' | 'longitude' | 'membership_approval_required' | 'timezone_offset' | 'timezone_name' | 'timezone' | 'group_image_url'>>,
  ): Promise<void> {
    if (Object.keys(fields).length === 0) return;
    await db.updateTable('groups').set(fields).where('id', '=', id).execute();
  },

  /** Deletes the group; memberships, requests, rides, polls and invitations go with it (foreign keys cascade). */
  async delete(db: Executor, id: string): Promise<void> {
    await db.deleteFrom('groups').where('id', '=', id).execute();
  },

  /**
   * Whether `slug` addresses another group: as its slug now, or as one it had before a rename (so a
   * new group does not take over an old link while a group still answers to it).
   */
  async slugTaken(db: Executor, slug: string, exceptGroupId: string): Promise<boolean> {
    const current = db.selectFrom('groups').select('id').where('slug', '=', slug).where('id', '!=', exceptGroupId);
    const previous = db.selectFrom('group_slug_history').select('group_id as id').where('slug', '=', slug).where('group_id', '!=', exceptGroupId);
    return (await current.union(previous).executeTakeFirst()) !== undefined;
  },

  async nameKeyTaken(db: Executor, nameKey: string, exceptGroupId: string): Promise<boolean> {
    return (await db.selectFrom('groups').select('id').where('name_key', '=', nameKey).where('id', '!=', exceptGroupId).executeTakeFirst()) !== undefined;
  },

  async idByNameKey(db: Executor, nameKey: string): Promise<string | undefined> {
    return (await db.selectFrom('groups').select('id').where('name_key', '=', nameKey).executeTakeFirst())?.id;
  },

  async idBySlug(db: Executor, slug: string): Promise<string | undefined> {
    return (await db.selectFrom('groups').select('id').where('slug', '=', slug).executeTakeFirst())?.id;
  },

  /** The group that had `slug` before a rename. */
  async idByPreviousSlug(db: Executor, slug: string): Promise<string | undefined> {
    return (await db.selectFrom('group_slug_history').select('group_id').where('slug', '=', slug).executeTakeFirst())?.group_id;
  },

  /** The group leaves `slug` behind; a slug left by several groups in turn leads to the last. */
  async rememberSlug(db: Executor, groupId: string, slug: string, nowIso: string): Promise<void> {
    await db
      .insertInto('group_slug_history')
      .values({ slug, group_id: groupId, replaced_at: nowIso })
      .onConflict((oc) => oc.column('slug').doUpdateSet({ group_id: groupId, replaced_at: nowIso }))
      .execute();
  },

  async addMember(db: Executor, groupId: string, userId: string, nowIso: string): Promise<void> {
    await db.insertInto('group_members').values({ group_id: groupId, user_id: userId, joined_at: nowIso }).execute();
  },

  /** The rider's role in the group, or undefined when they are not a member. */
  async memberRole(db: Executor, groupId: string, userId: string): Promise<GroupRole | undefined> {
    return (await db.selectFrom('group_members').select('role').where('group_id', '=', groupId).where('user_id', '=', userId).executeTakeFirst())?.role;
  },

  async setRole(db: Executor, groupId: string, userId: string, role: GroupRole): Promise<boolean> {
    const result = await db.updateTable('group_members').set({ role }).where('group_id', '=', groupId).where('user_id', '=', userId).executeTakeFirst();
    return result.numUpdatedRows === 1n;
  },

  /**
   * Makes `newOwnerId` the owner, only while `formerOwnerId` still is (two hand-overs at once: one
   * wins). The caller sets the two riders' roles in the same transaction.
   */
  async setOwner(db: Executor, groupId: string, formerOwnerId: string, newOwnerId: string): Promise<boolean> {
    const result = await db.updateTable('groups').set({ creator_id: newOwnerId }).where('id', '=', groupId).where('creator_id', '=', formerOwnerId).executeTakeFirst();
    return result.numUpdatedRows === 1n;
  },

  async ownerId(db: Executor, groupId: string): Promise<string | undefined> {
    return (await db.selectFrom('groups').select('creator_id').where('id', '=', groupId).executeTakeFirst())?.creator_id;
  },

  /** Whether the rider owns or co-organises any group (the Organizing rows of the Notifications card). */
  async organizesAny(db: Executor, userId: string): Promise<boolean> {
    const row = await db
      .selectFrom('group_members')
      .innerJoin('groups', 'groups.id', 'group_members.group_id')
      .select('group_members.group_id')
      .where('group_members.user_id', '=', userId)
      .where((eb) => eb.or([eb('group_members.role', '=', 'co_organizer'), eb('groups.creator_id', '=', userId)]))
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  },

  /** The owner and co-organizers: who is told of membership requests. */
  organizerIds(db: Executor, groupId: string): Promise<string[]> {
    return columnValues(
      db
        .selectFrom('group_members')
        .innerJoin('groups', 'groups.id', 'group_members.group_id')
        .select('group_members.user_id')
        .where('group_members.group_id', '=', groupId)
        .where((eb) => eb.or([eb('group_members.role', '=', 'co_organizer'), eb('group_members.user_id', '=', eb.ref('groups.creator_id'))])),
    );
  },

  /**
   * PostgreSQL: holds the group's row until the transaction ends. A write that changes a group's
   * counts (migration 029) locks its row last, after the membership or ride it removes; a rename
   * or a deletion of the group locks the group first and its rides or members after. Two such
   * statements at once could each wait for the other (a deadlock, which PostgreSQL ends by failing
   * one), so removals take the group first, in the same order. SQLite runs one writer at a time.
   */
  async lockRow(tx: Transaction<Database>, engine: Engine, groupId: string): Promise<void> {
    if (engine === 'postgres') await sql`select id from groups where id = ${groupId} for update`.execute(tx);
  },

  /**
   * Locks what a membership decision stands on, then reads the rider's standing in the group
   * (membershipStatusOf reads it) and whether it asks for approval; undefined when the group is
   * gone. Seats, places, comments, votes, uploads and joins decide from this, inside their
   * transaction, never from a read taken before it: a removal in between would be missed.
   * PostgreSQL: the group's row, which a removal takes first (lockRow), so the removal waits for
   * the decision or the decision sees the removal. `update` (FOR NO KEY UPDATE) when the
   * transaction may add a member (the count trigger then updates the row; two riders holding it
   * shared could not both upgrade), `share` otherwise, so comments and votes do not wait for each
   * other. Neither blocks the KEY SHARE a foreign key check takes: a seat freed under the ride's
   * lock checks the ride's group that way (the card trigger updates the ride a second time), and
   * waiting for it there while we wait for the ride would deadlock.
   * SQLite: an UPDATE that matches no row, as the transaction's first statement, takes the
   * database's write lock (a transaction that read first could not write after another process
   * had), without firing a trigger.
   */
  async lockStanding(tx: Transaction<Database>, engine: Engine, groupId: string, userId: string, mode: 'update' | 'share'): Promise<GroupStanding | undefined> {
    if (engine === 'postgres') await sql`select id from groups where id = ${groupId} for ${sql.raw(mode === 'update' ? 'no key update' : 'share')}`.execute(tx);
    else await tx.updateTable('groups').set((eb) => ({ id: eb.ref('id') })).where(sql<boolean>`0`).execute();
    return tx
      .selectFrom('groups')
      .select(['creator_id', 'membership_approval_required', ...viewerMembershipColumns('groups.id', userId)])
      .where('groups.id', '=', groupId)
      .executeTakeFirst();
  },

  async removeMember(db: Executor, engine: Engine, groupId: string, userId: string): Promise<boolean> {
    const remove = async (tx: Transaction<Database>) => {
      await groupsRepository.lockRow(tx, engine, groupId);
      return (await tx.deleteFrom('group_members').where('group_id', '=', groupId).where('user_id', '=', userId).executeTakeFirst()).numDeletedRows === 1n;
    };
    return db.isTransaction ? remove(db as Transaction<Database>) : db.transaction().execute(remove);
  },

  /** Whether the rider is a member: whether they have a role in the group. */
  async isMember(db: Executor, groupId: string, userId: string): Promise<boolean> {
    return (await groupsRepository.memberRole(db, groupId, userId)) !== undefined;
  },

  listMembers(db: Executor, groupId: string) {
    return db
      .selectFrom('group_members')
      .innerJoin('users', 'users.id', 'group_members.user_id')
      .select(['users.id', ...GROUP_PERSON_COLUMNS, 'group_members.joined_at', 'group_members.role'])
      .where('group_members.group_id', '=', groupId)
      .orderBy('group_members.joined_at')
      .execute();
  },

  memberIds(db: Executor, groupId: string): Promise<string[]> {
    return columnValues(db.selectFrom('group_members').select('user_id').where('group_id', '=', groupId));
  },

  async insertRequest(db: Executor, row: { id: string; group_id: string; user_id: string; requested_at: string }): Promise<void> {
    await db.insertInto('membership_requests').values(row).execute();
  },

  findRequest(db: Executor, groupId: string, requestId: string) {
    return db.selectFrom('membership_requests').selectAll().where('id', '=', requestId).where('group_id', '=', groupId).executeTakeFirst();
  },

  async deleteRequest(db: Executor, requestId: string): Promise<boolean> {
    const result = await db.deleteFrom('membership_requests').where('id', '=', requestId).executeTakeFirst();
    return result.numDeletedRows === 1n;
  },

  async deleteRequestFor(db: Executor, groupId: string, userId: string): Promise<void> {
    await db.deleteFrom('membership_requests').where('group_id', '=', groupId).where('user_id', '=', userId).execute();
  },

  listRequests(db: Executor, groupId: string) {
    return db
      .selectFrom('membership_requests')
      .innerJoin('users', 'users.id', 'membership_requests.user_id')
      .select(['membership_requests.id', 'membership_requests.requested_at', 'users.id as user_pk', ...GROUP_PERSON_COLUMNS])
      .where('membership_requests.group_id', '=', groupId)
      .orderBy('membership_requests.requested_at')
      .execute();
  },

  /**
   * Keeps the rider from rejoining the group until an organizer lifts it. A second ban of the same
   * rider keeps the first (who banned them and when).
   */
  async ban(db: Executor, row: { group_id: string; user_id: string; banned_by: string; banned_at: string }): Promise<void> {
    await db.insertInto('group_bans').values(row).onConflict((oc) => oc.columns(['group_id', 'user_id']).doNothing()).execute();
  },

  /** Lifts the ban; false when the rider was not banned. */
  async unban(db: Executor, groupId: string, userId: string): Promise<boolean> {
    const result = await db.deleteFrom('group_bans').where('group_id', '=', groupId).where('user_id', '=', userId).executeTakeFirst();
    return result.numDeletedRows === 1n;
  },

  /** Whether the rider is kept from rejoining the group; read inside the join's transaction. */
  async isBanned(db: Executor, groupId: string, userId: string): Promise<boolean> {
    return (await db.selectFrom('group_bans').select('user_id').where('group_id', '=', groupId).where('user_id', '=', userId).executeTakeFirst()) !== undefined;
  },

  /** The riders kept from rejoining, the latest ban first. */
  listBans(db: Executor, groupId: string) {
    return db
      .selectFrom('group_bans')
      .innerJoin('users', 'users.id', 'group_bans.user_id')
      .select(['users.id', 'users.handle', 'users.profile_image_url', 'group_bans.banned_at'])
      .where('group_bans.group_id', '=', groupId)
      .orderBy('group_bans.banned_at', 'desc')
      .orderBy('users.id')
      .execute();
  },

  pendingGroupIds(db: Executor, userId: string): Promise<string[]> {
    return columnValues(db.selectFrom('membership_requests').select('group_id').where('user_id', '=', userId));
  },
};
