import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database, DeliveriesTable, UsersTable } from '../db/schema';
import type { Engine } from '../db/database';
import { COALESCED_TYPE_NAMES } from './coalesced-types';

type Executor = Kysely<Database> | Transaction<Database>;
export type DeliveryRow = Selectable<DeliveriesTable>;
export type NewDeliveryRow = Pick<DeliveryRow, 'id' | 'channel' | 'user_id' | 'type' | 'params' | 'notification_id' | 'ride_id' | 'dedupe_key' | 'due_at' | 'created_at'> & { state?: 'pending' | 'held' };

export const deliveriesRepository = {
  /**
   * One row per channel, recipient and event: an event enqueued again (a job run twice, by two
   * servers) finds its key taken and adds nothing. With `coalesce`, a row still waiting takes the
   * newer parameters instead (several edits of a ride, one mail with the final state).
   */
  async insert(db: Executor, row: NewDeliveryRow, coalesce = false): Promise<void> {
    await db
      .insertInto('deliveries')
      .values(row)
      .onConflict((oc) => (coalesce ? oc.column('dedupe_key').doUpdateSet((eb) => ({
              params: eb.ref('excluded.params'),
              notification_id: eb.ref('excluded.notification_id'),
              // A change that makes the ride start soon sends what waits at once.
              due_at: sql<string>`case when ${sql.ref('excluded.due_at')} < ${sql.ref('deliveries.due_at')} then ${sql.ref('excluded.due_at')} else ${sql.ref('deliveries.due_at')} end`,
            })) : oc.column('dedupe_key').doNothing()))
      .execute();
    // A waiting row that took newer parameters is a new push: the devices that took the older one
    // before a retry (push_sent) get this one too.
    if (coalesce) await db.deleteFrom('push_sent').where('delivery_id', 'in', (eb) => eb.selectFrom('deliveries').select('id').where('dedupe_key', '=', row.dedupe_key)).execute();
  },

  /**
   * Claims up to `limit` due rows for this worker until `leaseUntil`, in one statement: on
   * PostgreSQL the rows are locked with SKIP LOCKED, so workers on other servers claim others at
   * the same moment; on SQLite the UPDATE itself is atomic (one writer at a time). A row whose
   * lease ended (its worker was killed mid-send) is due again.
   */
  claimDue(db: Executor, engine: Engine, now: string, leaseUntil: string, limit: number, channels: string[]): Promise<DeliveryRow[]> {
    return db
      .updateTable('deliveries')
      .set((eb) => ({ claimed_until: leaseUntil, attempts: eb('attempts', '+', 1) }))
      .where('id', 'in', (eb) => {
        const due = eb
          .selectFrom('deliveries')
          .select('id')
          .where('state', '=', 'pending')
          .where('due_at', '<=', now)
          .where('channel', 'in', channels)
          .where((w) => w.or([w('claimed_until', 'is', null), w('claimed_until', '<=', now)]))
          .orderBy('due_at')
          .limit(limit);
        return engine === 'postgres' ? due.forUpdate().skipLocked() : due;
      })
      .returningAll()
      .execute();
  },

  /**
   * Settles a claimed row, only while this worker's lease holds (`claimed_until` as it set it): a
   * worker that outlived its lease does not overwrite the one that took the row over. Once settled
   * a coalesced type's key (a ride change, a comment) gains the row's id, so it is free for the next one; any other key
   * stays taken, so a job enqueuing the same event again (a reminder, on another server) adds nothing.
   */
  async settle(db: Executor, row: Pick<DeliveryRow, 'id' | 'claimed_until'>, values: { state: 'sent' | 'failed' | 'skipped'; at: string; error?: string | null }): Promise<boolean> {
    const result = await db
      .updateTable('deliveries')
      .set({ state: values.state, sent_at: values.at, claimed_until: null, last_error: values.error ?? null, dedupe_key: sql<string>`case when ${sql.ref('type')} in (${sql.join(COALESCED_TYPE_NAMES)}) then ${sql.ref('dedupe_key')} || '#' || ${sql.ref('id')} else ${sql.ref('dedupe_key')} end` })
      .where('id', '=', row.id)
      .where('claimed_until', '=', row.claimed_until)
      .executeTakeFirst();
    const settled = result.numUpdatedRows === 1n;
    // A settled row is never tried again: the devices its push went to need no remembering.
    if (settled) await db.deleteFrom('push_sent').where('delivery_id', '=', row.id).execute();
    return settled;
  },

  /** A failed attempt to be tried again at `dueAt`; the error is kept for the operator. */
  async retryLater(db: Executor, row: Pick<DeliveryRow, 'id' | 'claimed_until'>, dueAt: string, error: string): Promise<void> {
    await db.updateTable('deliveries').set({ due_at: dueAt, claimed_until: null, last_error: error }).where('id', '=', row.id).where('claimed_until', '=', row.claimed_until).execute();
  },

  /** How many mails (or pushes) went to a rider since `since` (the daily cap). */
  async sentSince(db: Executor, userId: string, channel: string, since: string): Promise<number> {
    const row = await db
      .selectFrom('deliveries')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('user_id', '=', userId)
      .where('channel', '=', channel)
      .where('state', '=', 'sent')
      .where('sent_at', '>=', since)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /** For `npm run deliveries`: the rows not sent (failed, or still being tried), newest first. */
  listForOperator(db: Executor, states: string[], limit: number) {
    return db
      .selectFrom('deliveries')
      .leftJoin('users', 'users.id', 'deliveries.user_id')
      .select(['deliveries.id', 'deliveries.channel', 'deliveries.type', 'deliveries.state', 'deliveries.attempts', 'deliveries.last_error', 'deliveries.due_at', 'deliveries.created_at', 'users.handle'])
      .where('deliveries.state', 'in', states)
      .orderBy('deliveries.created_at', 'desc')
      .limit(limit)
      .execute();
  },

  /** The rider a mail goes to: every column, so a zone column added later is read where it exists (zone-of.ts). */
  mailRecipient(db: Executor, userId: string): Promise<(Selectable<UsersTable> & { timezone?: string | null }) | undefined> {
    return db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  },

  /** A row whose key may already be taken: whether this one was written (a digest, made once whatever runs the job). */
  async insertOnce(db: Executor, row: NewDeliveryRow): Promise<boolean> {
    const result = await db.insertInto('deliveries').values(row).onConflict((oc) => oc.column('dedupe_key').doNothing()).executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
  },
  /** Held items (digests.ts) whose digest time has come, oldest first. */
  /** Held digest items whose time has come, each saying whether its rider has opened it in the app meanwhile. */
  heldDue(db: Executor, now: string): Promise<Array<DeliveryRow & { opened: number | null }>> {
    return db
      .selectFrom('deliveries')
      .leftJoin('notifications', 'notifications.id', 'deliveries.notification_id')
      .selectAll('deliveries')
      .select('notifications.is_read as opened')
      .where('deliveries.state', '=', 'held')
      .where('deliveries.due_at', '<=', now)
      .orderBy('deliveries.created_at')
      .limit(5000)
      .execute();
  },
  /** Held items the rider opened in the app before their digest: never mailed, alone or gathered. */
  async markOpenedSkipped(db: Executor, ids: string[]): Promise<void> {
    if (ids.length > 0) await db.updateTable('deliveries').set({ state: 'skipped' }).where('id', 'in', ids).where('state', '=', 'held').execute();
  },
  /** Items gathered into a digest: never sent alone. */
  async markDigested(db: Executor, ids: string[]): Promise<void> {
    if (ids.length > 0) await db.updateTable('deliveries').set({ state: 'digested' }).where('id', 'in', ids).where('state', '=', 'held').execute();
  },
  /** The digest choices and zones of riders (digests.ts). */
  digestChoices(db: Executor, userIds: string[]) {
    return db.selectFrom('users').select(['id', 'timezone', 'organizer_digest', 'new_rides_digest']).where('id', 'in', userIds).execute();
  },
  find(db: Executor, id: string): Promise<DeliveryRow | undefined> {
    return db.selectFrom('deliveries').selectAll().where('id', '=', id).executeTakeFirst();
  },
};
