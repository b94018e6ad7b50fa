import type { Kysely } from 'kysely';

/**
 * Invitations (issue 13):
 * - `invitations.revoked_at`: the owner can revoke an open invitation; a revoked link answers like an
 *   invalid one.
 * - `invitations (inviter_id, created_at)`: the daily count of invitation mails per rider.
 * - `magic_links.invitation_id`: a link issued while completing an invitation. Following a sign-in
 *   link that carries one makes the signed-in account a member of the invitation's group; such links
 *   are not counted against the per-IP limit. Migration 011 (sign-in link binding) adds the same
 *   column, so it is added here only when it is not there yet.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('invitations').addColumn('revoked_at', 'text').execute();
  await db.schema.createIndex('invitations_inviter_created_idx').on('invitations').columns(['inviter_id', 'created_at']).execute();
  const tables = await db.introspection.getTables();
  const magicLinks = tables.find((table) => table.name === 'magic_links');
  if (!magicLinks?.columns.some((column) => column.name === 'invitation_id')) {
    await db.schema.alterTable('magic_links').addColumn('invitation_id', 'text').execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // magic_links.invitation_id stays: migration 011 may own it.
  await db.schema.dropIndex('invitations_inviter_created_idx').execute();
  await db.schema.alterTable('invitations').dropColumn('revoked_at').execute();
}
