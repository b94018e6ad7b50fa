import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { idleCutoff } from '../auth/sessions.repository';
import { columnValues } from '../db/column-values';

type Executor = Kysely<Database> | Transaction<Database>;

export interface VapidKeyRow {
  public_key: string;
  private_key: string;
}

/** What sending to one browser needs (RFC 8291 keys and the push service's address). */
export interface PushSubscriptionRow {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** A rider's device as the outbox's push sender reads it: which one (for push_sent), and how to reach it. */
export interface UserSubscriptionRow extends PushSubscriptionRow {
  id: string;
}

/** The one row of vapid_keys. */
const VAPID_ROW_ID = 'current';

export const pushRepository = {
  findVapidKeys(db: Executor): Promise<VapidKeyRow | undefined> {
    return db.selectFrom('vapid_keys').select(['public_key', 'private_key']).where('id', '=', VAPID_ROW_ID).executeTakeFirst();
  },

  /** Stores a key pair unless one is there already (another process's, made at the same moment). */
  async insertVapidKeysIfAbsent(db: Executor, keys: { publicKey: string; privateKey: string; createdAt: string }): Promise<void> {
    await db
      .insertInto('vapid_keys')
      .values({ id: VAPID_ROW_ID, public_key: keys.publicKey, private_key: keys.privateKey, created_at: keys.createdAt })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  },

  /**
   * The session's subscription becomes this one: an older one of the session goes (a browser has
   * one per site), and an endpoint another session held moves here (the browser signed in again).
   */
  async replaceForSession(db: Executor, row: { id: string; sessionId: string; endpoint: string; p256dh: string; auth: string; createdAt: string }): Promise<void> {
    await db.deleteFrom('push_subscriptions').where('session_id', '=', row.sessionId).where('endpoint', '<>', row.endpoint).execute();
    await db
      .insertInto('push_subscriptions')
      .values({ id: row.id, session_id: row.sessionId, endpoint: row.endpoint, p256dh: row.p256dh, auth: row.auth, created_at: row.createdAt })
      .onConflict((oc) => oc.column('endpoint').doUpdateSet({ session_id: row.sessionId, p256dh: row.p256dh, auth: row.auth, created_at: row.createdAt }))
      .execute();
  },

  async deleteForSession(db: Executor, sessionId: string): Promise<void> {
    await db.deleteFrom('push_subscriptions').where('session_id', '=', sessionId).execute();
  },

  /** The push service said the subscription is gone (404 or 410). */
  async deleteByEndpoint(db: Executor, endpoint: string): Promise<void> {
    await db.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint).execute();
  },

  /** Which of these riders have a device with push on that still counts: the outbox's push audience. */
  async withDevices(db: Executor, userIds: string[], nowIso: string): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    const rows = await db
      .selectFrom('push_subscriptions')
      .innerJoin('sessions', 'sessions.public_id', 'push_subscriptions.session_id')
      .select('sessions.user_id')
      .distinct()
      .where('sessions.user_id', 'in', userIds)
      .where('sessions.expires_at', '>', nowIso)
      .where('sessions.last_seen_at', '>', idleCutoff(nowIso))
      .execute();
    return new Set(rows.map((row) => row.user_id));
  },

  /** The subscriptions of a rider's sessions that still count (not past 90 days nor unused for 30). */
  listForUser(db: Executor, userId: string, nowIso: string): Promise<UserSubscriptionRow[]> {
    return db
      .selectFrom('push_subscriptions')
      .innerJoin('sessions', 'sessions.public_id', 'push_subscriptions.session_id')
      .select(['push_subscriptions.id', 'push_subscriptions.endpoint', 'push_subscriptions.p256dh', 'push_subscriptions.auth'])
      .where('sessions.user_id', '=', userId)
      .where('sessions.expires_at', '>', nowIso)
      .where('sessions.last_seen_at', '>', idleCutoff(nowIso))
      .orderBy('push_subscriptions.created_at')
      .execute();
  },

  /** The devices (subscription ids) a delivery was already sent to, by an earlier attempt. */
  async sentTo(db: Executor, deliveryId: string): Promise<Set<string>> {
    return new Set(await columnValues(db.selectFrom('push_sent').select('subscription_id').where('delivery_id', '=', deliveryId)));
  },

  /**
   * The push service took a delivery for this device: written at once, so a retry of the row (another
   * device failed) skips it. Already there when a worker that outlived its lease sent it too.
   */
  async markSent(db: Executor, deliveryId: string, subscriptionId: string): Promise<void> {
    await db
      .insertInto('push_sent')
      .values({ delivery_id: deliveryId, subscription_id: subscriptionId })
      .onConflict((oc) => oc.columns(['delivery_id', 'subscription_id']).doNothing())
      .execute();
  },

  /** Which of a rider's sessions have push on (the Security card names them). */
  async sessionsWithPush(db: Executor, userId: string): Promise<Set<string>> {
    return new Set(
      await columnValues(
        db
          .selectFrom('push_subscriptions')
          .innerJoin('sessions', 'sessions.public_id', 'push_subscriptions.session_id')
          .select('push_subscriptions.session_id')
          .where('sessions.user_id', '=', userId),
      ),
    );
  },
};
