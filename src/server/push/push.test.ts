import { runDueDeliveries } from '../deliveries/deliveries.worker';
import { deliverySenders } from '../deliveries/senders';
import { describe, expect, it } from 'vitest';
import { buildSignedInUser, TestClient } from '../test/test-app';
import { useTestApp } from '../test/use-test-app';
import { useFakePushService } from '../test/fake-push-service';
import { sessionListSchema } from '../../shared/auth/sessions';
import { pushKeySchema, pushMessageSchema } from '../../shared/push/push';
import { enqueueReminderDeliveries } from '../rides/reminder-deliveries';
import { instantToLocal } from '../../shared/timezones/zoned-time';
import { dayLabelIn, timeLabelIn } from '../../shared/rides/ride-time';
import { loadOrMakeVapidKeys, sendPush } from './push.service';
import { pushRepository } from './push.repository';
import { addMember, buildGroup, buildRide, inDays, tellRider } from '../test/factories';
import { COMMENT_COALESCE_MS } from '../deliveries/coalesced-types';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const t = useTestApp({ MAIL_FROM: 'Club Rides <rides@club.example>' });
const fake = useFakePushService(t);

async function sessions(client: TestClient) {
  return sessionListSchema.parse((await client.get('/api/auth/sessions')).json()).sessions;
}

async function subscribed(client: TestClient) {
  const subscription = fake.subscribe();
  expect((await client.put('/api/push/subscription', subscription)).statusCode).toBe(200);
  return subscription;
}

/** What the store keeps of a subscription (the outbox hands sendPush one of these). */
const stored = (s: { endpoint: string; keys: { p256dh: string; auth: string } }) => ({ endpoint: s.endpoint, p256dh: s.keys.p256dh, auth: s.keys.auth });

async function storedEndpoints(): Promise<string[]> {
  const rows = await t.app.ctx.db.selectFrom('push_subscriptions').select('endpoint').execute();
  return rows.map((r) => r.endpoint);
}

describe('web push', () => {
  it('gives every visitor the one VAPID public key, a P-256 point', async () => {
    const answer = await new TestClient(t.app).get('/api/push/key');
    expect(answer.statusCode).toBe(200);
    const { publicKey } = pushKeySchema.parse(answer.json());
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    expect((await new TestClient(t.app).get('/api/push/key')).json()).toEqual({ publicKey });
  });

  it('keeps one key pair when several processes make one at the same moment (insert if absent, then read)', async () => {
    const db = t.app.ctx.db;
    const original = await db.selectFrom('vapid_keys').selectAll().executeTakeFirstOrThrow();
    await db.deleteFrom('vapid_keys').execute();
    try {
      const made = await Promise.all([loadOrMakeVapidKeys(db), loadOrMakeVapidKeys(db), loadOrMakeVapidKeys(db), loadOrMakeVapidKeys(db)]);
      const stored = await db.selectFrom('vapid_keys').selectAll().execute();
      expect(stored).toHaveLength(1);
      for (const keys of made) expect(keys).toEqual({ public_key: stored[0]!.public_key, private_key: stored[0]!.private_key });
    } finally {
      await db.deleteFrom('vapid_keys').execute();
      await db.insertInto('vapid_keys').values(original).execute();
    }
  });

  it("sends a rider's new notification to their device, encrypted to its keys and signed with the server's key", async () => {
    const { client, user } = await buildSignedInUser(t);
    const subscription = await subscribed(client);
    expect((await sessions(client))[0]).toMatchObject({ current: true, push: true });

    const arriving = fake.nextPush(subscription.endpoint);
    // Through the outbox: the notification's push row, sent by the deliveries worker.
    await tellRider(t.app.ctx, user.id, 'ride_cancelled', { ride: 'Sunday Loop', startAt: '2030-06-02T07:00:00.000Z', zone: 'Europe/Rome' });
    await runDueDeliveries(t.app.ctx, deliverySenders());
    const push = await arriving;

    const message = pushMessageSchema.parse(JSON.parse(push.text));
    expect(message).toMatchObject({ title: 'Ride cancelled', url: '/' });
    expect(message.body).toContain('Sunday Loop');
    expect(message.tag).toEqual(expect.any(String));
    // An urgent type: high urgency, kept a day by the push service.
    expect(push.urgency).toBe('high');
    expect(push.ttl).toBe(24 * 3600);
    const { publicKey } = pushKeySchema.parse((await client.get('/api/push/key')).json());
    expect(push.vapid).toMatchObject({ publicKey, sub: 'mailto:rides@club.example', aud: fake.origin });
    expect(push.vapid.exp * 1000).toBeGreaterThan(Date.now());
  });

  it('sends each device a push once, when another device of the rider fails and the row is tried again', async () => {
    // Either device may be the one that fails: the one tried first, then the one tried after a success.
    for (const failing of [0, 1]) {
      const email = `push-twice-${failing}-${Date.now()}@example.com`;
      const phone = await buildSignedInUser(t, email);
      const laptop = await buildSignedInUser(t, email);
      const devices = [await subscribed(phone.client), await subscribed(laptop.client)];
      fake.answerNextWith(devices[failing]!.endpoint, 500);

      await tellRider(t.app.ctx, phone.user.id, 'ride_cancelled', { ride: `Loop ${failing}`, startAt: '2030-06-02T07:00:00.000Z', zone: 'Europe/Rome' });
      const start = Date.now();
      expect(await runDueDeliveries(t.app.ctx, deliverySenders(), { now: () => start })).toMatchObject({ retried: 1 });
      expect(await runDueDeliveries(t.app.ctx, deliverySenders(), { now: () => start + 2 * MINUTE })).toMatchObject({ sent: 1, retried: 0 });

      // What each phone shows: the pushes its push service took (201), decrypted.
      const shown = devices.map((device) => fake.received.filter((push) => push.endpoint === device.endpoint && push.status === 201).map((push) => pushMessageSchema.parse(JSON.parse(push.text)).body));
      expect(shown, `device ${failing} failing first`).toEqual([[expect.stringContaining(`Loop ${failing}`)], [expect.stringContaining(`Loop ${failing}`)]]);
      // Settled: the record of which devices took it is gone with the need for it.
      const records = await t.app.ctx.db.selectFrom('push_sent').innerJoin('deliveries', 'deliveries.id', 'push_sent.delivery_id').select('push_sent.subscription_id').where('deliveries.user_id', '=', phone.user.id).execute();
      expect(records).toEqual([]);
    }
  });

  it('sends a coalesced push again to a device that took the earlier version, when the row waits for a retry', async () => {
    const email = `push-burst-${Date.now()}@example.com`;
    const owner = await buildSignedInUser(t, email);
    const laptop = await buildSignedInUser(t, email);
    const group = await buildGroup(owner, { membershipApprovalRequired: false });
    const writer = await buildSignedInUser(t);
    await addMember(owner, writer, group.id);
    const ride = await buildRide(owner, group.id, { startDate: inDays(4), endDate: inDays(4), maxRiders: 10 });
    expect((await writer.client.post(`/api/rides/${ride.id}/join`)).statusCode).toBe(200);
    await subscribed(owner.client);
    await subscribed(laptop.client);
    // The device tried second fails once: the first takes the first comment, then the row waits.
    const [first, second] = await pushRepository.listForUser(t.app.ctx.db, owner.user.id, new Date().toISOString());
    fake.answerNextWith(second!.endpoint, 500);

    const start = Date.now();
    expect((await writer.client.post(`/api/rides/${ride.id}/comments`, { content: 'Rain expected' })).statusCode).toBe(201);
    expect(await runDueDeliveries(t.app.ctx, deliverySenders(), { now: () => start + COMMENT_COALESCE_MS + MINUTE })).toMatchObject({ retried: 1 });
    // A later comment takes the waiting row's place: a new text, for both devices.
    expect((await writer.client.post(`/api/rides/${ride.id}/comments`, { content: 'Bring a layer' })).statusCode).toBe(201);
    expect(await runDueDeliveries(t.app.ctx, deliverySenders(), { now: () => start + COMMENT_COALESCE_MS + 3 * MINUTE })).toMatchObject({ sent: 1, retried: 0 });

    const shown = [first!, second!].map((device) => fake.received.filter((push) => push.endpoint === device.endpoint && push.status === 201).map((push) => pushMessageSchema.parse(JSON.parse(push.text)).body));
    expect(shown).toEqual([[expect.stringContaining('Rain expected'), expect.stringContaining('Bring a layer')], [expect.stringContaining('Bring a layer')]]);
  });

  it("pushes a reminder with the ride's name today and its time on the ride's clock (UTC here), kept by the push service until the ride's start", async () => {
    const owner = await buildSignedInUser(t);
    const group = await buildGroup(owner, { membershipApprovalRequired: false });
    const rider = await buildSignedInUser(t);
    await addMember(owner, rider, group.id);
    expect((await rider.client.patch(`/api/users/${rider.user.id}`, { timezone: 'UTC', reminderTimes: ['two_hours_before'] })).statusCode).toBe(200);
    // Three hours from now, to the minute: its reminder is due in an hour, and the push is kept for the two before the start.
    const start = new Date(Math.floor((Date.now() + 3 * HOUR) / MINUTE) * MINUTE).toISOString();
    const ride = await buildRide(owner, group.id, { name: 'Queued Dawn Patrol', startDate: start, endDate: start });
    expect((await rider.client.post(`/api/rides/${ride.id}/join`)).statusCode).toBe(200);
    const subscription = await subscribed(rider.client);

    const due = Date.parse(start) - 2 * HOUR;
    expect(await enqueueReminderDeliveries(t.app.ctx, new Date(due + MINUTE))).toBeGreaterThanOrEqual(1);
    // Renamed after it was queued: the push names the ride as it is called when it is sent.
    expect((await owner.client.patch(`/api/rides/${ride.id}`, { name: 'Dawn Patrol to Passo Giau' })).statusCode).toBe(200);
    const arriving = fake.nextPush(subscription.endpoint);
    const sentFrom = Date.now();
    await runDueDeliveries(t.app.ctx, deliverySenders(), { now: () => due + MINUTE });
    const push = await arriving;
    const sentBy = Date.now();

    const { day, time } = instantToLocal(start, 'UTC');
    expect(pushMessageSchema.parse(JSON.parse(push.text))).toEqual({
      title: 'Ride reminder',
      body: `Reminder: Dawn Patrol to Passo Giau starts on ${dayLabelIn(day, 'en')} at ${timeLabelIn(time, 'en')} (UTC)`,
      url: `/rides/${ride.id}`,
      tag: `reminder-${ride.id}`,
    });
    // Its TTL ends at the ride's start (to the second it was sent in), not a day later.
    expect(push.urgency).toBe('normal');
    expect(sentFrom + push.ttl * 1000).toBeLessThanOrEqual(Date.parse(start));
    expect(sentBy + (push.ttl + 1) * 1000).toBeGreaterThanOrEqual(Date.parse(start));
  });

  it('removes a subscription the push service answers 410 or 404 for, and keeps it on a passing failure', async () => {
    const { client } = await buildSignedInUser(t);
    const message = { title: 'Ride Tomorrow!', body: "Don't forget about Sunday Loop", url: '/' };
    const options = { ttlSeconds: 3600, urgency: 'normal' as const };

    const passing = await subscribed(client);
    fake.answerNextWith(passing.endpoint, 500);
    await expect(sendPush(t.app.ctx, stored(passing), message, options)).rejects.toMatchObject({ statusCode: 500 });
    expect(await storedEndpoints()).toContain(passing.endpoint);
    expect(await sendPush(t.app.ctx, stored(passing), message, options)).toBe('sent');
    expect(JSON.parse((await fake.nextPush(passing.endpoint)).text)).toEqual(message);
    expect(JSON.parse((await fake.nextPush(passing.endpoint)).text)).toEqual(message);

    fake.answerNextWith(passing.endpoint, 410);
    expect(await sendPush(t.app.ctx, stored(passing), message, options)).toBe('gone');
    expect(await storedEndpoints()).not.toContain(passing.endpoint);
    expect((await sessions(client))[0]).toMatchObject({ current: true, push: false });

    const notFound = await subscribed(client);
    fake.answerNextWith(notFound.endpoint, 404);
    expect(await sendPush(t.app.ctx, stored(notFound), message, options)).toBe('gone');
    expect(await storedEndpoints()).not.toContain(notFound.endpoint);
  });

  it('lets a guest turn push on and off for this browser; one subscription per browser', async () => {
    const guest = new TestClient(t.app);
    await guest.get('/api/users/current');
    const first = await subscribed(guest);
    const second = await subscribed(guest);
    const endpoints = await storedEndpoints();
    expect(endpoints).toContain(second.endpoint);
    expect(endpoints).not.toContain(first.endpoint);

    expect((await guest.delete('/api/push/subscription')).statusCode).toBe(200);
    expect(await storedEndpoints()).not.toContain(second.endpoint);
    expect((await sessions(guest))[0]).toMatchObject({ push: false });
  });

  it('moves an endpoint to the session that hands it over last (the browser signed in again)', async () => {
    const { client: first } = await buildSignedInUser(t);
    const { client: second } = await buildSignedInUser(t);
    const subscription = await subscribed(first);
    expect((await second.put('/api/push/subscription', subscription)).statusCode).toBe(200);
    expect((await sessions(first))[0]).toMatchObject({ push: false });
    expect((await sessions(second))[0]).toMatchObject({ push: true });
  });

  it("ends a device's subscription with its session: sign-out, another device put out, sign out other devices", async () => {
    const email = `push-${Date.now()}@example.com`;
    const phone = await buildSignedInUser(t, email);
    const laptop = await buildSignedInUser(t, email);
    const tablet = await buildSignedInUser(t, email);
    const [onPhone, onLaptop, onTablet] = [await subscribed(phone.client), await subscribed(laptop.client), await subscribed(tablet.client)];
    expect((await sessions(phone.client)).map((s) => s.push)).toEqual([true, true, true]);

    // The tablet is put out from the phone (a lost device).
    const tabletSession = (await sessions(tablet.client))[0]!.id;
    expect((await phone.client.delete(`/api/auth/sessions/${tabletSession}`)).statusCode).toBe(200);
    expect(await storedEndpoints()).not.toContain(onTablet.endpoint);

    expect((await phone.client.post('/api/auth/sessions/sign-out-others')).statusCode).toBe(200);
    expect(await storedEndpoints()).not.toContain(onLaptop.endpoint);
    expect(await storedEndpoints()).toContain(onPhone.endpoint);

    expect((await phone.client.post('/api/auth/logout')).statusCode).toBe(200);
    expect(await storedEndpoints()).not.toContain(onPhone.endpoint);
    expect(await pushRepository.listForUser(t.app.ctx.db, phone.user.id, new Date().toISOString())).toEqual([]);
  });

  it('refuses a subscription that is not an https push service with browser keys, by field, and one without a session', async () => {
    const guest = new TestClient(t.app);
    await guest.get('/api/users/current');
    const good = fake.subscribe();
    const cases: Array<[unknown, string]> = [
      [{ ...good, endpoint: 'http://push.example/abc' }, 'endpoint'],
      [{ ...good, endpoint: 'not a url' }, 'endpoint'],
      [{ ...good, keys: { ...good.keys, p256dh: 'short' } }, 'keys.p256dh'],
      [{ ...good, keys: { ...good.keys, auth: '!'.repeat(22) } }, 'keys.auth'],
      [{ endpoint: good.endpoint }, 'keys'],
      // Not a push service: the server would POST wherever a rider points it.
      [{ ...good, endpoint: 'https://intranet.example/admin' }, 'endpoint'],
      [{ ...good, endpoint: 'https://fcm.googleapis.com.evil.example/x' }, 'endpoint'],
    ];
    for (const [body, field] of cases) {
      const answer = await guest.put('/api/push/subscription', body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json().field).toBe(field);
    }
    expect((await new TestClient(t.app).put('/api/push/subscription', good)).statusCode).toBe(401);
    expect((await new TestClient(t.app).delete('/api/push/subscription')).statusCode).toBe(401);
  });
});
