import type { Kysely, Transaction } from 'kysely';
import type { AppContext } from '../context';
import type { Database } from '../db/schema';
import { newId } from '../platform/tokens';
import { toBool } from '../db/database';
import { isKnownZone, instantToLocal, repeatedLocalToInstant } from '../../shared/timezones/zoned-time';
import { readPreferences } from '../../shared/users/preferences';
import { addDays } from '../../shared/series/series-rule';
import type { DigestItem, NotificationType } from '../../shared/notifications/notification-types';
import { deliveriesRepository } from './deliveries.repository';

/*
 * Digests (issue 30 point 7): a rider may take new rides in their groups as a daily (08:00 on their
 * clock) or weekly (Mondays, 08:00) mail, and an organizer join requests and new members as a daily
 * one. Such an item's mail is written to the outbox as usual but held (state 'held', due at the
 * digest's time), so no worker sends it alone; at that time the job `digests` gathers a rider's held
 * items into one digest row (its key names rider, digest and time: once, whatever runs the job) and
 * marks them 'digested', in one transaction.
 */

type Executor = Kysely<Database> | Transaction<Database>;
type DigestType = 'rides_digest' | 'organizer_digest';

export const DIGEST_TIME = '08:00';

/** The digest an item of `type` may go into, and the preference that says whether it does. */
function digestOf(type: NotificationType): { digest: DigestType; preference: 'newRidesDigest' | 'organizerDigest' } | null {
  if (type === 'ride_created') return { digest: 'rides_digest', preference: 'newRidesDigest' };
  if (type === 'membership_request' || type === 'member_joined') return { digest: 'organizer_digest', preference: 'organizerDigest' };
  return null;
}

/** The next digest time after `now` on the rider's clock: 08:00 tomorrow or today, or the next Monday's for weekly. */
export function nextDigestAt(choice: 'daily' | 'weekly', riderZone: string, now: number): string {
  const zone = isKnownZone(riderZone) ? riderZone : 'UTC';
  const today = instantToLocal(now, zone).day;
  for (let ahead = 0; ahead <= 8; ahead++) {
    const day = addDays(today, ahead);
    if (choice === 'weekly' && new Date(`${day}T00:00:00.000Z`).getUTCDay() !== 1) continue;
    const at = repeatedLocalToInstant(day, DIGEST_TIME, zone);
    if (at && Date.parse(at) > now) return at;
  }
  throw new Error('no digest time within 8 days');
}

/**
 * For a mail of `type` to `userIds`: the riders who take it in a digest, each with the time their
 * digest goes. Those not in the map get it alone, at once.
 */
export async function heldForDigest(db: Executor, userIds: string[], type: NotificationType, now: number): Promise<Map<string, string>> {
  const held = new Map<string, string>();
  const of = digestOf(type);
  if (!of || userIds.length === 0) return held;
  for (const row of await deliveriesRepository.digestChoices(db, userIds)) {
    const choice = readPreferences(row)[of.preference];
    if (choice === 'daily' || choice === 'weekly') held.set(row.id, nextDigestAt(choice, row.timezone, now));
  }
  return held;
}

/**
 * Job `digests`: each rider's held items whose time has come become one digest mail. Safe on every
 * server at once: the digest's key is taken by one, and the items are marked in its transaction.
 */
export async function runDigests(ctx: Pick<AppContext, 'db'>, now = Date.now()): Promise<number> {
  let made = 0;
  const due = await deliveriesRepository.heldDue(ctx.db, new Date(now).toISOString());
  const groups = new Map<string, typeof due>();
  for (const row of due) {
    const of = digestOf(row.type as NotificationType);
    if (!of) continue;
    const key = `${row.user_id}|${of.digest}|${row.due_at}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  for (const [key, rows] of groups) {
    const [userId, digest, dueAt] = key.split('|') as [string, DigestType, string];
    // What the rider opened in the app before 08:00 they know: it is left out (point 5), and a
    // digest of nothing but such items is not sent.
    const opened = rows.filter((r) => toBool(r.opened));
    const unseen = rows.filter((r) => !toBool(r.opened));
    const items: DigestItem[] = unseen.map((r) => ({ type: r.type, params: JSON.parse(r.params) as Record<string, unknown>, notificationId: r.notification_id }));
    const wrote = await ctx.db.transaction().execute(async (tx) => {
      await deliveriesRepository.markOpenedSkipped(tx, opened.map((r) => r.id));
      if (items.length === 0) return false;
      const inserted = await deliveriesRepository.insertOnce(tx, {
        id: newId(),
        channel: 'email',
        user_id: userId,
        type: digest,
        params: JSON.stringify({ count: items.length, items }),
        notification_id: null,
        ride_id: null,
        dedupe_key: `email:${userId}:${digest}:${dueAt}`,
        due_at: new Date(now).toISOString(),
        created_at: new Date(now).toISOString(),
      });
      if (inserted) await deliveriesRepository.markDigested(tx, unseen.map((r) => r.id));
      return inserted;
    });
    if (wrote) made++;
  }
  return made;
}
