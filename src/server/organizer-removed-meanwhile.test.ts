import { describe, expect, it } from 'vitest';
import { buildGroup, buildGuest, buildMember, buildRide, inDays, makeCoOrganizer, type Rider } from './test/factories';
import { pauseAt } from './test/pause-point';
import { useTestApp } from './test/use-test-app';
import { fileOf, PHOTO, postMultipart } from './media/media.test-helpers';
import type { LockPoint } from './context';

// What an organizer or a ride's owner decides is decided again inside its transaction, under the
// group's lock (groupsRepository.lockStanding), from their standing then, not from the read the
// request started with. Each test holds the request between that read and its transaction
// (test/pause-point.ts), takes the actor's right away there (a removal, a demotion, a hand-over),
// and checks the request is refused and changed nothing. The members' side is removed-meanwhile.test.ts.

const t = useTestApp();

/** An approval group with its owner, a co-organizer and a plain member. */
async function clubOfThree() {
  const owner = await buildGuest(t);
  const group = await buildGroup(owner, { membershipApprovalRequired: true });
  const coOrganizer = await buildMember(t, owner, group.id);
  const member = await buildMember(t, owner, group.id);
  await makeCoOrganizer(owner, coOrganizer, group.id);
  return { owner, group, coOrganizer, member };
}

/** Sends `request`, runs `meanwhile` while it waits at `point`, and answers what the request answered. */
async function whileAt<Answer>(point: LockPoint, meanwhile: () => Promise<{ statusCode: number; body: string }>, request: () => Promise<Answer>): Promise<Answer> {
  const paused = pauseAt(t.app.ctx, point);
  const pending = request();
  await paused.reached;
  const between = await meanwhile();
  expect(between.statusCode, between.body).toBe(200);
  paused.release();
  return pending;
}

const removal = (by: Rider, groupId: string, rider: Rider) => () => by.client.delete(`/api/groups/${groupId}/members/${rider.user.id}`);
const demotion = (owner: Rider, groupId: string, rider: Rider) => () => owner.client.put(`/api/groups/${groupId}/members/${rider.user.id}/role`, { role: 'member' });

async function roles(groupId: string) {
  const db = t.app.ctx.db;
  const members = await db.selectFrom('group_members').select(['user_id', 'role']).where('group_id', '=', groupId).orderBy('user_id').execute();
  const owner = (await db.selectFrom('groups').select('creator_id').where('id', '=', groupId).executeTakeFirstOrThrow()).creator_id;
  return { owner, members };
}

describe('a rider who becomes a ride’s owner while leaving it', () => {
  it('keeps their seat: the owner cannot leave their own ride', async () => {
    const { owner, group, member } = await clubOfThree();
    const ride = await buildRide(member, group.id);
    expect((await owner.client.post(`/api/rides/${ride.id}/join`)).statusCode).toBe(200);
    // The member's removal hands their ride to the group's owner, who is on their way out of it.
    const answer = await whileAt('ride-leave', removal(owner, group.id, member), () => owner.client.post(`/api/rides/${ride.id}/leave`));
    expect(answer.statusCode, answer.body).toBe(403);
    expect(answer.json()).toMatchObject({ message: 'The owner cannot leave their own ride' });
    const db = t.app.ctx.db;
    expect((await db.selectFrom('rides').select('owner_id').where('id', '=', ride.id).executeTakeFirstOrThrow()).owner_id).toBe(owner.user.id);
    expect((await db.selectFrom('ride_participants').select('user_id').where('ride_id', '=', ride.id).execute()).map((r) => r.user_id)).toEqual([owner.user.id]);
  });
});

describe('an organizer whose standing changes between the read and the write', () => {
  it('a co-organizer demoted meanwhile removes nobody', async () => {
    const { owner, group, coOrganizer, member } = await clubOfThree();
    const answer = await whileAt('member-action', demotion(owner, group.id, coOrganizer), removal(coOrganizer, group.id, member));
    expect(answer.statusCode, answer.body).toBe(403);
    expect((await roles(group.id)).members.map((m) => m.user_id)).toContain(member.user.id);
  });

  it('a co-organizer removed meanwhile removes nobody', async () => {
    const { owner, group, coOrganizer, member } = await clubOfThree();
    const answer = await whileAt('member-action', removal(owner, group.id, coOrganizer), removal(coOrganizer, group.id, member));
    expect(answer.statusCode, answer.body).toBe(403);
    expect((await roles(group.id)).members.map((m) => m.user_id)).toContain(member.user.id);
  });

  it('an owner who handed the group over meanwhile makes nobody a co-organizer', async () => {
    const { owner, group, coOrganizer, member } = await clubOfThree();
    const handOver = () => owner.client.post(`/api/groups/${group.id}/ownership`, { memberId: coOrganizer.user.id });
    const answer = await whileAt('member-action', handOver, () => owner.client.put(`/api/groups/${group.id}/members/${member.user.id}/role`, { role: 'co_organizer' }));
    expect(answer.statusCode, answer.body).toBe(403);
    expect((await roles(group.id)).members.find((m) => m.user_id === member.user.id)?.role).toBe('member');
  });

  it('a group is not handed to a member removed meanwhile', async () => {
    const { owner, group, coOrganizer, member } = await clubOfThree();
    const handOver = () => owner.client.post(`/api/groups/${group.id}/ownership`, { memberId: member.user.id });
    const answer = await whileAt('member-action', removal(coOrganizer, group.id, member), handOver);
    expect(answer.statusCode, answer.body).toBe(404);
    expect((await roles(group.id)).owner).toBe(owner.user.id);
  });
});

describe('a ride’s owner or organizer whose standing changes between the read and the write', () => {
  /** A ride the plain member plans in the club, and what the test reads back of it. */
  async function memberRide() {
    const club = await clubOfThree();
    const ride = await buildRide(club.member, club.group.id);
    const row = () => t.app.ctx.db.selectFrom('rides').select(['name', 'status', 'owner_id', 'min_riders_kept_at']).where('id', '=', ride.id).executeTakeFirst();
    return { ...club, ride, row };
  }

  it('an owner removed from the group meanwhile no longer edits the ride handed over', async () => {
    const { owner, group, member, ride, row } = await memberRide();
    const answer = await whileAt('ride-manage', removal(owner, group.id, member), () => member.client.patch(`/api/rides/${ride.id}`, { name: 'Renamed on the way out' }));
    expect(answer.statusCode, answer.body).toBe(403);
    expect(await row()).toMatchObject({ name: ride.name, owner_id: owner.user.id });
  });

  it('a co-organizer demoted meanwhile does not cancel a member’s ride', async () => {
    const { owner, group, coOrganizer, ride, row } = await memberRide();
    const answer = await whileAt('ride-manage', demotion(owner, group.id, coOrganizer), () => coOrganizer.client.patch(`/api/rides/${ride.id}`, { status: 'cancelled' }));
    expect(answer.statusCode, answer.body).toBe(403);
    expect(await row()).toMatchObject({ status: 'confirmed' });
  });

  it('a co-organizer removed meanwhile does not delete a member’s ride', async () => {
    const { owner, group, coOrganizer, ride, row } = await memberRide();
    const answer = await whileAt('ride-manage', removal(owner, group.id, coOrganizer), () => coOrganizer.client.delete(`/api/rides/${ride.id}`));
    expect(answer.statusCode, answer.body).toBe(403);
    expect(await row()).toMatchObject({ status: 'confirmed' });
  });

  it('an owner removed from the group meanwhile does not keep the ride below its minimum', async () => {
    const { owner, group, member, ride, row } = await memberRide();
    await member.client.patch(`/api/rides/${ride.id}`, { minRiders: 3, minRidersDecisionAt: inDays(1) });
    // The decision time passes: set it in the past directly, as the clock would.
    await t.app.ctx.db.updateTable('rides').set({ min_riders_decision_at: inDays(-0.01) }).where('id', '=', ride.id).execute();
    const answer = await whileAt('ride-manage', removal(owner, group.id, member), () => member.client.post(`/api/rides/${ride.id}/keep`));
    expect(answer.statusCode, answer.body).toBe(403);
    expect(await row()).toMatchObject({ min_riders_kept_at: null, owner_id: owner.user.id });
  });
});

describe('an organizer whose standing changes before closing a poll, inviting, or deleting a photo', () => {
  /** A photo `rider` adds to a ride or to a group's gallery; its id. */
  async function photoBy(rider: Rider, associatedType: 'ride' | 'group', associatedId: string): Promise<string> {
    const parts = [{ name: 'associatedType', value: associatedType }, { name: 'associatedId', value: associatedId }, fileOf(PHOTO, 'photo.jpg')];
    const uploaded = await postMultipart(t, '/api/media', rider.client, parts);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    return (uploaded.json() as { id: string }).id;
  }

  it('a co-organizer demoted meanwhile does not close a member’s poll', async () => {
    const { owner, group, coOrganizer, member } = await clubOfThree();
    const created = await member.client.post('/api/polls', { title: 'Alps', destination: 'Bormio', durationDays: 1, deadline: inDays(5), groupId: group.id, proposedDates: [inDays(10)] });
    expect(created.statusCode, created.body).toBe(201);
    const poll = created.json() as { id: string };
    const answer = await whileAt('poll-close', demotion(owner, group.id, coOrganizer), () => coOrganizer.client.post(`/api/polls/${poll.id}/close`));
    expect(answer.statusCode, answer.body).toBe(403);
    expect((await t.app.ctx.db.selectFrom('polls').select('is_active').where('id', '=', poll.id).executeTakeFirstOrThrow()).is_active).toBeTruthy();
  });

  it('a co-organizer removed meanwhile creates no invitation', async () => {
    const { owner, group, coOrganizer } = await clubOfThree();
    const invite = () => coOrganizer.client.post(`/api/groups/${group.id}/invite`, { inviterFirstName: 'Cora', inviteeName: 'Giulia' });
    const answer = await whileAt('invitation-manage', removal(owner, group.id, coOrganizer), invite);
    expect(answer.statusCode, answer.body).toBe(403);
    expect(await t.app.ctx.db.selectFrom('invitations').select('id').where('group_id', '=', group.id).execute()).toEqual([]);
  });

  it('a co-organizer demoted meanwhile does not revoke an invitation', async () => {
    const { owner, group, coOrganizer } = await clubOfThree();
    expect((await owner.client.post(`/api/groups/${group.id}/invite`, { inviterFirstName: 'Olga', inviteeName: 'Giulia' })).statusCode).toBe(201);
    const { id } = await t.app.ctx.db.selectFrom('invitations').select('id').where('group_id', '=', group.id).executeTakeFirstOrThrow();
    const answer = await whileAt('invitation-manage', demotion(owner, group.id, coOrganizer), () => coOrganizer.client.delete(`/api/groups/${group.id}/invitations/${id}`));
    expect(answer.statusCode, answer.body).toBe(403);
    expect((await t.app.ctx.db.selectFrom('invitations').select('revoked_at').where('id', '=', id).executeTakeFirstOrThrow()).revoked_at).toBeNull();
  });

  it('a co-organizer demoted meanwhile does not delete a member’s photo from the gallery', async () => {
    const { owner, group, coOrganizer, member } = await clubOfThree();
    const id = await photoBy(member, 'group', group.id);
    const answer = await whileAt('media-manage', demotion(owner, group.id, coOrganizer), () => coOrganizer.client.delete(`/api/media/${id}`));
    expect(answer.statusCode, answer.body).toBe(403);
    expect(await t.app.ctx.db.selectFrom('media').select('id').where('id', '=', id).execute()).toEqual([{ id }]);
  });

  it('a co-organizer removed meanwhile does not delete a member’s photo of a ride', async () => {
    const { owner, group, coOrganizer, member } = await clubOfThree();
    const id = await photoBy(member, 'ride', (await buildRide(member, group.id)).id);
    const answer = await whileAt('media-manage', removal(owner, group.id, coOrganizer), () => coOrganizer.client.delete(`/api/media/${id}`));
    expect(answer.statusCode, answer.body).toBe(403);
    expect(await t.app.ctx.db.selectFrom('media').select('id').where('id', '=', id).execute()).toEqual([{ id }]);
  });
});
