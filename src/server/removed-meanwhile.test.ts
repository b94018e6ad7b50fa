import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { buildSignedInUser, tokenFromMail, uniqueEmail } from './test/test-app';
import { buildGroup, buildGuest, buildInvitation, buildMember, buildRide, inDays, makeCoOrganizer, rideBody, type Rider } from './test/factories';
import { pauseAt } from './test/pause-point';
import { holdInTransaction, lockWaits } from './test/held-lock';
import { useTestApp } from './test/use-test-app';
import { fileOf, PHOTO, postMultipart, rowCount, storedFiles } from './media/media.test-helpers';
import type { LockPoint } from './context';

// Every decision about what a member may do is made inside its transaction, under the group's lock
// (groupsRepository.lockStanding), not from the read the request started with. Each test holds a
// request between that read and its transaction (test/pause-point.ts), removes the member there,
// and checks the request is refused and wrote nothing. The seats and the waitlist are tested the
// same way in rides/seat-races.test.ts.

const t = useTestApp();

/** An approval group (a removed rider cannot simply be let in again on the way) with a member. */
async function groupWithMember() {
  const owner = await buildGuest(t);
  const group = await buildGroup(owner, { membershipApprovalRequired: true });
  const member = await buildMember(t, owner, group.id);
  return { owner, group, member };
}

/** Sends `request`, removes `member` while it waits at `point`, and answers what the request answered. */
async function removedWhileAt(point: LockPoint, owner: Rider, groupId: string, member: Rider, request: () => Promise<{ statusCode: number; body: string }>) {
  const paused = pauseAt(t.app.ctx, point);
  const pending = request();
  await paused.reached;
  expect((await owner.client.delete(`/api/groups/${groupId}/members/${member.user.id}`)).statusCode).toBe(200);
  paused.release();
  return pending;
}

describe('a member removed between the read and the write', () => {
  it('cannot comment on a ride of the group', async () => {
    const { owner, group, member } = await groupWithMember();
    const ride = await buildRide(owner, group.id);
    const answer = await removedWhileAt('ride-comment', owner, group.id, member, () => member.client.post(`/api/rides/${ride.id}/comments`, { content: 'Count me in' }));
    expect(answer.statusCode, answer.body).toBe(403);
    expect(((await owner.client.get(`/api/rides/${ride.id}/comments`)).json() as { comments: unknown[] }).comments).toEqual([]);
  });

  it('cannot vote on a date poll of the group', async () => {
    const { owner, group, member } = await groupWithMember();
    const created = await owner.client.post('/api/polls', { title: 'Alps', destination: 'Bormio', durationDays: 1, deadline: inDays(5), groupId: group.id, proposedDates: [inDays(10)] });
    expect(created.statusCode, created.body).toBe(201);
    const poll = created.json() as { id: string };
    const answer = await removedWhileAt('poll-vote', owner, group.id, member, () => member.client.post(`/api/polls/${poll.id}/respond`, { response: 'yes' }));
    expect(answer.statusCode, answer.body).toBe(403);
    expect(await t.app.ctx.db.selectFrom('poll_responses').select('user_id').where('poll_id', '=', poll.id).execute()).toEqual([]);
  });

  it('cannot plan a ride in the group', async () => {
    const { owner, group, member } = await groupWithMember();
    const answer = await removedWhileAt('ride-create', owner, group.id, member, () => member.client.post('/api/rides', rideBody(group.id)));
    expect(answer.statusCode, answer.body).toBe(403);
    expect(await t.app.ctx.db.selectFrom('rides').select('id').where('group_id', '=', group.id).execute()).toEqual([]);
  });

  it('cannot propose a date poll to the group', async () => {
    const { owner, group, member } = await groupWithMember();
    const body = { title: 'Alps', destination: 'Bormio', durationDays: 1, deadline: inDays(5), groupId: group.id, proposedDates: [inDays(10)] };
    const answer = await removedWhileAt('poll-create', owner, group.id, member, () => member.client.post('/api/polls', body));
    expect(answer.statusCode, answer.body).toBe(403);
    expect(await t.app.ctx.db.selectFrom('polls').select('id').where('group_id', '=', group.id).execute()).toEqual([]);
  });

  it('cannot add a photo to a ride of the group, and the file streamed before is not kept', async () => {
    const { owner, group, member } = await groupWithMember();
    const ride = await buildRide(owner, group.id);
    const before = { files: storedFiles(t), media: await rowCount(t, 'media'), records: await rowCount(t, 'media_files') };
    const parts = [{ name: 'associatedType', value: 'ride' }, { name: 'associatedId', value: ride.id }, fileOf(PHOTO, 'photo.jpg')];
    const answer = await removedWhileAt('media', owner, group.id, member, () => postMultipart(t, '/api/media', member.client, parts));
    expect(answer.statusCode, answer.body).toBe(403);
    expect({ files: storedFiles(t), media: await rowCount(t, 'media'), records: await rowCount(t, 'media_files') }).toEqual(before);
  });

  it('cannot add a photo to the group’s gallery either', async () => {
    const { owner, group, member } = await groupWithMember();
    const before = { files: storedFiles(t), media: await rowCount(t, 'media') };
    const parts = [{ name: 'associatedType', value: 'group' }, { name: 'associatedId', value: group.id }, fileOf(PHOTO, 'photo.jpg')];
    const answer = await removedWhileAt('media', owner, group.id, member, () => postMultipart(t, '/api/media', member.client, parts));
    expect(answer.statusCode, answer.body).toBe(403);
    expect({ files: storedFiles(t), media: await rowCount(t, 'media') }).toEqual(before);
  });
});

describe('an organizer removed between the read and the write', () => {
  it('cannot let a rider in: the request stays for the organizers who remain', async () => {
    const { owner, group, member: coOrganizer } = await groupWithMember();
    await makeCoOrganizer(owner, coOrganizer, group.id);
    const rider = await buildGuest(t);
    await rider.client.post(`/api/groups/${group.id}/join`);
    const [request] = (await owner.client.get(`/api/groups/${group.id}/membership-requests`)).json() as Array<{ id: string }>;
    const answer = await removedWhileAt('request-decision', owner, group.id, coOrganizer, () =>
      coOrganizer.client.post(`/api/groups/${group.id}/membership-requests/${request!.id}/approve`),
    );
    expect(answer.statusCode, answer.body).toBe(403);
    expect((await rider.client.get(`/api/groups/${group.id}`)).json().membershipStatus).toBe('pending');
  });
});

describe('joining while the group changes', () => {
  it('a group that asks for approval from the moment of the join gets a request, not a member', async () => {
    const owner = await buildGuest(t);
    const group = await buildGroup(owner);
    const rider = await buildGuest(t);
    const paused = pauseAt(t.app.ctx, 'group-join');
    const joining = rider.client.post(`/api/groups/${group.id}/join`);
    await paused.reached;
    expect((await owner.client.patch(`/api/groups/${group.id}`, { membershipApprovalRequired: true })).statusCode).toBe(200);
    paused.release();
    const answer = await joining;
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ status: 'pending' });
    expect((await rider.client.get(`/api/groups/${group.id}`)).json().membershipStatus).toBe('pending');
  });

  it('an invitation whose inviter is removed while it is completed lets nobody in, and its mailed link is withdrawn', async () => {
    const { owner, group, member: coOrganizer } = await groupWithMember();
    await makeCoOrganizer(owner, coOrganizer, group.id);
    const { token } = await buildInvitation(coOrganizer, group.id, { inviterFirstName: 'Cora', inviteeName: 'Giulia' });
    const visitor = await buildGuest(t);
    const email = uniqueEmail('invited');
    const answer = await removedWhileAt('invitation', owner, group.id, coOrganizer, () => visitor.client.post(`/api/invite/${token}/complete`, { email }));
    expect(answer.statusCode, answer.body).toBe(404);
    expect((await visitor.client.get(`/api/groups/${group.id}`)).json().membershipStatus).toBe('none');
    expect((await visitor.client.post('/api/auth/verify-magic-link', { token: tokenFromMail(t.mail, email) })).statusCode).toBe(401);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('an invitation completed while its inviter’s removal is under way waits for it, and lets nobody in (PostgreSQL)', async () => {
    const { owner, group, member: coOrganizer } = await groupWithMember();
    await makeCoOrganizer(owner, coOrganizer, group.id);
    const { token } = await buildInvitation(coOrganizer, group.id, { inviterFirstName: 'Cora', inviteeName: 'Giulia' });
    const visitor = await buildSignedInUser(t);
    const db = t.app.ctx.db;
    // A removal as groupsRepository.removeMember makes it: the group's row, then the membership; not yet committed.
    const removal = await holdInTransaction(db, async (tx) => {
      await sql`select id from groups where id = ${group.id} for update`.execute(tx);
      await tx.deleteFrom('group_members').where('group_id', '=', group.id).where('user_id', '=', coOrganizer.user.id).execute();
    });
    const completing = visitor.client.post(`/api/invite/${token}/complete`, {});
    try {
      await expect.poll(() => lockWaits(db)).toBe(1);
    } finally {
      await removal.release();
    }
    const answer = await completing;
    expect(answer.statusCode, answer.body).toBe(404);
    expect((await visitor.client.get(`/api/groups/${group.id}`)).json().membershipStatus).toBe('none');
  });
});
