import type { Kysely } from 'kysely';

// Issue 30: a push delivery goes to each of the rider's devices; when one device's push service
// fails the row is tried again, and the devices that already took it must not get it twice. One
// row per delivery and device it was sent to, written right after that send; the retry skips them.
// They go when the delivery settles (deliveriesRepository.settle) or, waiting for a retry, takes a
// newer event's parameters (a coalesced comment: a new push for every device), and with the delivery
// or the subscription by the foreign keys.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('push_sent')
    .addColumn('delivery_id', 'text', (c) => c.notNull().references('deliveries.id').onDelete('cascade'))
    .addColumn('subscription_id', 'text', (c) => c.notNull().references('push_subscriptions.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('push_sent_pk', ['delivery_id', 'subscription_id'])
    .execute();
  // A subscription's removal (404/410, sign-out) finds its rows without a scan.
  await db.schema.createIndex('push_sent_subscription_idx').on('push_sent').column('subscription_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('push_sent').execute();
}
