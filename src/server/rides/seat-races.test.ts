import { describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { buildSignedInUser, tokenFromMail } from '../test/test-app';
import { addMember, buildGroup, buildGuest, buildMember, buildRide } from '../test/factories';
import { pauseAt } from '../test/pause-point';
import { useTestApp } from '../test/use-test-app';
import { ridesRepository } from './rides.repository';
import { waitlistRepository } from './waitlist.repository';
import { up as dropQueuedSeats } from '../db/migrations/031_seated_not_queued';

// Seat and queue decisions race with the seats freed and the members removed at the same moment.
// Each test holds a request between the read it starts from and its transaction (test/pause-point.ts)
// and runs the other change there, so the interleaving is the same on every run and both engines.

const t = useTestApp();

/** Riders who hold a seat and a place in the ride's queue: the seat invariant says none. */
async function seatedAndQueued(rideId: string): Promise<string[]> {
  const rows = await t.app.ctx.db
    .selectFrom('ride_waitlist as w')
    .innerJoin('ride_participants as p', (join) => join.onRef('p.ride_id', '=', 'w.ride_id').onRef('p.user_id', '=', 'w.user_id'))
    .select('w.user_id')
    .where('w.ride_id', '=', rideId)
    .execute();
  return rows.map((r) => r.user_id);
}

/** A ride with two seats, the owner's and `seated`'s, and `waiting` first in its queue. */
async function fullRideWithQueue(groupOverrides: Record<string, unknown> = {}) {
  const owner = await buildGuest(t);
  const group = await buildGroup(owner, groupOverrides);
  const ride = await buildRide(owner, group.id, { maxRiders: 2 });
  const [seated, waiting, other] = [await buildGuest(t), await buildGuest(t), await buildGuest(t)];
  for (const rider of [seated, waiting, other]) await addMember(owner, rider, group.id);
  expect((await seated.client.post(`/api/rides/${ride.id}/join`)).statusCode).toBe(200);
  expect((await waiting.client.post(`/api/rides/${ride.id}/waitlist`)).statusCode).toBe(200);
  return { owner, group, ride, seated, waiting, other };
}

describe('a rider waiting who asks for the waitlist again as a seat frees', () => {
  it('is seated once and not queued again; the other riders can still leave and the owner raise the seats', async () => {
    const { owner, ride, seated, waiting, other } = await fullRideWithQueue();
    const paused = pauseAt(t.app.ctx, 'ride-seat');
    const again = waiting.client.post(`/api/rides/${ride.id}/waitlist`);
    await paused.reached;
    // The seat frees while the second request waits between its read and its transaction: the rider waiting takes it.
    expect((await seated.client.post(`/api/rides/${ride.id}/leave`)).statusCode).toBe(200);
    paused.release();
    const answer = await again;
    expect(answer.statusCode, answer.body).toBe(409);
    expect(answer.json()).toMatchObject({ message: 'You have already joined this ride' });
    expect(await seatedAndQueued(ride.id)).toEqual([]);

    // The ride is not jammed: another rider waits, a rider leaves (the seat goes on), the owner adds seats.
    expect((await other.client.post(`/api/rides/${ride.id}/waitlist`)).statusCode).toBe(200);
    expect((await waiting.client.post(`/api/rides/${ride.id}/leave`)).statusCode).toBe(200);
    expect((await owner.client.patch(`/api/rides/${ride.id}`, { maxRiders: 3 })).statusCode).toBe(200);
    expect(await seatedAndQueued(ride.id)).toEqual([]);
  });

  it('keeps the invariant when the requests really run at once (many rounds)', async () => {
    for (let round = 0; round < 8; round++) {
      const { owner, ride, seated, waiting } = await fullRideWithQueue();
      const answers = await Promise.all([
        ...Array.from({ length: 3 }, () => waiting.client.post(`/api/rides/${ride.id}/waitlist`)),
        seated.client.post(`/api/rides/${ride.id}/leave`),
        ...Array.from({ length: 3 }, () => waiting.client.post(`/api/rides/${ride.id}/waitlist`)),
      ]);
      for (const answer of answers) expect(answer.statusCode, answer.body).toBeLessThan(500);
      expect(await seatedAndQueued(ride.id)).toEqual([]);
      expect((await owner.client.patch(`/api/rides/${ride.id}`, { maxRiders: 3 })).statusCode).toBe(200);
    }
  });

  it('a ride already jammed (seated and queued) heals: leaving and raising the seats work, nobody is seated twice', async () => {
    const { owner, ride, seated, waiting, other } = await fullRideWithQueue();
    expect((await other.client.post(`/api/rides/${ride.id}/waitlist`)).statusCode).toBe(200);
    // The state the race used to leave: the rider first in the queue also holds a seat.
    await t.app.ctx.db.deleteFrom('ride_participants').where('ride_id', '=', ride.id).where('user_id', '=', seated.user.id).execute();
    await t.app.ctx.db.insertInto('ride_participants').values({ ride_id: ride.id, user_id: waiting.user.id, joined_at: new Date().toISOString() }).execute();
    expect(await seatedAndQueued(ride.id)).toHaveLength(1);
    const raised = await owner.client.patch(`/api/rides/${ride.id}`, { maxRiders: 3 });
    expect(raised.statusCode, raised.body).toBe(200);
    expect(raised.json()).toMatchObject({ participantCount: 3, waitlist: { count: 0 } });
    expect(await seatedAndQueued(ride.id)).toEqual([]);
    expect((await waiting.client.post(`/api/rides/${ride.id}/leave`)).statusCode).toBe(200);
  });
});

describe('every way to a seat or a place keeps the seat invariant', () => {
  it('seating a rider who waits takes them out of the queue; a seated rider is never queued', async () => {
    const { ride, seated, waiting } = await fullRideWithQueue();
    const db = t.app.ctx.db;
    // A seat given by another path than the waitlist's own (a ride handed over to its group's owner, say).
    await ridesRepository.addParticipant(db, ride.id, waiting.user.id, new Date().toISOString());
    expect(await seatedAndQueued(ride.id)).toEqual([]);
    expect(await waitlistRepository.enqueue(db, ride.id, seated.user.id, new Date().toISOString())).toBe(false);
    expect(await seatedAndQueued(ride.id)).toEqual([]);
  });
});

describe('migration 031', () => {
  it('drops the places of riders who also hold a seat, and only those', async () => {
    const { ride, seated, waiting, other } = await fullRideWithQueue();
    expect((await other.client.post(`/api/rides/${ride.id}/waitlist`)).statusCode).toBe(200);
    // The state the race left: the seated rider queued as well (written around the repository's guard).
    await t.app.ctx.db.insertInto('ride_waitlist').values({ ride_id: ride.id, user_id: seated.user.id, queue_number: 99, joined_at: new Date().toISOString() }).execute();
    expect(await seatedAndQueued(ride.id)).toEqual([seated.user.id]);
    await dropQueuedSeats(t.app.ctx.db as unknown as Kysely<unknown>);
    expect(await seatedAndQueued(ride.id)).toEqual([]);
    expect(await waitlistRepository.queue(t.app.ctx.db, ride.id)).toEqual([waiting.user.id, other.user.id]);
  });
});

describe('a guest who signs into an account', () => {
  it('hands its seat to an account that waits for the same ride, and the account’s place goes (seated or queued, never both)', async () => {
    const { ride, seated } = await fullRideWithQueue();
    const account = await buildSignedInUser(t);
    expect((await account.client.post(`/api/rides/${ride.id}/waitlist`)).statusCode).toBe(200);
    // The rider on the seat was a guest on this phone; they sign into their account here.
    await seated.client.post('/api/auth/magic-link', { email: account.user.email }, { 'x-forwarded-for': '10.9.9.8' });
    expect((await seated.client.post('/api/auth/verify-magic-link', { token: tokenFromMail(t.mail, account.user.email) })).json()).toMatchObject({ status: 'signed_in' });
    expect(await seatedAndQueued(ride.id)).toEqual([]);
    expect((await account.client.get(`/api/rides/${ride.id}`)).json()).toMatchObject({ isParticipant: true, waitlist: { count: 1, position: null } });
  });
});

describe('a member removed while taking a seat or a place', () => {
  async function removedWhileJoining(path: 'join' | 'waitlist') {
    const owner = await buildGuest(t);
    const group = await buildGroup(owner, { membershipApprovalRequired: true });
    const ride = await buildRide(owner, group.id, { maxRiders: path === 'join' ? 5 : 1 });
    const member = await buildMember(t, owner, group.id);
    const paused = pauseAt(t.app.ctx, 'ride-seat');
    const joining = member.client.post(`/api/rides/${ride.id}/${path}`);
    await paused.reached;
    expect((await owner.client.delete(`/api/groups/${group.id}/members/${member.user.id}`)).statusCode).toBe(200);
    paused.release();
    const answer = await joining;
    expect(answer.statusCode, answer.body).toBe(403);
    expect(answer.json()).toMatchObject({ message: 'Join the group first' });
    const db = t.app.ctx.db;
    expect(await db.selectFrom('ride_participants').select('user_id').where('ride_id', '=', ride.id).where('user_id', '=', member.user.id).execute()).toEqual([]);
    expect(await db.selectFrom('ride_waitlist').select('user_id').where('ride_id', '=', ride.id).execute()).toEqual([]);
    expect(await db.selectFrom('group_members').select('user_id').where('group_id', '=', group.id).where('user_id', '=', member.user.id).execute()).toEqual([]);
  }

  it('does not get the seat', () => removedWhileJoining('join'));
  it('does not get a place on the waitlist', () => removedWhileJoining('waitlist'));
});
