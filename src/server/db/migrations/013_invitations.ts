import type { Kysely } from 'kysely';

/**
 * Invitations:
 * - `invitations.revoked_at`: the owner can revoke an open invitation; a revoked link answers like an
 *   invalid one.
 * - `invitations (inviter_id, created_at)`: the daily count of invitation mails per rider.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('invitations').addColumn('revoked_at', 'text').execute();
  await db.schema.createIndex('invitations_inviter_created_idx').on('invitations').columns(['inviter_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('invitations_inviter_created_idx').execute();
  await db.schema.alterTable('invitations').dropColumn('revoked_at').execute();
}
