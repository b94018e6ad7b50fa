import { describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { sql } from 'kysely';
import { tokenFromMail, uniqueEmail, randomIp, buildSignedInUser } from '../test/test-app';
import { addMember, buildGroup, buildGuest, buildRide, rideBody, type Rider } from '../test/factories';
import { holdInTransaction, lockWaits } from '../test/held-lock';
import { useTestApp } from '../test/use-test-app';

// A group's member and ride counts are kept on its row by the database (migration 029). Whatever
// way a rider or a ride comes and goes, the counts every list shows are the true counts.

vi.setConfig({ testTimeout: 120_000 });

const t = useTestApp();

/** What the API shows of a group, and what its tables hold. */
async function counts(viewer: Rider, groupId: string) {
  const shown = (await viewer.client.get(`/api/groups/${groupId}`)).json() as { memberCount: number; rideCount: number };
  const db = t.app.ctx.db;
  const members = await db.selectFrom('group_members').select(sql<number>`count(*)`.as('n')).where('group_id', '=', groupId).executeTakeFirstOrThrow();
  const rides = await db.selectFrom('rides').select(sql<number>`count(*)`.as('n')).where('group_id', '=', groupId).executeTakeFirstOrThrow();
  return { shown: { members: shown.memberCount, rides: shown.rideCount }, held: { members: Number(members.n), rides: Number(rides.n) } };
}

async function expectCounts(viewer: Rider, groupId: string, members: number, rides: number) {
  const { shown, held } = await counts(viewer, groupId);
  expect(held).toEqual({ members, rides });
  expect(shown).toEqual(held);
}

describe('group member and ride counts', () => {
  it('follow every way in and out: join, approval, refusal, leaving, removal, rides added, cancelled and deleted', async () => {
    const owner = await buildGuest(t);
    const group = await buildGroup(owner, { membershipApprovalRequired: true });
    await expectCounts(owner, group.id, 1, 0);

    const [approved, refused, removed] = [await buildGuest(t), await buildGuest(t), await buildGuest(t)];
    await addMember(owner, approved, group.id);
    await expectCounts(owner, group.id, 2, 0);

    // Asking to join is not membership, and a refusal leaves the count as it was.
    await refused.client.post(`/api/groups/${group.id}/join`);
    await expectCounts(owner, group.id, 2, 0);
    const requests = (await owner.client.get(`/api/groups/${group.id}/membership-requests`)).json() as Array<{ id: string }>;
    expect((await owner.client.post(`/api/groups/${group.id}/membership-requests/${requests[0]!.id}/reject`)).statusCode).toBe(200);
    await expectCounts(owner, group.id, 2, 0);

    await addMember(owner, removed, group.id);
    await expectCounts(owner, group.id, 3, 0);
    expect((await owner.client.delete(`/api/groups/${group.id}/members/${removed.user.id}`)).statusCode).toBe(200);
    await expectCounts(owner, group.id, 2, 0);
    expect((await approved.client.post(`/api/groups/${group.id}/leave`)).statusCode).toBe(200);
    await expectCounts(owner, group.id, 1, 0);

    const first = await buildRide(owner, group.id);
    const second = await buildRide(owner, group.id);
    await expectCounts(owner, group.id, 1, 2);
    // A cancelled ride is still one of the group's rides; a deleted one is not.
    expect((await owner.client.patch(`/api/rides/${first.id}`, { status: 'cancelled' })).statusCode).toBe(200);
    await expectCounts(owner, group.id, 1, 2);
    expect((await owner.client.delete(`/api/rides/${second.id}`)).statusCode).toBe(200);
    await expectCounts(owner, group.id, 1, 1);

    // Deleting the group takes its memberships and rides with it, counts and all.
    expect((await owner.client.delete(`/api/groups/${group.id}`)).statusCode).toBe(200);
    expect((await owner.client.get(`/api/groups/${group.id}`)).statusCode).toBe(404);
  });

  it('count a guest who signs in to an account of the same group once, with the guest’s rides moved', async () => {
    const owner = await buildGuest(t);
    const group = await buildGroup(owner);
    const email = uniqueEmail('both');
    const account = await buildSignedInUser(t, email);
    await account.client.post(`/api/groups/${group.id}/join`);
    // The same rider on a new phone: a guest there joins too and plans a ride, then signs in.
    const phone = await buildGuest(t);
    await phone.client.post(`/api/groups/${group.id}/join`);
    await buildRide(phone, group.id);
    await expectCounts(owner, group.id, 3, 1);

    await phone.client.post('/api/auth/magic-link', { email }, { 'x-forwarded-for': randomIp() });
    expect((await phone.client.post('/api/auth/verify-magic-link', { token: tokenFromMail(t.mail, email) })).json()).toMatchObject({ status: 'signed_in' });
    await expectCounts(owner, group.id, 2, 1);
  });

  it('count every one of ten riders joining at the same moment, and every one leaving', async () => {
    const owner = await buildGuest(t);
    const group = await buildGroup(owner);
    const riders = await Promise.all(Array.from({ length: 10 }, () => buildGuest(t)));
    const joined = await Promise.all(riders.map((rider) => rider.client.post(`/api/groups/${group.id}/join`)));
    expect(joined.map((res) => res.statusCode)).toEqual(riders.map(() => 200));
    await expectCounts(owner, group.id, 11, 0);
    await Promise.all(riders.map((rider) => rider.client.post(`/api/groups/${group.id}/leave`)));
    await expectCounts(owner, group.id, 1, 0);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('take the group row before the ride or membership they remove, so a rename at that moment cannot deadlock (PostgreSQL)', async () => {
    const owner = await buildGuest(t);
    const group = await buildGroup(owner);
    const ride = await buildRide(owner, group.id);
    const member = await buildGuest(t);
    await member.client.post(`/api/groups/${group.id}/join`);
    const db = t.app.ctx.db;
    // Another transaction holds the group's row, as a rename does before it makes the group's rides forget their cards.
    const rename = await holdInTransaction(db, async (tx) => {
      await sql`select id from groups where id = ${group.id} for update`.execute(tx);
    });
    const deleting = owner.client.delete(`/api/rides/${ride.id}`);
    const leaving = member.client.post(`/api/groups/${group.id}/leave`);
    try {
      await expect.poll(() => lockWaits(db)).toBe(2);
      // Both wait for the group with nothing else held: the ride and the membership are free to lock.
      await db.transaction().execute(async (tx) => {
        await sql`select id from rides where id = ${ride.id} for update nowait`.execute(tx);
        await sql`select user_id from group_members where group_id = ${group.id} and user_id = ${member.user.id} for update nowait`.execute(tx);
      });
    } finally {
      await rename.release();
    }
    expect([(await deleting).statusCode, (await leaving).statusCode]).toEqual([200, 200]);
    await expectCounts(owner, group.id, 1, 0);
  });

  it('stay true through any sequence of joins, leaves, removals and rides (property)', async () => {
    const owner = await buildGuest(t);
    const riders: Rider[] = [];
    for (let i = 0; i < 3; i++) riders.push(await buildGuest(t));
    const action = fc.oneof(
      fc.record({ kind: fc.constant('join' as const), rider: fc.nat(2) }),
      fc.record({ kind: fc.constant('leave' as const), rider: fc.nat(2) }),
      fc.record({ kind: fc.constant('remove' as const), rider: fc.nat(2) }),
      fc.record({ kind: fc.constant('ride' as const), rider: fc.nat(2) }),
      fc.record({ kind: fc.constant('deleteRide' as const), rider: fc.nat(2) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 8 }), async (actions) => {
        const group = await buildGroup(owner);
        const rides: string[] = [];
        for (const { kind, rider: index } of actions) {
          const rider = riders[index]!;
          // Refused actions (leaving a group one is not in, a ride by a non-member) must change nothing either.
          if (kind === 'join') await rider.client.post(`/api/groups/${group.id}/join`);
          if (kind === 'leave') await rider.client.post(`/api/groups/${group.id}/leave`);
          if (kind === 'remove') await owner.client.delete(`/api/groups/${group.id}/members/${rider.user.id}`);
          if (kind === 'ride') {
            const res = await rider.client.post('/api/rides', rideBody(group.id));
            if (res.statusCode === 201) rides.push((res.json() as { id: string }).id);
          }
          if (kind === 'deleteRide' && rides.length > 0) await owner.client.delete(`/api/rides/${rides.pop()!}`);
        }
        const { shown, held } = await counts(owner, group.id);
        expect(shown).toEqual(held);
      }),
      { numRuns: 12 },
    );
  });
});
