import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../context';
import { createMailer } from '../platform/mailer';
import { createTestApp, TestClient, buildSignedInUser, type TestApp } from '../test/test-app';
import { addMember, buildGroup, buildGuest, buildRide, inDays, type Rider } from '../test/factories';
import { useTestApp } from '../test/use-test-app';
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from '../test/smtp-server';
import { zonedDateTimeToIso, dayLabel } from '../../shared/rides/ride-time';
import { runDueDeliveries } from './deliveries.worker';
import { deliverySenders } from './senders';

// Notification mails through the outbox (issue 30 points 2-4), received by a real SMTP server on
// loopback and read back with mailparser: their headers, both parts, the link, the calendar
// invitation; the unsubscribe link without a cookie; one mail per rider and event whatever runs the workers.

const t = useTestApp({ PUBLIC_URL: 'https://rc.test' });
let smtp: TestSmtpServer;
let smtpUrl = '';
let received: ReceivedMail[] = [];

beforeAll(async () => {
  smtp = await startSmtpServer();
  smtpUrl = smtp.url;
  received = smtp.received;
});
afterAll(async () => smtp.close());

/** The workers of `app` (this server or another on the same database), sending over real SMTP. */
function worker(ctx: AppContext, now?: () => number) {
  const mailer = createMailer({ smtpUrl, from: 'RoadCaptain <rides@rc.test>', dataDir: t.config.dataDir, log: ctx.log });
  return runDueDeliveries({ ...ctx, mailer }, deliverySenders(), now ? { now } : {});
}

/** Another server on the same database (SQLite file or PostgreSQL database). */
function secondServer(): Promise<TestApp> {
  return createTestApp({ PUBLIC_URL: 'https://rc.test', ...(t.config.databaseUrl ? { DATABASE_URL: t.config.databaseUrl } : { DATA_DIR: t.config.dataDir }) });
}

type SignedIn = Awaited<ReturnType<typeof buildSignedInUser>>;

const mailsTo = (email: string, about: string) => received.filter((m) => m.to === email && (m.parsed.subject ?? '').includes(about));

/** An open group and a ride four days out; `riders` with confirmed addresses and a guest hold seats. */
async function rideWithRiders(riderCount = 1) {
  const owner = await buildSignedInUser(t);
  const group = await buildGroup(owner, { membershipApprovalRequired: false });
  const riders: SignedIn[] = [];
  for (let i = 0; i < riderCount; i++) {
    const rider = await buildSignedInUser(t);
    await addMember(owner, rider, group.id);
    riders.push(rider);
  }
  const guest = await buildGuest(t);
  await addMember(owner, guest, group.id);
  // Johannesburg keeps UTC+02:00 all year, so the mail's time reads the same in every season.
  const startDate = zonedDateTimeToIso(inDays(4).slice(0, 10), '09:00', 'Africa/Johannesburg');
  const ride = await buildRide(owner, group.id, { startDate, endDate: startDate, timezone: 'Africa/Johannesburg', timezoneOffset: 'UTC+02:00', timezoneName: 'Johannesburg', maxRiders: riderCount + 3 });
  for (const rider of [...riders, guest]) expect((await rider.client.post(`/api/rides/${ride.id}/join`)).statusCode).toBe(200);
  return { owner, group, riders, guest, ride };
}

describe('a cancellation by mail', () => {
  it('is in the outbox when the cancellation commits, and a fresh server sends it after the first one died', async () => {
    const { owner, riders, ride } = await rideWithRiders();
    const rider = riders[0]!;
    // The ride's creation mailed the member already (a new ride in my groups); what follows is the cancellation.
    await worker(t.app.ctx);
    expect((await owner.client.patch(`/api/rides/${ride.id}`, { status: 'cancelled' })).statusCode).toBe(200);
    // Nothing was mailed inside the request.
    expect(mailsTo(rider.user.email, 'was cancelled')).toHaveLength(0);
    const waiting = await t.app.ctx.db.selectFrom('deliveries').select(['user_id', 'type', 'state']).where('ride_id', '=', ride.id).where('type', '=', 'ride_cancelled').execute();
    expect(waiting).toEqual([{ user_id: rider.user.id, type: 'ride_cancelled', state: 'pending' }]);

    // The process that committed is "killed" before its workers ran; another server's worker sends the mail.
    const fresh = await secondServer();
    try {
      expect((await worker(fresh.app.ctx)).sent).toBeGreaterThanOrEqual(1);
    } finally {
      await fresh.close();
    }
    const [mail] = mailsTo(rider.user.email, 'was cancelled');
    expect(mail).toBeDefined();
    const { parsed } = mail!;
    const day = dayLabel(inDays(4).slice(0, 10));
    expect(parsed.subject).toBe(`${ride.name} on ${day} was cancelled`);
    // Headers: one-click unsubscribe (RFC 8058), an automatic mail, threaded by ride.
    const unsubscribe = /^<(https:\/\/rc\.test\/api\/notifications\/unsubscribe\/[^>]+)>$/.exec(headerOf(mail!, 'list-unsubscribe'))?.[1];
    expect(unsubscribe).toBeDefined();
    expect(headerOf(mail!, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(headerOf(mail!, 'auto-submitted')).toBe('auto-generated');
    expect(parsed.messageId).toMatch(/^<delivery-[^@]+@rc\.test>$/);
    expect(parsed.references).toBe(`<ride-${ride.id}@rc.test>`);
    // Both parts say it, the ride's time on its clock and one link to the ride; why, and the settings.
    for (const part of [parsed.text ?? '', parsed.html || '']) {
      expect(part).toContain(`${ride.name} on ${day} was cancelled`);
      expect(part).toContain('09:00 (Africa/Johannesburg)');
      expect(part).toContain(`https://rc.test/rides/${ride.id}`);
      expect(part).toContain('https://rc.test/preferences#notifications');
      expect(part).toContain('A ride I joined is cancelled');
    }
    // The link opens the ride.
    const link = new URL(`https://rc.test/rides/${ride.id}`);
    expect((await rider.client.get(`/api${link.pathname}`)).json()).toMatchObject({ id: ride.id, status: 'cancelled' });
    // The ride as a calendar cancellation, with the feed's UID and SEQUENCE.
    const ics = icsOf(mail!);
    expect(ics).toContain('METHOD:CANCEL');
    expect(ics).toContain(`UID:ride-${ride.id}@rc.test`);
    const feedSequence = (await t.app.ctx.db.selectFrom('rides').select('sequence').where('id', '=', ride.id).executeTakeFirstOrThrow()).sequence;
    expect(ics).toContain(`SEQUENCE:${Number(feedSequence)}`);

    // Sent once: the workers find nothing more, on either server.
    expect(await worker(t.app.ctx)).toMatchObject({ sent: 0 });
    expect(mailsTo(rider.user.email, 'was cancelled')).toHaveLength(1);
    // Nobody mails the one who cancelled, nor a guest (no address).
    expect(mailsTo(owner.user.email, 'was cancelled')).toHaveLength(0);
    expect(await t.app.ctx.db.selectFrom('deliveries').select('id').where('ride_id', '=', ride.id).where('type', '=', 'ride_cancelled').where('state', '!=', 'sent').execute()).toEqual([]);
  });

  it('goes out once when two servers run their workers at the same moment', async () => {
    const { owner, riders, ride } = await rideWithRiders(6);
    await worker(t.app.ctx);
    expect((await owner.client.patch(`/api/rides/${ride.id}`, { status: 'cancelled' })).statusCode).toBe(200);
    const other = await secondServer();
    try {
      const runs = await Promise.all([worker(t.app.ctx), worker(other.app.ctx), worker(t.app.ctx), worker(other.app.ctx)]);
      expect(runs.reduce((sum, run) => sum + run.sent, 0)).toBe(6);
    } finally {
      await other.close();
    }
    for (const rider of riders) expect(mailsTo(rider.user.email, 'was cancelled')).toHaveLength(1);
  });
});

/** A header as it was sent, unfolded (mailparser turns List-* headers into objects). */
function headerOf(mail: ReceivedMail, name: string): string {
  const line = mail.parsed.headerLines.find((h) => h.key === name)?.line ?? '';
  return line.slice(line.indexOf(':') + 1).replace(/\r?\n[ \t]+/g, ' ').trim();
}

/** The text of the mail's calendar part. */
function icsOf(mail: ReceivedMail): string {
  const part = mail.parsed.attachments.find((a) => a.contentType.startsWith('text/calendar') || a.contentType === 'application/ics');
  return part ? part.content.toString('utf8') : '';
}

describe('the unsubscribe link', () => {
  async function mailWithLink() {
    const { owner, riders, ride } = await rideWithRiders();
    await worker(t.app.ctx);
    await owner.client.patch(`/api/rides/${ride.id}`, { status: 'cancelled' });
    await worker(t.app.ctx);
    const rider = riders[0]!;
    const [mail] = mailsTo(rider.user.email, 'was cancelled');
    const url = /^<([^>]+)>$/.exec(headerOf(mail!, 'list-unsubscribe'))![1]!;
    return { rider, url: new URL(url) };
  }
  const emailSwitch = async (rider: Rider, type: string) =>
    ((await rider.client.get('/api/users/current/notification-settings')).json() as { types: Array<{ type: string; email: boolean | null }> }).types.find((s) => s.type === type)!.email;

  it('GET only shows a page asking to confirm: nothing changes', async () => {
    const { rider, url } = await mailWithLink();
    const page = await new TestClient(t.app).get(url.pathname);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('Stop these e-mails?');
    expect(page.body).toContain('<form method="post">');
    expect(await emailSwitch(rider, 'ride_cancelled')).toBe(true);
  });

  it('one-click POST without any cookie switches that type off, and only that type', async () => {
    const { rider, url } = await mailWithLink();
    const res = await t.app.inject({ method: 'POST', url: url.pathname, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await emailSwitch(rider, 'ride_cancelled')).toBe(false);
    expect(await emailSwitch(rider, 'ride_changed')).toBe(true);
  });

  it('refuses a token that is not ours with 404, never a 500', async () => {
    const { url } = await mailWithLink();
    const forged = url.pathname.replace(/\.ride_cancelled\./, '.ride_changed.');
    for (const path of [forged, '/api/notifications/unsubscribe/x', '/api/notifications/unsubscribe/a.b.c']) {
      const res = await t.app.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ message: 'This link is not valid' });
    }
  });
});

describe('what is not mailed', () => {
  it('a rider who switched the type off or paused all e-mail, gets no mail; the app still tells them', async () => {
    const { owner, riders, ride } = await rideWithRiders(2);
    await worker(t.app.ctx);
    const [off, paused] = riders as [SignedIn, SignedIn];
    expect((await off.client.patch('/api/users/current/notification-settings', { type: 'ride_cancelled', channel: 'email', enabled: false })).json()).toMatchObject({ hasEmail: true, emailPaused: false });
    expect((await paused.client.patch('/api/users/current/notification-settings', { emailPaused: true })).json()).toMatchObject({ emailPaused: true });
    await owner.client.patch(`/api/rides/${ride.id}`, { status: 'cancelled' });
    await worker(t.app.ctx);
    for (const rider of riders) {
      expect(mailsTo(rider.user.email, 'was cancelled')).toHaveLength(0);
      expect(((await rider.client.get('/api/notifications')).json() as Array<{ type: string }>).map((n) => n.type)).toContain('ride_cancelled');
    }
  });

  it('a change the rider already opened in the app is not mailed', async () => {
    const { owner, riders, ride } = await rideWithRiders();
    await worker(t.app.ctx);
    const rider = riders[0]!;
    await owner.client.patch(`/api/rides/${ride.id}`, { startLocation: 'Pianoro' });
    const [changed] = ((await rider.client.get('/api/notifications')).json() as Array<{ id: string; type: string }>).filter((n) => n.type === 'ride_changed');
    expect((await rider.client.patch(`/api/notifications/${changed!.id}/read`)).statusCode).toBe(200);
    expect(await worker(t.app.ctx, () => Date.now() + 31 * 60_000)).toMatchObject({ sent: 0, skipped: 1 });
    expect(mailsTo(rider.user.email, 'now starts on')).toHaveLength(0);
  });

  it('a switch the type does not offer is refused with 400', async () => {
    const rider = await buildSignedInUser(t);
    const res = await rider.client.patch('/api/users/current/notification-settings', { type: 'profile_updated', channel: 'email', enabled: true });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'This notification is not sent on that channel' });
  });

  it('several changes of a ride within 30 minutes are one "Ride changed" mail with the final state', async () => {
    const { owner, riders, ride } = await rideWithRiders();
    await worker(t.app.ctx);
    const rider = riders[0]!;
    await owner.client.patch(`/api/rides/${ride.id}`, { startLocation: 'Casalecchio di Reno' });
    await owner.client.patch(`/api/rides/${ride.id}`, { startLocation: 'Sasso Marconi' });
    // Not yet: a change waits for more changes.
    await worker(t.app.ctx);
    expect(mailsTo(rider.user.email, 'now starts on')).toHaveLength(0);
    await worker(t.app.ctx, () => Date.now() + 31 * 60_000);
    const mails = mailsTo(rider.user.email, 'now starts on');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.parsed.subject).toContain('from Sasso Marconi');
    expect(icsOf(mails[0]!)).toContain('METHOD:REQUEST');
  });
});
