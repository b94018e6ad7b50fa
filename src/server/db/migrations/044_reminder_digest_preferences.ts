import type { Kysely } from 'kysely';

// Issue 30 points 6 and 7: a rider's reminder times and digest choices (src/shared/users/preferences.ts).
// NULL until the rider chooses: the default is the preference's definition's, not the column's, so it
// is written in one place.
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ['reminder_times', 'organizer_digest', 'new_rides_digest']) {
    await db.schema.alterTable('users').addColumn(column, 'text').execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['new_rides_digest', 'organizer_digest', 'reminder_times']) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }
}
