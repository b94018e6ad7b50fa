import { describe, expect, it } from 'vitest';
import { buildRide, buildRoles, inDays } from '../test/factories';
import { sendRideReminders } from './reminders';
import { useTestApp } from '../test/use-test-app';

const t = useTestApp();

describe('GET /api/users/{id}/recent-rides', () => {
  it('lists past rides the rider took part in, under the profile’s visibility', async () => {
    // An open group: an approval group's rides are listed to its members only (ride-roster.test.ts).
    const r = await buildRoles(t, { membershipApprovalRequired: false });
    const past = await buildRide(r.owner, r.group.id, { name: 'Old Loop' });
    await t.app.ctx.db.updateTable('rides').set({ start_date: inDays(-3), end_date: inDays(-3) }).where('id', '=', past.id).execute();
    const list = (await r.outsider.client.get(`/api/users/${r.owner.user.id}/recent-rides`)).json();
    expect(list).toEqual([expect.objectContaining({ name: 'Old Loop', groupName: r.group.name, groupSlug: r.group.slug, slug: 'old-loop' })]);
    await r.owner.client.patch(`/api/users/${r.owner.user.id}`, { profileVisibility: 'private' });
    expect((await r.outsider.client.get(`/api/users/${r.owner.user.id}/recent-rides`)).statusCode).toBe(404);
    expect((await r.owner.client.get(`/api/users/${r.owner.user.id}/recent-rides`)).statusCode).toBe(200);
  });
});

describe('ride reminders', () => {
  it('reminds participants 3 days and 1 day ahead, once each', async () => {
    const r = await buildRoles(t);
    const soon = await buildRide(r.owner, r.group.id, { name: 'Coast Run', startDate: inDays(2.5), endDate: inDays(2.5) });
    await r.member.client.post(`/api/rides/${soon.id}/join`);
    await sendRideReminders(t.app.ctx);
    await sendRideReminders(t.app.ctx);
    const reminders = (await r.member.client.get('/api/notifications')).json().filter((n: { type: string }) => n.type === 'ride_reminder');
    expect(reminders).toEqual([expect.objectContaining({ title: 'Ride in 3 days', message: "Don't forget about Coast Run" })]);
    expect((await r.outsider.client.get('/api/notifications')).json()).toEqual([]);

    await sendRideReminders(t.app.ctx, new Date(Date.now() + 1.8 * 86_400_000));
    const after = (await r.member.client.get('/api/notifications')).json().filter((n: { type: string }) => n.type === 'ride_reminder');
    expect(after.map((n: { title: string }) => n.title)).toEqual(['Ride Tomorrow!', 'Ride in 3 days']);
  });
});
