import type { ExpressionBuilder, Kysely, Transaction, Selectable } from 'kysely';
import type { Database, InvitationsTable } from '../db/schema';
import { toCount } from '../db/database';

export type Executor = Kysely<Database> | Transaction<Database>;
export type InvitationRow = Selectable<InvitationsTable>;

/**
 * An invitation speaks for its inviter, so it works only while the inviter may still invite to the
 * group (invites.policy mayInvite: its owner or a co-organizer). A co-organizer who is removed,
 * leaves or is made a plain member can no longer let anyone in (themselves included) with the
 * links they made before; checked where the invitation is used, so no path and no race escapes it.
 */
function inviterMayStillInvite(eb: ExpressionBuilder<Database, 'invitations'>) {
  return eb.or([
    eb.exists(eb.selectFrom('groups as inviter_group').select('inviter_group.id').whereRef('inviter_group.id', '=', 'invitations.group_id').whereRef('inviter_group.creator_id', '=', 'invitations.inviter_id')),
    eb.exists(
      eb
        .selectFrom('group_members as inviter_membership')
        .select('inviter_membership.user_id')
        .whereRef('inviter_membership.group_id', '=', 'invitations.group_id')
        .whereRef('inviter_membership.user_id', '=', 'invitations.inviter_id')
        .where('inviter_membership.role', '=', 'co_organizer'),
    ),
  ]);
}

/** Unrevoked, unexpired, and its inviter may still invite: an invitation that still speaks for its inviter, used or not. */
function stillValid(nowIso: string) {
  return (eb: ExpressionBuilder<Database, 'invitations'>) => eb.and([eb('invitations.revoked_at', 'is', null), eb('invitations.expires_at', '>', nowIso), inviterMayStillInvite(eb)]);
}

/** Unused, unrevoked, unexpired, and its inviter may still invite: an invitation that still works. */
function isOpen(nowIso: string) {
  return (eb: ExpressionBuilder<Database, 'invitations'>) => eb.and([eb('invitations.used_at', 'is', null), stillValid(nowIso)(eb)]);
}

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
        'inviter.handle as inviter_handle',
        // The inviter's choice; an invitation from before it was stored: the inviter's saved language.
        (eb) => eb.fn.coalesce('invitations.language', 'inviter.language').as('language'),
      ])
      .where('invitations.token_hash', '=', tokenHash)
      .where(isOpen(nowIso))
      .executeTakeFirst();
  },

  /** Uses the invitation with one conditional UPDATE: of two concurrent completions one wins. */
  async markUsed(db: Executor, id: string, userId: string, nowIso: string): Promise<boolean> {
    const result = await db
      .updateTable('invitations')
      .set({ used_at: nowIso, used_by_user_id: userId })
      .where('id', '=', id)
      .where(isOpen(nowIso))
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  },

  /** The invitation a sign-in link was issued for, with its group, whatever its state. */
  findForSignIn(db: Executor, id: string) {
    return db
      .selectFrom('invitations')
      .innerJoin('groups', 'groups.id', 'invitations.group_id')
      .select([
        'invitations.id',
        'invitations.group_id',
        'invitations.used_by_user_id',
        'invitations.revoked_at',
        'groups.name as group_name',
        'groups.slug as group_slug',
        'groups.creator_id',
      ])
      .where('invitations.id', '=', id)
      .executeTakeFirst();
  },

  /**
   * Whether a used invitation still speaks for its inviter (not revoked, not expired, the inviter
   * may still invite): a sign-in link mailed while it was used hands its membership over only then.
   */
  async stillValid(db: Executor, id: string, nowIso: string): Promise<boolean> {
    return (await db.selectFrom('invitations').select('invitations.id').where('invitations.id', '=', id).where(stillValid(nowIso)).executeTakeFirst()) !== undefined;
  },

  async passTo(db: Executor, id: string, userId: string): Promise<void> {
    await db.updateTable('invitations').set({ used_by_user_id: userId }).where('id', '=', id).execute();
  },

  /**
   * Holds the inviter's row until the transaction ends (a no-op update: a row lock on PostgreSQL,
   * the write lock on SQLite), so one rider's invitations are counted and stored one at a time.
   */
  async lockInviter(db: Executor, inviterId: string): Promise<void> {
    await db.updateTable('users').set((eb) => ({ handle: eb.ref('handle') })).where('id', '=', inviterId).execute();
  },

  /** Invitations a rider had mailed since a time (each one with an invitee e-mail was mailed). */
  async countMailedSince(db: Executor, inviterId: string, sinceIso: string): Promise<{ count: number; oldest: string | null }> {
    const row = await db
      .selectFrom('invitations')
      .select((eb) => [eb.fn.countAll<string | number>().as('count'), eb.fn.min('created_at').as('oldest')])
      .where('inviter_id', '=', inviterId)
      .where('created_at', '>', sinceIso)
      .where('invitee_email', 'is not', null)
      .executeTakeFirstOrThrow();
    return { count: toCount(row.count), oldest: row.oldest ?? null };
  },

  /** A group's open invitations (unused, unrevoked, unexpired), newest first. */
  listOpen(db: Executor, groupId: string, nowIso: string) {
    return db
      .selectFrom('invitations')
      .select(['id', 'inviter_first_name', 'invitee_name', 'invitee_email', 'created_at', 'expires_at'])
      .where('group_id', '=', groupId)
      .where(isOpen(nowIso))
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(500)
      .execute();
  },

  /** Revokes an open invitation of the group; false when there is none with that id. */
  async revoke(db: Executor, groupId: string, id: string, nowIso: string): Promise<boolean> {
    const result = await db
      .updateTable('invitations')
      .set({ revoked_at: nowIso })
      .where('id', '=', id)
      .where('group_id', '=', groupId)
      .where(isOpen(nowIso))
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  },
};
