import type { Kysely } from 'kysely';

// Issue 31 point 5: a rider's language (src/shared/users/preferences.ts, src/shared/i18n/locales.ts).
// NULL until known: a new account takes its browser's language when it is made, and a rider from
// before this keeps English, the only language there was, until they choose.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('language', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('language').execute();
}
