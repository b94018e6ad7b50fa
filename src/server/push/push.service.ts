import webpush, { WebPushError } from 'web-push';
import type { Kysely } from 'kysely';
import type { AppContext } from '../context';
import type { Database } from '../db/schema';
import { nowIso } from '../db/database';
import { newId } from '../platform/tokens';
import type { Notification } from '../../shared/notifications/notification';
import { notificationHref } from '../../shared/notifications/notification-href';
import { type PushKey, type PushMessage, type PushSubscriptionBody } from '../../shared/push/push';
import { HttpError } from '../platform/errors';
import { pushRepository, type PushSubscriptionRow, type VapidKeyRow } from './push.repository';
import type { PushDeliveryOptions } from './push-options';

type PushContext = Pick<AppContext, 'db' | 'config' | 'log' | 'pushAgent'>;

/** Each database's key pair, read once per process (it never changes once made). */
const keysByDatabase = new WeakMap<Kysely<Database>, Promise<VapidKeyRow>>();

/**
 * The VAPID key pair every server signs with: made by the first process that finds none, stored
 * unless another got there first, then read back, so two servers starting at once end with the
 * one pair the database kept (buildApp calls this at start).
 */
export function vapidKeys(db: Kysely<Database>): Promise<VapidKeyRow> {
  let keys = keysByDatabase.get(db);
  if (!keys) {
    keys = loadOrMakeVapidKeys(db);
    keysByDatabase.set(db, keys);
    // A failed read (the database away at start) is asked again next time.
    keys.catch(() => keysByDatabase.delete(db));
  }
  return keys;
}

export async function loadOrMakeVapidKeys(db: Kysely<Database>): Promise<VapidKeyRow> {
  const stored = await pushRepository.findVapidKeys(db);
  if (stored) return stored;
  const made = webpush.generateVAPIDKeys();
  await pushRepository.insertVapidKeysIfAbsent(db, { ...made, createdAt: nowIso() });
  const kept = await pushRepository.findVapidKeys(db);
  if (!kept) throw new Error('VAPID keys were stored but cannot be read');
  return kept;
}

/** GET /api/push/key */
export async function pushKey(ctx: Pick<AppContext, 'db'>): Promise<PushKey> {
  return { publicKey: (await vapidKeys(ctx.db)).public_key };
}

/** PUT /api/push/subscription: this browser's subscription, kept with its session. */
export async function subscribe(ctx: Pick<AppContext, 'db' | 'config'>, sessionId: string, body: PushSubscriptionBody): Promise<void> {
  const host = new URL(body.endpoint).hostname.toLowerCase();
  if (!ctx.config.pushServiceHosts.some((known) => host === known || host.endsWith(`.${known}`))) {
    throw new HttpError(400, 'unknown_push_service', undefined, { field: 'endpoint' });
  }
  await ctx.db.transaction().execute((tx) =>
    pushRepository.replaceForSession(tx, { id: newId(), sessionId, endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth, createdAt: nowIso() }),
  );
}

/** DELETE /api/push/subscription: this browser hears nothing more by push. */
export async function unsubscribe(ctx: Pick<AppContext, 'db'>, sessionId: string): Promise<void> {
  await pushRepository.deleteForSession(ctx.db, sessionId);
}

/** What became of one push: the push service took it, or the subscription is gone (and was removed). */
export type PushOutcome = 'sent' | 'gone';

/**
 * Sends one push to one browser (the outbox's push sender): the payload encrypted to the
 * browser's keys (RFC 8291, aes128gcm) and signed with the VAPID key. A 404 or 410 means the
 * browser dropped the subscription: it is removed and the outcome is 'gone'. Anything else a push
 * service or the network answers is thrown, for the caller to retry.
 */
export async function sendPush(ctx: PushContext, subscription: PushSubscriptionRow, payload: PushMessage, options: PushDeliveryOptions): Promise<PushOutcome> {
  const keys = await vapidKeys(ctx.db);
  try {
    await webpush.sendNotification({ endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } }, JSON.stringify(payload), {
      vapidDetails: { subject: ctx.config.vapidSubject, publicKey: keys.public_key, privateKey: keys.private_key },
      TTL: options.ttlSeconds,
      urgency: options.urgency,
      contentEncoding: 'aes128gcm',
      timeout: PUSH_TIMEOUT_MS,
      ...(ctx.pushAgent && { agent: ctx.pushAgent }),
    });
    return 'sent';
  } catch (error) {
    if (error instanceof WebPushError && (error.statusCode === 404 || error.statusCode === 410)) {
      await pushRepository.deleteByEndpoint(ctx.db, subscription.endpoint);
      return 'gone';
    }
    throw error;
  }
}

/** A push service that has not answered in this long is given up on (the caller may retry). */
const PUSH_TIMEOUT_MS = 10_000;

/** The push of an in-app notification: its words, and the page a tap opens (the list's link, or the home page, where the bell is). */
export function pushMessageOf(notification: Notification): PushMessage {
  return { title: notification.title, body: notification.message, url: notificationHref(notification) ?? '/', tag: notification.id };
}

