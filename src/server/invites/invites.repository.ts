import type { Kysely, Transaction, Selectable } from 'kysely';
import type { Database, InvitationsTable } from '../db/schema';

type Executor = Kysely<Database> | Transaction<Database>;
export type InvitationRow = Selectable<InvitationsTable>;

export const invitesRepository = {
  async insert(db: Executor, row: InvitationRow): Promise<void> {
    await db.insertInto('invitations').values(row).execute();
  },

  /** A usable invitation (unused, unexpired) with its group and inviter. */
  findUsable(db: Executor, tokenHash: string, nowIso: string) {
    return db
      .selectFrom('invitations')
      .innerJoin('groups', 'groups.id', 'invitations.group_id')
      .innerJoin('users as inviter', 'inviter.id', 'invitations.inviter_id')
      .select([
        'invitations.id',
        'invitations.group_id',
        'invitations.inviter_first_name',
        'invitations.invitee_name',
        'invitations.invitee_email',
        'invitations.expires_at',
        'groups.name as group_name',
        'groups.slug as group_slug',
        'groups.description as group_description',
        'groups.group_image_url',
        'groups.creator_id',
        'inviter.user_id as inviter_handle',
      ])
      .where('invitations.token_hash', '=', tokenHash)
      .where('invitations.used_at', 'is', null)
      .where('invitations.expires_at', '>', nowIso)
      .executeTakeFirst();
  },

  /** Uses the invitation with one conditional UPDATE: of two concurrent completions one wins. */
  async markUsed(db: Executor, id: string, userId: string, nowIso: string): Promise<boolean> {
    const result = await db
      .updateTable('invitations')
      .set({ used_at: nowIso, used_by_user_id: userId })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .where('expires_at', '>', nowIso)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  },
};
