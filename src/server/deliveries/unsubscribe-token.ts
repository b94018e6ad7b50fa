import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { nowIso } from '../db/database';
import { isNotificationType, type NotificationType } from '../../shared/notifications/notification-types';

/*
 * The token of a mail's unsubscribe link (RFC 8058): it names the rider and the type, signed with a
 * key every server shares (kept in the database, made by the first server that needs it), so the
 * link works without a session and cannot be made for another rider or type.
 */

const KEY_NAME = 'unsubscribe';

async function signingKey(db: Kysely<Database>): Promise<Buffer> {
  await db
    .insertInto('signing_keys')
    .values({ name: KEY_NAME, secret: crypto.randomBytes(32).toString('base64url'), created_at: nowIso() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('signing_keys').select('secret').where('name', '=', KEY_NAME).executeTakeFirstOrThrow();
  return Buffer.from(row.secret, 'base64url');
}

function mac(key: Buffer, userId: string, type: string): string {
  return crypto.createHmac('sha256', key).update(`${userId}\n${type}`).digest('base64url');
}

/** "{rider id}.{type}.{signature}" */
export async function unsubscribeToken(db: Kysely<Database>, userId: string, type: NotificationType): Promise<string> {
  return `${userId}.${type}.${mac(await signingKey(db), userId, type)}`;
}

/** The rider and type a token names, or null for one not signed by us. */
export async function readUnsubscribeToken(db: Kysely<Database>, token: string): Promise<{ userId: string; type: NotificationType } | null> {
  const match = /^([A-Za-z0-9-]{1,64})\.([a-z_]{1,40})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const [, userId, type, signature] = match as unknown as [string, string, string, string];
  if (!isNotificationType(type)) return null;
  const expected = Buffer.from(mac(await signingKey(db), userId, type));
  const given = Buffer.from(signature);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given) ? { userId, type } : null;
}
