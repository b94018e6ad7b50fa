import type { Kysely, Transaction, Selectable } from 'kysely';
import type { Database, PollsTable } from '../db/schema';

type Executor = Kysely<Database> | Transaction<Database>;

/** Polls with their counts and the viewer's own response, in one query. */
function selectPolls(db: Executor, viewerId: string) {
  return db
    .selectFrom('polls')
    .innerJoin('groups', 'groups.id', 'polls.group_id')
    .leftJoin('poll_responses as mine', (join) => join.onRef('mine.poll_id', '=', 'polls.id').on('mine.user_id', '=', viewerId))
    .selectAll('polls')
    .select(['groups.name as group_name', 'mine.response as my_response', 'mine.preferred_dates as my_preferred_dates'])
    .select((eb) => [
      eb.selectFrom('poll_responses as r').select(eb.fn.countAll().as('n')).whereRef('r.poll_id', '=', 'polls.id').where('r.response', '=', 'yes').as('yes_count'),
      eb.selectFrom('poll_responses as r').select(eb.fn.countAll().as('n')).whereRef('r.poll_id', '=', 'polls.id').where('r.response', '=', 'no').as('no_count'),
    ]);
}

export type PollRow = Selectable<PollsTable> & {
  group_name: string;
  my_response: string | null;
  my_preferred_dates: string | null;
  yes_count: number | string | null;
  no_count: number | string | null;
};

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

  async insertResponse(db: Executor, row: { poll_id: string; user_id: string; response: string; preferred_dates: string; created_at: string }): Promise<void> {
    await db.insertInto('poll_responses').values(row).execute();
  },
};
