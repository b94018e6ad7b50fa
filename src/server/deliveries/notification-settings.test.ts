import { describe, expect, it } from 'vitest';
import { buildSignedInUser } from '../test/test-app';
import { addMember, buildGroup, buildGuest, makeCoOrganizer } from '../test/factories';
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
    expect(row(settings, 'ride_cancelled')).toMatchObject({ section: 'My rides', email: true, push: true });
    expect(row(settings, 'ride_comment')).toMatchObject({ label: 'A new comment on a ride I ride or organise', email: false, push: true });
    expect(row(settings, 'waitlist_seat_free')).toMatchObject({ email: false, push: true });
    expect(row(settings, 'profile_updated')).toMatchObject({ email: null, push: null });
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
});
