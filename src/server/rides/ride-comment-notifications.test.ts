import { describe, expect, it } from 'vitest';
import type { Mailer, OutgoingMail } from '../platform/mailer';
import { buildSignedInUser } from '../test/test-app';
import { addMember, buildGroup, buildGuest, buildRide, inDays } from '../test/factories';
import { useTestApp } from '../test/use-test-app';
import { runDueDeliveries } from '../deliveries/deliveries.worker';
import { deliverySenders } from '../deliveries/senders';
import { COMMENT_COALESCE_MS } from '../deliveries/outbox.service';

// Issue 30 point 5: a new comment on a ride I ride or organise (ride-day notes live in comments) is
// a notification type: in the app by default, by e-mail only for who switched it on, never to the
// commenter, to guests or to riders no longer in the ride's group; a burst is one mail per rider.

const t = useTestApp({ PUBLIC_URL: 'https://rc.test' });
const MINUTE = 60_000;

type Signed = Awaited<ReturnType<typeof buildSignedInUser>>;

/** An open group's ride `startDate` away: the owner, two riders with seats, a guest with a seat, a member without one, and a seat held by a rider no longer in the group. */
async function rideWithAudience(startDate = inDays(4)) {
  const owner = await buildSignedInUser(t);
  const group = await buildGroup(owner, { membershipApprovalRequired: false });
  const [writer, reader, bystander, former] = [await buildSignedInUser(t), await buildSignedInUser(t), await buildSignedInUser(t), await buildSignedInUser(t)];
  const guest = await buildGuest(t);
  for (const rider of [writer, reader, bystander, guest]) await addMember(owner, rider, group.id);
  const ride = await buildRide(owner, group.id, { startDate, endDate: startDate, maxRiders: 10 });
  for (const rider of [writer, reader, guest]) expect((await rider.client.post(`/api/rides/${ride.id}/join`)).statusCode).toBe(200);
  // A seat kept by a rider who is not (or no longer) a member: removal keeps seats on rides that have started.
  await t.app.ctx.db.insertInto('ride_participants').values({ ride_id: ride.id, user_id: former.user.id, joined_at: new Date().toISOString() }).execute();
  return { owner, group, ride, writer, reader, bystander, former, guest };
}

async function commentsTold(rider: { client: Signed['client'] }) {
  const list = (await rider.client.get('/api/notifications')).json<Array<{ type: string; title: string; message: string }>>();
  return list.filter((n) => n.type === 'ride_comment');
}

/** Sends what is due now (the ride's creation mailed its members) into nowhere, so what follows is the comments'. */
async function drainOutbox() {
  await runDueDeliveries({ ...t.app.ctx, mailer: capturingMailer().mailer }, deliverySenders());
}

function capturingMailer() {
  const sent: OutgoingMail[] = [];
  const mailer: Mailer = { send: async (mail) => void sent.push(mail) };
  return { sent, mailer };
}

describe('a comment on a ride', () => {
  it("tells the ride's riders and owner in the app, not the commenter, a guest, a member without a seat or a rider no longer in the group", async () => {
    const { owner, ride, writer, reader, bystander, former, guest } = await rideWithAudience();
    expect((await writer.client.post(`/api/rides/${ride.id}/comments`, { content: 'Meet at the  fuel station\nat 8:45, not 9' })).statusCode).toBe(201);

    for (const told of [owner, reader]) {
      expect(await commentsTold(told)).toEqual([expect.objectContaining({ title: 'New comment', message: `${writer.user.userId} on ${ride.name}: Meet at the fuel station at 8:45, not 9` })]);
    }
    for (const untold of [writer, bystander, former, guest]) expect(await commentsTold(untold)).toEqual([]);
    // E-mail is off by default, and nobody has a device for push: nothing waits in the outbox.
    expect(await t.app.ctx.db.selectFrom('deliveries').select('id').where('ride_id', '=', ride.id).where('type', '=', 'ride_comment').execute()).toEqual([]);
  });

  it('mails a rider who switched it on once for a burst, with the last comment, after the wait', async () => {
    const { owner, ride, writer, reader } = await rideWithAudience();
    await drainOutbox();
    expect((await reader.client.patch('/api/users/current/notification-settings', { type: 'ride_comment', channel: 'email', enabled: true })).statusCode).toBe(200);
    const start = Date.now();
    for (const content of ['Rain expected', 'Bring a layer', 'Coffee stop moved to Ceres']) {
      expect((await writer.client.post(`/api/rides/${ride.id}/comments`, { content })).statusCode).toBe(201);
    }
    // The owner's comment in the same burst reaches the reader too; the owner is not mailed (not switched on).
    expect((await owner.client.post(`/api/rides/${ride.id}/comments`, { content: 'Start at 9 sharp' })).statusCode).toBe(201);
    const { sent, mailer } = capturingMailer();
    const ctx = { ...t.app.ctx, mailer };
    // Still inside the wait: nothing goes.
    await runDueDeliveries(ctx, deliverySenders(), { now: () => start + COMMENT_COALESCE_MS - MINUTE });
    expect(sent).toEqual([]);
    await runDueDeliveries(ctx, deliverySenders(), { now: () => start + COMMENT_COALESCE_MS + MINUTE });
    expect(sent.map((m) => [m.to, m.subject])).toEqual([[reader.user.email, `${owner.user.userId} on ${ride.name}: Start at 9 sharp`]]);
  });

  it('mails at once when the ride starts within 2 hours (ride-day notes)', async () => {
    const soon = new Date(Date.now() + 90 * MINUTE).toISOString();
    const { ride, writer, reader } = await rideWithAudience(soon);
    await drainOutbox();
    expect((await reader.client.patch('/api/users/current/notification-settings', { type: 'ride_comment', channel: 'email', enabled: true })).statusCode).toBe(200);
    expect((await writer.client.post(`/api/rides/${ride.id}/comments`, { content: 'Running 10 minutes late' })).statusCode).toBe(201);
    const { sent, mailer } = capturingMailer();
    await runDueDeliveries({ ...t.app.ctx, mailer }, deliverySenders());
    expect(sent.map((m) => m.subject)).toEqual([`${writer.user.userId} on ${ride.name}: Running 10 minutes late`]);
  });
});
