import { describe, expect, it } from 'vitest';
import type { Mailer, OutgoingMail } from '../platform/mailer';
import { buildSignedInUser } from '../test/test-app';
import { addMember, buildGroup, buildRide } from '../test/factories';
import { useTestApp } from '../test/use-test-app';
import { newId } from '../platform/tokens';
import { runDueDeliveries } from './deliveries.worker';
import { deliverySenders } from './senders';
import { MAILS_PER_DAY } from './email.sender';

// Issue 30 point 5: at most 50 notification mails a day per rider. The 51st within 24 hours is not
// mailed and not kept for later: its row is settled "skipped" (the rider still has it in the app),
// so a busy day does not turn into a flood the next morning. The count is per rider: others on the
// same ride get theirs.

const t = useTestApp();
const HOUR = 3_600_000;

/** `n` mails recorded as sent to `userId`, `hoursAgo` hours ago (the rider's busy day). */
async function alreadyMailed(userId: string, n: number, hoursAgo: number) {
  const at = new Date(Date.now() - hoursAgo * HOUR).toISOString();
  const rows = Array.from({ length: n }, () => {
    const id = newId();
    return { id, channel: 'email', user_id: userId, type: 'ride_created', params: '{"ride":"Earlier"}', dedupe_key: `email:${userId}:earlier:${id}#${id}`, state: 'sent', due_at: at, created_at: at, sent_at: at };
  });
  await t.app.ctx.db.insertInto('deliveries').values(rows).execute();
}

function capturingMailer() {
  const sent: OutgoingMail[] = [];
  const mailer: Mailer = { send: async (mail) => void sent.push(mail) };
  return { sent, mailer };
}

describe('the daily cap', () => {
  it(`does not mail the ${MAILS_PER_DAY + 1}st in 24 hours (settled skipped, not sent later), mails the rest of the riders, and mails again once a day has passed`, async () => {
    expect(MAILS_PER_DAY).toBe(50);
    const owner = await buildSignedInUser(t);
    const group = await buildGroup(owner, { membershipApprovalRequired: false });
    const busy = await buildSignedInUser(t);
    const calm = await buildSignedInUser(t);
    const yesterday = await buildSignedInUser(t);
    for (const rider of [busy, calm, yesterday]) await addMember(owner, rider, group.id);
    await alreadyMailed(busy.user.id, MAILS_PER_DAY, 23);
    await alreadyMailed(calm.user.id, MAILS_PER_DAY - 1, 1);
    await alreadyMailed(yesterday.user.id, MAILS_PER_DAY, 25);

    const ride = await buildRide(owner, group.id);
    const { sent, mailer } = capturingMailer();
    const ctx = { ...t.app.ctx, mailer };
    await runDueDeliveries(ctx, deliverySenders());
    // The calm rider's 50th and the rider whose 50 were yesterday get it; the busy rider's 51st is not sent.
    expect(sent.map((m) => m.to).sort()).toEqual([calm.user.email, yesterday.user.email].sort());
    const state = async (userId: string) =>
      (await t.app.ctx.db.selectFrom('deliveries').select('state').where('ride_id', '=', ride.id).where('user_id', '=', userId).executeTakeFirstOrThrow()).state;
    expect(await state(busy.user.id)).toBe('skipped');
    // Still in the app.
    const list = (await busy.client.get('/api/notifications')).json<Array<{ type: string }>>();
    expect(list.filter((n) => n.type === 'ride_created')).toHaveLength(1);
    // Dropped, not postponed: a later run (the next day) does not send it.
    await runDueDeliveries(ctx, deliverySenders(), { now: () => Date.now() + 25 * HOUR });
    expect(sent.filter((m) => m.to === busy.user.email)).toEqual([]);
    // The calm rider is now at 50: their next one is capped too.
    await buildRide(owner, group.id);
    await runDueDeliveries(ctx, deliverySenders());
    expect(sent.filter((m) => m.to === calm.user.email)).toHaveLength(1);
    expect(sent.filter((m) => m.to === yesterday.user.email)).toHaveLength(2);
  });
});
