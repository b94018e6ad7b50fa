import type { Kysely, Transaction, Selectable } from 'kysely';
import type { Database, GroupRole, PollsTable } from '../db/schema';
import { everyColumn } from '../db/every-column';

type Executor = Kysely<Database> | Transaction<Database>;

/** Named, not `polls.*`, so PostgreSQL keeps the lists' statement prepared (db/every-column.ts). */
const POLL_COLUMNS = everyColumn<PollsTable>()('polls', [
  'id',
  'group_id',
  'creator_id',
  'title',
  'description',
  'destination',
  'duration_days',
  'deadline',
  'proposed_dates',
  'is_active',
  'created_at',
]);

/** Polls with their counts and the viewer's own response, in one query. */
function selectPolls(db: Executor, viewerId: string) {
  return db
    .selectFrom('polls')
    .innerJoin('groups', 'groups.id', 'polls.group_id')
    .leftJoin('poll_responses as mine', (join) => join.onRef('mine.poll_id', '=', 'polls.id').on('mine.user_id', '=', viewerId))
    .select(POLL_COLUMNS)
    .select(['groups.name as group_name', 'groups.creator_id as group_creator_id', 'mine.response as my_response', 'mine.preferred_dates as my_preferred_dates'])
    // The viewer's role in the group (member or co-organizer), for lists that read no group row.
    .select((eb) => eb.selectFrom('group_members as gm').select('gm.role').whereRef('gm.group_id', '=', 'polls.group_id').where('gm.user_id', '=', viewerId).as('viewer_role'))
    .select((eb) => [
      eb.selectFrom('poll_responses as r').select(eb.fn.countAll().as('n')).whereRef('r.poll_id', '=', 'polls.id').where('r.response', '=', 'yes').as('yes_count'),
      eb.selectFrom('poll_responses as r').select(eb.fn.countAll().as('n')).whereRef('r.poll_id', '=', 'polls.id').where('r.response', '=', 'no').as('no_count'),
    ]);
}

export type PollRow = Selectable<PollsTable> & {
  group_name: string;
  group_creator_id: string;
  viewer_role: GroupRole | null;
  my_response: string | null;
  my_preferred_dates: string | null;
  yes_count: number | string | null;
  no_count: number | string | null;
};

export interface YesVoterRow {
  poll_id: string;
  preferred_dates: string;
  id: string;
  handle: string;
  profile_image_url: string | null;
}

export const pollsRepository = {
  async insert(db: Executor, row: Selectable<PollsTable>): Promise<void> {
    await db.insertInto('polls').values(row).execute();
  },

  findById(db: Executor, id: string, viewerId: string): Promise<PollRow | undefined> {
    return selectPolls(db, viewerId).where('polls.id', '=', id).executeTakeFirst() as Promise<PollRow | undefined>;
  },

  listForGroup(db: Executor, groupId: string, viewerId: string): Promise<PollRow[]> {
    return selectPolls(db, viewerId).where('polls.group_id', '=', groupId).orderBy('polls.created_at', 'desc').execute() as Promise<PollRow[]>;
  },

  /** Open polls of every group the viewer belongs to, soonest deadline first. */
  listActiveForMember(db: Executor, viewerId: string, nowIso: string): Promise<PollRow[]> {
    return selectPolls(db, viewerId)
      .where('polls.is_active', '=', 1)
      .where('polls.deadline', '>', nowIso)
      .where((eb) => eb.exists(eb.selectFrom('group_members as gm').select('gm.user_id').whereRef('gm.group_id', '=', 'polls.group_id').where('gm.user_id', '=', viewerId)))
      .orderBy('polls.deadline')
      .limit(50)
      .execute() as Promise<PollRow[]>;
  },

  /** Ends the vote; closing a closed poll changes nothing. */
  async close(db: Executor, id: string): Promise<void> {
    await db.updateTable('polls').set({ is_active: 0 }).where('id', '=', id).execute();
  },

  /** The yes answers of the polls with who gave them, oldest answer first (the results' "who"). */
  listYesVoters(db: Executor, pollIds: string[]): Promise<YesVoterRow[]> {
    if (pollIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('poll_responses as r')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .select(['r.poll_id', 'r.preferred_dates', 'u.id', 'u.handle', 'u.profile_image_url'])
      .where('r.poll_id', 'in', pollIds)
      .where('r.response', '=', 'yes')
      .orderBy('r.created_at')
      .orderBy('u.id')
      .execute();
  },

  async titleById(db: Executor, id: string): Promise<string | undefined> {
    return (await db.selectFrom('polls').select('title').where('id', '=', id).executeTakeFirst())?.title;
  },

  /**
   * Stores a vote only while the poll is open (active, before its deadline) at the moment of the
   * insert: a poll closed between the caller's check and this write takes no vote. False when none
   * was stored.
   */
  async insertResponseWhileOpen(db: Executor, row: { poll_id: string; user_id: string; response: string; preferred_dates: string; created_at: string }): Promise<boolean> {
    const result = await db
      .insertInto('poll_responses')
      .columns(['poll_id', 'user_id', 'response', 'preferred_dates', 'created_at'])
      .expression(
        db
          .selectFrom('polls')
          .select((eb) => [
            eb.val(row.poll_id).as('poll_id'),
            eb.val(row.user_id).as('user_id'),
            eb.val(row.response).as('response'),
            eb.val(row.preferred_dates).as('preferred_dates'),
            eb.val(row.created_at).as('created_at'),
          ])
          .where('id', '=', row.poll_id)
          .where('is_active', '=', 1)
          .where('deadline', '>', row.created_at),
      )
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  },
};
