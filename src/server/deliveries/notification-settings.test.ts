import { describe, expect, it } from 'vitest';
import { buildSignedInUser } from '../test/test-app';
import { addMember, buildGroup, buildGuest, buildRide, makeCoOrganizer } from '../test/factories';
import { notificationTopic } from '../notifications/notifications.service';
import { runDueDeliveries } from './deliveries.worker';
import { deliverySenders } from './senders';
import { useTestApp } from '../test/use-test-app';
import type { NotificationSettings } from '../../shared/notifications/notification-settings';

// Issue 30 point 10: the Notifications card reads every type's switch by channel (e-mail and push;
// null where the type does not travel by it) and whether the rider organises something (the
// Organizing rows are shown only then); each switch saves alone.

const t = useTestApp();

async function settingsOf(client: { get: (url: string) => Promise<{ statusCode: number; json: <T>() => T }> }) {
  const res = await client.get('/api/users/current/notification-settings');
  expect(res.statusCode).toBe(200);
  return res.json<NotificationSettings>();
}

const row = (settings: NotificationSettings, type: string) => settings.types.find((s) => s.type === type);

describe('notification settings by channel', () => {
  it("answers each type's e-mail and push switch with its default, and whether the rider organises", async () => {
    const rider = await buildSignedInUser(t);
    const settings = await settingsOf(rider.client);
    expect(settings).toMatchObject({ hasEmail: true, emailPaused: false, organizes: false });
    expect(row(settings, 'ride_cancelled')).toMatchObject({ section: 'My rides', app: true, email: true, push: true });
    // In the app only; by mail and push only (a reminder at a chosen time); a digest has no row of its own.
    expect(row(settings, 'ride_reminder')).toMatchObject({ app: true, email: null, push: null });
    expect(row(settings, 'ride_reminder_due')).toMatchObject({ app: null, email: true, push: true });
    expect(row(settings, 'rides_digest')).toBeUndefined();
    expect(row(settings, 'organizer_digest')).toBeUndefined();
    expect(row(settings, 'ride_comment')).toMatchObject({ label: 'A new comment on a ride I ride or organise', email: false, push: true });
    expect(row(settings, 'waitlist_seat_free')).toMatchObject({ email: false, push: true });
    expect(row(settings, 'profile_updated')).toMatchObject({ app: true, email: null, push: null });
  });

  it('knows an owner and a co-organizer organise, and a plain member and a guest do not', async () => {
    const owner = await buildSignedInUser(t);
    const group = await buildGroup(owner, { membershipApprovalRequired: false });
    const [co, member] = [await buildSignedInUser(t), await buildSignedInUser(t)];
    const guest = await buildGuest(t);
    for (const rider of [co, member, guest]) await addMember(owner, rider, group.id);
    await makeCoOrganizer(owner, co, group.id);
    expect((await settingsOf(owner.client)).organizes).toBe(true);
    expect((await settingsOf(co.client)).organizes).toBe(true);
    expect((await settingsOf(member.client)).organizes).toBe(false);
    expect(await settingsOf(guest.client)).toMatchObject({ organizes: false, hasEmail: false });
  });

  it('saves a push switch on its own, back to the default as no choice, and refuses a channel the type has not', async () => {
    const rider = await buildSignedInUser(t);
    const off = await rider.client.patch('/api/users/current/notification-settings', { type: 'ride_changed', channel: 'push', enabled: false });
    expect(off.statusCode).toBe(200);
    expect(row(off.json<NotificationSettings>(), 'ride_changed')).toMatchObject({ email: true, push: false });
    expect(row(await settingsOf(rider.client), 'ride_changed')).toMatchObject({ email: true, push: false });
    const on = await rider.client.patch('/api/users/current/notification-settings', { type: 'ride_changed', channel: 'push', enabled: true });
    expect(row(on.json<NotificationSettings>(), 'ride_changed')).toMatchObject({ push: true });
    expect(await t.app.ctx.db.selectFrom('notification_channel_settings').select('type').where('user_id', '=', rider.user.id).execute()).toEqual([]);

    const refused = await rider.client.patch('/api/users/current/notification-settings', { type: 'ride_reminder', channel: 'push', enabled: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: 'This notification is not sent on that channel' });
  });

  it('refuses a switch of a digest (its choice decides it) and an in-app switch of a type never in the app', async () => {
    const rider = await buildSignedInUser(t);
    for (const body of [
      { type: 'rides_digest', channel: 'email', enabled: false },
      { type: 'ride_reminder_due', channel: 'app', enabled: false },
    ]) {
      const refused = await rider.client.patch('/api/users/current/notification-settings', body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json()).toMatchObject({ message: 'This notification is not sent on that channel' });
    }
  });
});

describe('a type switched off in the app', () => {
  it('is not shown, counted or sent to open pages, while its mail still goes (never taken as opened) and switching it on shows it again', async () => {
    const owner = await buildSignedInUser(t);
    const group = await buildGroup(owner, { membershipApprovalRequired: false });
    const rider = await buildSignedInUser(t);
    await addMember(owner, rider, group.id);
    const ride = await buildRide(owner, group.id, { name: 'Hidden Loop' });
    expect((await rider.client.post(`/api/rides/${ride.id}/join`)).statusCode).toBe(200);

    const off = await rider.client.patch('/api/users/current/notification-settings', { type: 'ride_cancelled', channel: 'app', enabled: false });
    expect(off.statusCode).toBe(200);
    expect(row(off.json<NotificationSettings>(), 'ride_cancelled')).toMatchObject({ app: false, email: true, push: true });

    const streamed: Array<{ type: string }> = [];
    const stop = t.app.ctx.bus.subscribe(notificationTopic(rider.user.id), (n) => void streamed.push(n as { type: string }));
    const before = t.mail.length;
    try {
      expect((await owner.client.patch(`/api/rides/${ride.id}`, { status: 'cancelled' })).statusCode).toBe(200);
      await runDueDeliveries(t.app.ctx, deliverySenders());
    } finally {
      stop();
    }
    const list = () => rider.client.get('/api/notifications').then((res) => res.json<Array<{ type: string; isRead: boolean }>>());
    // Not in the list, so not in the bell's unread count (the list is what the bell counts).
    expect((await list()).filter((n) => n.type === 'ride_cancelled')).toEqual([]);
    expect(streamed.filter((n) => n.type === 'ride_cancelled')).toEqual([]);
    // Its mail follows the e-mail switch: unread in the app, it is not taken as opened there.
    expect(t.mail.slice(before).filter((m) => m.to === rider.user.email && m.subject.startsWith('Hidden Loop on ') && m.subject.endsWith(' was cancelled'))).toHaveLength(1);
    // Still stored: on again, it shows (unread).
    expect((await rider.client.patch('/api/users/current/notification-settings', { type: 'ride_cancelled', channel: 'app', enabled: true })).statusCode).toBe(200);
    expect((await list()).filter((n) => n.type === 'ride_cancelled')).toEqual([expect.objectContaining({ isRead: false })]);
    expect(await t.app.ctx.db.selectFrom('notification_channel_settings').select('type').where('user_id', '=', rider.user.id).execute()).toEqual([]);
  });

  it('hides only that type, only for that rider', async () => {
    const owner = await buildSignedInUser(t);
    const group = await buildGroup(owner, { membershipApprovalRequired: false });
    const [hiding, other] = [await buildSignedInUser(t), await buildSignedInUser(t)];
    for (const rider of [hiding, other]) await addMember(owner, rider, group.id);
    expect((await hiding.client.patch('/api/users/current/notification-settings', { type: 'ride_created', channel: 'app', enabled: false })).statusCode).toBe(200);
    const ride = await buildRide(owner, group.id, { name: 'Shown to others' });
    expect((await hiding.client.post(`/api/rides/${ride.id}/join`)).statusCode).toBe(200);
    expect((await owner.client.patch(`/api/rides/${ride.id}`, { status: 'cancelled' })).statusCode).toBe(200);
    const types = async (rider: typeof hiding) => (await rider.client.get('/api/notifications')).json<Array<{ type: string }>>().map((n) => n.type);
    expect(await types(hiding)).toEqual(['ride_cancelled']);
    expect(await types(other)).toEqual(['ride_created']);
  });
});
