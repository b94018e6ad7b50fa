import type { Kysely } from 'kysely';

/**
 * The waitlist of a full ride, and the decision time of its minimum riders (docs/behaviour/rides.md "Seats
 * that fill themselves"). `queue_number` is the rider's place in the ride's queue: numbered under
 * the ride's row lock (rides.repository lockRide), so it is unique per ride and never reused, and
 * riders who asked in the same millisecond still have an order.
 *
 * None of the new ride columns is shown on a ride card, so the card triggers of migration 009 need
 * not watch them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ride_waitlist')
    .addColumn('ride_id', 'text', (c) => c.notNull().references('rides.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('queue_number', 'integer', (c) => c.notNull())
    .addColumn('joined_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('ride_waitlist_pk', ['ride_id', 'user_id'])
    .addUniqueConstraint('ride_waitlist_queue_unique', ['ride_id', 'queue_number'])
    .execute();
  await db.schema.createIndex('ride_waitlist_user_idx').on('ride_waitlist').column('user_id').execute();

  await db.schema.alterTable('rides').addColumn('min_riders_decision_at', 'text').execute();
  // Set by the one process that claims the decision (and tells the riders); cleared when the time changes.
  await db.schema.alterTable('rides').addColumn('min_riders_checked_at', 'text').execute();
  // The owner chose to keep the ride below its minimum.
  await db.schema.alterTable('rides').addColumn('min_riders_kept_at', 'text').execute();
  await db.schema.createIndex('rides_min_riders_decision_idx').on('rides').column('min_riders_decision_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('rides_min_riders_decision_idx').execute();
  for (const column of ['min_riders_kept_at', 'min_riders_checked_at', 'min_riders_decision_at']) {
    await db.schema.alterTable('rides').dropColumn(column).execute();
  }
  await db.schema.dropTable('ride_waitlist').execute();
}
