import type { Kysely } from 'kysely';

/**
 * How much of the start and end of a rider's GPX files others never see ('none', '200m', '500m',
 * '1km'); riders who never chose get the default, 500 m.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('gpx_privacy_zone', 'text', (c) => c.notNull().defaultTo('500m'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('gpx_privacy_zone').execute();
}
