import { describe, expect, it } from 'vitest';
import type { Notification } from '../../shared/notifications/notification';
import { buildGroup, buildGuest, buildRide, type Rider } from '../test/factories';
import { fileOf, PHOTO, postMultipart } from '../media/media.test-helpers';
import { mergeGuestInto } from '../users/merge-guest';
import { sendRideReminders } from '../rides/reminders';
import { notificationTopic, notifyUpload } from './notifications.service';
import { useTestApp } from '../test/use-test-app';

const t = useTestApp();

const notesOf = async (rider: Rider) => (await rider.client.get('/api/notifications')).json() as Notification[];
const ofType = async (rider: Rider, type: string) => (await notesOf(rider)).filter((n) => n.type === type);

/** An owner and a member of an open group with one ride the member has joined. */
async function world() {
  const owner = await buildGuest(t);
  const member = await buildGuest(t);
  const group = await buildGroup(owner);
  await member.client.post(`/api/groups/${group.id}/join`);
  const ride = (await buildRide(owner, group.id)) as { id: string; slug: string; name: string };
  await member.client.post(`/api/rides/${ride.id}/join`);
  return { owner, member, group, ride };
}

const uploadTo = (rider: Rider, associatedType: 'ride' | 'group', associatedId: string) =>
  postMultipart(t, '/api/media', rider.client, [
    { name: 'associatedType', value: associatedType },
    { name: 'associatedId', value: associatedId },
    fileOf(PHOTO, 'photo.jpg'),
  ]);

const NO_RIDE = { rideId: null, rideSlug: null, rideName: null };

describe('each notification names its subject', () => {
  it('a new ride and a cancelled ride name the ride (and its group)', async () => {
    const { owner, member, group, ride } = await world();
    expect(await ofType(member, 'ride_created')).toEqual([
      expect.objectContaining({
        subject: { kind: 'ride', groupId: group.id, groupSlug: group.slug, groupName: group.name, riderHandle: null, rideId: ride.id, rideSlug: ride.slug, rideName: ride.name },
      }),
    ]);
    await owner.client.patch(`/api/rides/${ride.id}`, { status: 'cancelled' });
    expect((await ofType(member, 'ride_cancelled'))[0]?.subject).toMatchObject({ kind: 'ride', rideId: ride.id, groupSlug: group.slug });
  });

  it('a reminder names the ride', async () => {
    const { member, ride } = await world();
    const start = (await member.client.get(`/api/rides/${ride.id}`)).json().startDate as string;
    await sendRideReminders(t.app.ctx, new Date(Date.parse(start) - 2 * 86_400_000));
    expect(await ofType(member, 'ride_reminder')).toEqual([
      expect.objectContaining({ title: 'Ride in 2 days', subject: expect.objectContaining({ kind: 'ride', rideId: ride.id, rideSlug: ride.slug }) }),
    ]);
  });

  it('a renamed ride is named as it is called now', async () => {
    const { owner, member, ride } = await world();
    await owner.client.patch(`/api/rides/${ride.id}`, { name: 'Futa Pass Loop' });
    expect((await ofType(member, 'ride_created'))[0]?.subject).toMatchObject({ kind: 'ride', rideName: 'Futa Pass Loop', rideSlug: 'futa-pass-loop' });
  });

  it('a new poll names the group; a member who joined names the member', async () => {
    const { owner, member, group } = await world();
    await member.client.post('/api/polls', {
      title: 'Alps weekend',
      destination: 'Bormio',
      durationDays: 2,
      deadline: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      groupId: group.id,
      proposedDates: [new Date(Date.now() + 20 * 86_400_000).toISOString()],
    });
    expect((await ofType(owner, 'poll_created'))[0]?.subject).toEqual({ kind: 'group', groupId: group.id, groupSlug: group.slug, groupName: group.name, riderHandle: null, ...NO_RIDE });
    expect((await ofType(owner, 'member_joined'))[0]?.subject).toEqual({
      kind: 'member',
      groupId: group.id,
      groupSlug: group.slug,
      groupName: group.name,
      riderHandle: member.user.userId,
      ...NO_RIDE,
    });
  });

  it('uploads name the uploader and the ride or the group, in words a person would use', async () => {
    const { owner, member, group, ride } = await world();
    await uploadTo(owner, 'ride', ride.id);
    await uploadTo(member, 'group', group.id);
    const [toRide] = await ofType(member, 'media_uploaded');
    expect(toRide).toMatchObject({ message: `${owner.user.userId} uploaded 1 file to ${ride.name}`, count: 1, subject: { kind: 'ride', rideId: ride.id, riderHandle: owner.user.userId } });
    const [toGroup] = await ofType(owner, 'media_uploaded');
    expect(toGroup).toMatchObject({ message: `${member.user.userId} uploaded 1 file to ${group.name}`, count: 1, subject: { kind: 'group', groupId: group.id, riderHandle: member.user.userId, rideId: null } });
  });
});

describe('notifications about something deleted go away', () => {
  it('a deleted ride takes its notifications along', async () => {
    const { owner, member, ride } = await world();
    await uploadTo(owner, 'ride', ride.id);
    expect((await notesOf(member)).filter((n) => n.subject?.rideId === ride.id)).toHaveLength(2);
    expect((await owner.client.request('DELETE', `/api/rides/${ride.id}`)).statusCode).toBe(200);
    expect((await notesOf(member)).filter((n) => n.subject?.rideId === ride.id)).toEqual([]);
  });

  it('a deleted group takes its notifications along, its rides’ included', async () => {
    const { owner, member, group } = await world();
    expect(await notesOf(member)).not.toEqual([]);
    expect((await owner.client.request('DELETE', `/api/groups/${group.id}`)).statusCode).toBe(200);
    expect(await notesOf(member)).toEqual([]);
    expect(await ofType(owner, 'member_joined')).toEqual([]);
  });

  it('deleted files count no more, and the notification goes with the last of them', async () => {
    const { owner, member, ride } = await world();
    const first = (await uploadTo(owner, 'ride', ride.id)).json() as { id: string };
    const second = (await uploadTo(owner, 'ride', ride.id)).json() as { id: string };
    expect((await ofType(member, 'media_uploaded'))[0]).toMatchObject({ count: 2, message: `${owner.user.userId} uploaded 2 files to ${ride.name}` });
    const pushed: Notification[] = [];
    const unsubscribe = t.app.ctx.bus.subscribe(notificationTopic(member.user.id), (n) => pushed.push(n as Notification));
    await owner.client.request('DELETE', `/api/media/${first.id}`);
    expect((await ofType(member, 'media_uploaded'))[0]).toMatchObject({ count: 1, message: `${owner.user.userId} uploaded 1 file to ${ride.name}` });
    // Open pages hear the new count.
    await expect.poll(() => pushed.map((n) => n.count)).toEqual([1]);
    unsubscribe();
    await owner.client.request('DELETE', `/api/media/${second.id}`);
    expect(await ofType(member, 'media_uploaded')).toEqual([]);
  });

  it('a member who leaves is no longer announced as joined', async () => {
    const { owner, member, group } = await world();
    expect(await ofType(owner, 'member_joined')).toHaveLength(1);
    expect((await member.client.post(`/api/groups/${group.id}/leave`)).statusCode).toBe(200);
    expect(await ofType(owner, 'member_joined')).toEqual([]);
  });
});

describe('uploads by one rider to one place make one notification', () => {
  it('counts into the unread one (same id, newest time); once read, the next upload starts a new one', async () => {
    const { owner, member, ride } = await world();
    for (let i = 0; i < 3; i++) await uploadTo(owner, 'ride', ride.id);
    const [gathered, ...rest] = await ofType(member, 'media_uploaded');
    expect(rest).toEqual([]);
    expect(gathered).toMatchObject({ count: 3, isRead: false, message: `${owner.user.userId} uploaded 3 files to ${ride.name}` });

    await member.client.patch(`/api/notifications/${gathered!.id}/read`);
    await uploadTo(owner, 'ride', ride.id);
    const after = await ofType(member, 'media_uploaded');
    expect(after.map((n) => [n.count, n.isRead])).toEqual([
      [1, false],
      [3, true],
    ]);
  });

  it('keeps one per uploader and place', async () => {
    const { owner, member, group, ride } = await world();
    const third = await buildGuest(t);
    await third.client.post(`/api/groups/${group.id}/join`);
    await uploadTo(owner, 'ride', ride.id);
    await uploadTo(owner, 'group', group.id);
    await uploadTo(third, 'group', group.id);
    await uploadTo(third, 'group', group.id);
    const notes = await ofType(member, 'media_uploaded');
    expect(notes.map((n) => n.message).sort()).toEqual(
      [`${owner.user.userId} uploaded 1 file to ${ride.name}`, `${owner.user.userId} uploaded 1 file to ${group.name}`, `${third.user.userId} uploaded 2 files to ${group.name}`].sort(),
    );
  });

  it('counts uploads that race into one row', async () => {
    const { owner, member, ride } = await world();
    const at = () => new Date().toISOString();
    await Promise.all(
      Array.from({ length: 13 }, () =>
        notifyUpload(t.app.ctx, member.user.id, { uploaderId: owner.user.id, rideId: ride.id, groupId: null, at: at(), params: { rider: owner.user.userId } }),
      ),
    );
    const notes = await ofType(member, 'media_uploaded');
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ count: 13, message: `${owner.user.userId} uploaded 13 files to ${ride.name}` });
  });

  it('counts concurrent uploads through the API into one notification', async () => {
    const { owner, member, ride } = await world();
    const results = await Promise.all(Array.from({ length: 4 }, () => uploadTo(owner, 'ride', ride.id)));
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    const notes = await ofType(member, 'media_uploaded');
    expect(notes.map((n) => n.count)).toEqual([4]);
  });

  it('the live stream carries each update of the same notification', async () => {
    const { owner, member, ride } = await world();
    const pushed: Notification[] = [];
    const unsubscribe = t.app.ctx.bus.subscribe(notificationTopic(member.user.id), (n) => pushed.push(n as Notification));
    await uploadTo(owner, 'ride', ride.id);
    await uploadTo(owner, 'ride', ride.id);
    await expect.poll(() => pushed.filter((n) => n.type === 'media_uploaded').length).toBe(2);
    unsubscribe();
    const [first, second] = pushed.filter((n) => n.type === 'media_uploaded');
    expect(second!.id).toBe(first!.id);
    expect([first!.count, second!.count]).toEqual([1, 2]);
    expect(second!.message).toBe(`${owner.user.userId} uploaded 2 files to ${ride.name}`);
    // What was pushed is what the list reads.
    expect((await ofType(member, 'media_uploaded'))[0]).toEqual(second);
  });
});

describe('a notification settled elsewhere', () => {
  it('is pushed again as read, so the owner’s open pages drop it from the count', async () => {
    const owner = await buildGuest(t);
    const rider = await buildGuest(t);
    const group = await buildGroup(owner, { membershipApprovalRequired: true });
    const pushed: Notification[] = [];
    const unsubscribe = t.app.ctx.bus.subscribe(notificationTopic(owner.user.id), (n) => pushed.push(n as Notification));
    await rider.client.post(`/api/groups/${group.id}/join`);
    const [request] = (await owner.client.get(`/api/groups/${group.id}/membership-requests`)).json() as Array<{ id: string }>;
    await owner.client.post(`/api/groups/${group.id}/membership-requests/${request!.id}/approve`);
    await expect.poll(() => pushed.length).toBe(2);
    unsubscribe();
    expect(pushed.map((n) => [n.type, n.isRead])).toEqual([
      ['membership_request', false],
      ['membership_request', true],
    ]);
    expect(pushed[1]!.id).toBe(pushed[0]!.id);
  });
});

describe('a guest merged into an account', () => {
  it('keeps both unread upload notifications of the same uploader and place (they stop gathering)', async () => {
    const { owner, member: guest, ride } = await world();
    const account = await buildGuest(t);
    const upload = { uploaderId: owner.user.id, rideId: ride.id, groupId: null, params: { rider: owner.user.userId } };
    await notifyUpload(t.app.ctx, guest.user.id, { ...upload, at: new Date().toISOString() });
    await notifyUpload(t.app.ctx, account.user.id, { ...upload, at: new Date().toISOString() });
    await t.app.ctx.db.transaction().execute((tx) => mergeGuestInto(tx, guest.user.id, account.user.id));
    expect((await ofType(account, 'media_uploaded')).map((n) => n.count)).toEqual([1, 1]);
  });
});
