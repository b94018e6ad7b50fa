import type { Kysely } from 'kysely';

/**
 * Sign-in links are bound to the browser that asked for them (docs/behaviour/auth.md "Identity and
 * sessions"): `browser_nonce_hash` is the SHA-256 of the random nonce in that browser's
 * `rc_link_nonce` cookie (null: bound to no browser, so opening it always asks for confirmation).
 * `counts_toward_ip_limit` lets a link sent on someone else's behalf (an invitation) stay out of the
 * per-IP count; `invitation_id` names that invitation (a sign-in link that carries one also completes it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('magic_links').addColumn('browser_nonce_hash', 'text').execute();
  await db.schema.alterTable('magic_links').addColumn('invitation_id', 'text').execute();
  await db.schema.alterTable('magic_links').addColumn('counts_toward_ip_limit', 'integer', (c) => c.notNull().defaultTo(1)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('magic_links').dropColumn('counts_toward_ip_limit').execute();
  await db.schema.alterTable('magic_links').dropColumn('invitation_id').execute();
  await db.schema.alterTable('magic_links').dropColumn('browser_nonce_hash').execute();
}
