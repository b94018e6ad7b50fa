import { describe, expect, it } from 'vitest';
import { buildSignedInUser, tokenFromMail } from '../test/test-app';
import { usersRepository } from '../users/users.repository';
import { buildGroup, buildGuest, buildRide, buildRoles, type Rider } from '../test/factories';
import { useTestApp } from '../test/use-test-app';

const t = useTestApp();

const notificationsOf = async (rider: Rider) => (await rider.client.get('/api/notifications')).json() as Array<{ type: string; title: string; message: string }>;
const rideOf = async (rider: Rider, rideId: string) => (await rider.client.get(`/api/rides/${rideId}`)).json();
const inHours = (hours: number) => new Date(Date.now() + hours * 3600_000).toISOString();

/** An open group's ride with `seats` seats, all taken (the owner's and seats - 1 riders'). */
async function fullRide(seats: number, extra: Record<string, unknown> = {}) {
  const owner = await buildGuest(t);
  const group = await buildGroup(owner);
  const ride = await buildRide(owner, group.id, { name: 'Passo dello Stelvio at dawn', maxRiders: seats, ...extra });
  const riders: Rider[] = [];
  for (let i = 1; i < seats; i++) {
    const rider = await buildGuest(t);
    expect((await rider.client.post(`/api/rides/${ride.id}/join`)).statusCode).toBe(200);
    riders.push(rider);
  }
  return { owner, group, ride, riders };
}

async function waiters(rideId: string, n: number): Promise<Rider[]> {
  const list: Rider[] = [];
  for (let i = 0; i < n; i++) {
    const rider = await buildGuest(t);
    const res = await rider.client.post(`/api/rides/${rideId}/waitlist`);
    expect(res.statusCode).toBe(200);
    expect(res.json().waitlist).toEqual({ count: i + 1, position: i + 1 });
    list.push(rider);
  }
  return list;
}

describe('joining the waitlist of a full ride', () => {
  it('offers it only on a full ride; the rider sees their place and the count, others only the count', async () => {
    const owner = await buildGuest(t);
    const group = await buildGroup(owner);
    const ride = await buildRide(owner, group.id, { maxRiders: 2 });
    const first = await buildGuest(t);
    const early = await first.client.post(`/api/rides/${ride.id}/waitlist`);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ message: 'A seat is free: join the ride instead' });
    expect((await rideOf(first, ride.id)).abilities).toMatchObject({ join: true, joinWaitlist: false, leaveWaitlist: false });

    await first.client.post(`/api/rides/${ride.id}/join`);
    const second = await buildGuest(t);
    expect((await rideOf(second, ride.id)).abilities).toMatchObject({ join: false, joinWaitlist: true });
    const joined = (await second.client.post(`/api/rides/${ride.id}/waitlist`)).json();
    expect(joined).toMatchObject({ isParticipant: false, waitlist: { count: 1, position: 1 }, abilities: { joinWaitlist: false, leaveWaitlist: true } });
    const twice = await second.client.post(`/api/rides/${ride.id}/waitlist`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ message: 'You are already on the waitlist' });
    expect((await rideOf(owner, ride.id)).waitlist).toEqual({ count: 1, position: null });
    // Lists carry no waitlist: their cards are the same for every viewer.
    expect((await second.client.get(`/api/groups/${group.id}/rides`)).json()[0].waitlist).toBeUndefined();
  });

  it('follows the rules of joining for each role: anonymous 401, guest and outsider of an approval group and a pending member 403, owner and riders 409, a member waits', async () => {
    const r = await buildRoles(t);
    const ride = await buildRide(r.owner, r.group.id, { maxRiders: 1 });
    expect((await r.anonymous.post(`/api/rides/${ride.id}/waitlist`)).statusCode).toBe(401);
    for (const who of [r.guest, r.outsider, r.pending]) {
      const res = await who.client.post(`/api/rides/${ride.id}/waitlist`);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ message: 'Join the group first' });
      expect((await rideOf(who, ride.id)).abilities.joinWaitlist).toBe(false);
    }
    const owner = await r.owner.client.post(`/api/rides/${ride.id}/waitlist`);
    expect(owner.statusCode).toBe(409);
    expect(owner.json()).toMatchObject({ message: 'You have already joined this ride' });
    expect((await r.member.client.post(`/api/rides/${ride.id}/waitlist`)).json().waitlist).toEqual({ count: 1, position: 1 });
    expect((await r.anonymous.get(`/api/rides/${ride.id}`)).json()).toMatchObject({ waitlist: { count: 1, position: null }, abilities: { joinWaitlist: false } });
  });

  it('adds an outsider to an open group on the way, as joining does; a rider with a seat cannot wait', async () => {
    const { group, ride, riders } = await fullRide(2);
    const outsider = await buildGuest(t);
    expect((await outsider.client.post(`/api/rides/${ride.id}/waitlist`)).statusCode).toBe(200);
    expect((await outsider.client.get(`/api/groups/${group.id}`)).json().membershipStatus).toBe('member');
    expect((await riders[0]!.client.post(`/api/rides/${ride.id}/waitlist`)).statusCode).toBe(409);
  });

  it('refuses a cancelled ride, and an unknown ride is 404', async () => {
    const { owner, ride } = await fullRide(1);
    await owner.client.patch(`/api/rides/${ride.id}`, { status: 'cancelled' });
    const rider = await buildGuest(t);
    expect((await rider.client.post(`/api/rides/${ride.id}/waitlist`)).json()).toMatchObject({ message: 'This ride is not open for joining' });
    expect((await rider.client.post('/api/rides/no-such-ride/waitlist')).statusCode).toBe(404);
    expect((await rider.client.delete('/api/rides/no-such-ride/waitlist')).statusCode).toBe(404);
  });
});

describe('leaving the waitlist', () => {
  it('moves the riders behind up one place; leaving twice is 409', async () => {
    const { ride } = await fullRide(1);
    const [a, b, c] = await waiters(ride.id, 3);
    expect((await a!.client.delete(`/api/rides/${ride.id}/waitlist`)).json()).toMatchObject({ waitlist: { count: 2, position: null }, abilities: { joinWaitlist: true } });
    expect((await rideOf(b!, ride.id)).waitlist).toEqual({ count: 2, position: 1 });
    expect((await rideOf(c!, ride.id)).waitlist).toEqual({ count: 2, position: 2 });
    const again = await a!.client.delete(`/api/rides/${ride.id}/waitlist`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: 'You are not on the waitlist' });
  });

  it('happens when the rider leaves the group', async () => {
    const { ride, group } = await fullRide(1);
    const [a, b] = await waiters(ride.id, 2);
    expect((await a!.client.post(`/api/groups/${group.id}/leave`)).statusCode).toBe(200);
    expect((await rideOf(b!, ride.id)).waitlist).toEqual({ count: 1, position: 1 });
  });
});

describe('a freed seat', () => {
  it('goes to the first rider waiting, who is told "You\'re in: a seat opened on {ride}"', async () => {
    const { ride, riders } = await fullRide(3);
    const [first, second] = await waiters(ride.id, 2);
    const left = (await riders[0]!.client.post(`/api/rides/${ride.id}/leave`)).json();
    expect(left).toMatchObject({ participantCount: 3, isFull: true, waitlist: { count: 1, position: null } });
    expect(await rideOf(first!, ride.id)).toMatchObject({ isParticipant: true, waitlist: { count: 1, position: null }, abilities: { leave: true, leaveWaitlist: false } });
    expect((await rideOf(second!, ride.id)).waitlist).toEqual({ count: 1, position: 1 });
    expect((await notificationsOf(first!)).filter((n) => n.type === 'waitlist_seat_taken')).toEqual([
      expect.objectContaining({ message: "You're in: a seat opened on Passo dello Stelvio at dawn", subject: expect.objectContaining({ kind: 'ride', rideName: 'Passo dello Stelvio at dawn' }) }),
    ]);
    expect((await notificationsOf(second!)).some((n) => n.type.startsWith('waitlist'))).toBe(false);
  });

  it('raising max riders seats as many riders waiting as there are new seats, in order', async () => {
    const { owner, ride } = await fullRide(2);
    const [a, b, c] = await waiters(ride.id, 3);
    expect((await owner.client.patch(`/api/rides/${ride.id}`, { maxRiders: 4 })).json()).toMatchObject({ participantCount: 4, waitlist: { count: 1 } });
    expect((await rideOf(a!, ride.id)).isParticipant).toBe(true);
    expect((await rideOf(b!, ride.id)).isParticipant).toBe(true);
    expect(await rideOf(c!, ride.id)).toMatchObject({ isParticipant: false, waitlist: { position: 1 } });
  });

  it('a ride confirmed again after a cancellation gives its free seats to the riders waiting', async () => {
    const { owner, ride, riders } = await fullRide(2);
    const [a] = await waiters(ride.id, 1);
    await owner.client.patch(`/api/rides/${ride.id}`, { status: 'cancelled' });
    await riders[0]!.client.post(`/api/rides/${ride.id}/leave`);
    expect((await rideOf(a!, ride.id)).isParticipant).toBe(false);
    await owner.client.patch(`/api/rides/${ride.id}`, { status: 'confirmed' });
    expect((await rideOf(a!, ride.id)).isParticipant).toBe(true);
  });

  it('cannot be taken by joining directly while riders wait: only the first rider waiting may', async () => {
    const { owner, ride } = await fullRide(2);
    const [a, b] = await waiters(ride.id, 2);
    // A free seat with riders waiting: the seat is raised while the queue is put aside by a
    // cancellation, then the ride is confirmed again (which seats the first rider waiting).
    await owner.client.patch(`/api/rides/${ride.id}`, { status: 'cancelled' });
    await owner.client.patch(`/api/rides/${ride.id}`, { maxRiders: 4 });
    const stranger = await buildGuest(t);
    const jumped = await stranger.client.post(`/api/rides/${ride.id}/join`);
    expect(jumped.statusCode).toBe(409);
    await owner.client.patch(`/api/rides/${ride.id}`, { status: 'confirmed' });
    expect((await rideOf(a!, ride.id)).isParticipant).toBe(true);
    expect((await rideOf(b!, ride.id)).isParticipant).toBe(true);
    expect((await stranger.client.post(`/api/rides/${ride.id}/join`)).statusCode).toBe(409);
  });

  it('within 2 hours of the start only tells the riders waiting that a seat is free; the first to join takes it', async () => {
    const { ride, riders } = await fullRide(2, { startDate: inHours(1.5), endDate: inHours(1.5) });
    const [a, b] = await waiters(ride.id, 2);
    await riders[0]!.client.post(`/api/rides/${ride.id}/leave`);
    for (const waiting of [a!, b!]) {
      expect(await rideOf(waiting, ride.id)).toMatchObject({ isParticipant: false, isFull: false, abilities: { join: true } });
      expect((await notificationsOf(waiting)).filter((n) => n.type === 'waitlist_seat_free')).toEqual([
        expect.objectContaining({ message: 'A seat is free on Passo dello Stelvio at dawn: the first to join takes it' }),
      ]);
    }
    expect((await b!.client.post(`/api/rides/${ride.id}/join`)).statusCode).toBe(200);
    expect((await rideOf(b!, ride.id)).waitlist).toEqual({ count: 1, position: null });
    expect((await a!.client.post(`/api/rides/${ride.id}/join`)).json()).toMatchObject({ message: 'This ride is full' });
  });
});

describe('20 riders joining and leaving at once', () => {
  it('never seat more riders than the maximum, and seat the riders waiting in their order', async () => {
    const seats = 4;
    const { owner, ride, riders } = await fullRide(seats);
    const queue = await waiters(ride.id, 8);
    const strangers = await Promise.all(Array.from({ length: 6 }, () => buildGuest(t)));
    // 20 requests at once: 3 riders leave, 4 riders waiting (2nd, 5th, 7th, 8th) leave the queue,
    // 6 strangers try to join directly, 6 more try to wait, and the first rider waiting tries to join.
    const leavers = riders.slice(0, 3);
    const quitters = [queue[1]!, queue[4]!, queue[6]!, queue[7]!];
    const answers = await Promise.all([
      ...leavers.map((r) => r.client.post(`/api/rides/${ride.id}/leave`).then((res) => ({ kind: 'leave', res }))),
      ...quitters.map((r) => r.client.delete(`/api/rides/${ride.id}/waitlist`).then((res) => ({ kind: 'quit', res }))),
      ...strangers.map((r) => r.client.post(`/api/rides/${ride.id}/join`).then((res) => ({ kind: 'join', res }))),
      ...strangers.map((r) => r.client.post(`/api/rides/${ride.id}/waitlist`).then((res) => ({ kind: 'wait', res }))),
      queue[0]!.client.post(`/api/rides/${ride.id}/join`).then((res) => ({ kind: 'first', res })),
    ]);
    expect(answers).toHaveLength(20);
    for (const a of answers) expect(a.res.statusCode, `${a.kind}: ${a.res.body}`).toBeLessThan(500);
    expect(answers.filter((a) => a.kind === 'leave').every((a) => a.res.statusCode === 200)).toBe(true);
    // No stranger took a seat ahead of the queue.
    expect(answers.filter((a) => a.kind === 'join').every((a) => a.res.statusCode === 409)).toBe(true);

    const view = await rideOf(owner, ride.id);
    expect(view.participantCount).toBe(seats);
    const seated = new Set((view.participants as Array<{ id: string }>).map((p) => p.id));
    const quit = new Set(quitters.filter((_, i) => answers[3 + i]!.res.statusCode === 200).map((r) => r.user.id));
    // The seats freed went to the queue from its head: everyone ahead of a seated rider is seated or left the queue.
    const order = queue.map((r) => r.user.id);
    const lastSeated = Math.max(...order.map((id, i) => (seated.has(id) ? i : -1)));
    expect(lastSeated).toBeGreaterThanOrEqual(0);
    for (const id of order.slice(0, lastSeated)) expect(seated.has(id) || quit.has(id)).toBe(true);
    expect(order.filter((id) => seated.has(id))).toHaveLength(3);
    // Those still waiting have the places 1..n in their order, strangers after the original queue.
    const stillWaiting = [...queue, ...strangers].filter((r) => !seated.has(r.user.id) && !quit.has(r.user.id));
    const places = await Promise.all(stillWaiting.map(async (r) => (await rideOf(r, ride.id)).waitlist.position as number | null));
    const queued = stillWaiting.filter((_, i) => places[i] !== null);
    expect(places.filter((p) => p !== null).sort((x, y) => x! - y!)).toEqual(queued.map((_, i) => i + 1));
    const originalPlaces = places.slice(0, stillWaiting.filter((r) => queue.includes(r)).length);
    expect(originalPlaces).toEqual([...originalPlaces].sort((x, y) => x! - y!));
    expect(view.waitlist.count).toBe(queued.length);
    // The seat invariant: nobody both holds a seat and waits for one.
    const db = t.app.ctx.db;
    const both = await db
      .selectFrom('ride_waitlist as w')
      .innerJoin('ride_participants as p', (join) => join.onRef('p.ride_id', '=', 'w.ride_id').onRef('p.user_id', '=', 'w.user_id'))
      .select('w.user_id')
      .where('w.ride_id', '=', ride.id)
      .execute();
    expect(both).toEqual([]);
  });
});

describe('a rider\'s places in waitlists', () => {
  it('keep a guest who has nothing else from the abandoned-guest clean-up', async () => {
    const { ride } = await fullRide(1);
    const [guest] = await waiters(ride.id, 1);
    // Groups joined on the way would keep the guest too: the open group's membership is dropped.
    await t.app.ctx.db.deleteFrom('group_members').where('user_id', '=', guest!.user.id).execute();
    await usersRepository.deleteAbandonedGuests(t.app.ctx.db, new Date(Date.now() + 86_400_000).toISOString());
    expect((await rideOf(guest!, ride.id)).waitlist).toEqual({ count: 1, position: 1 });
  });

  it('move to the account a guest signs into; where both wait the earlier place stays, where the account rides the place goes', async () => {
    const account = await buildSignedInUser(t);
    const guest = await buildGuest(t);
    const onlyGuest = await fullRide(1);
    const both = await fullRide(1);
    const seated = await fullRide(2);
    await guest.client.post(`/api/rides/${onlyGuest.ride.id}/waitlist`);
    const ahead = await buildGuest(t);
    await ahead.client.post(`/api/rides/${both.ride.id}/waitlist`);
    await guest.client.post(`/api/rides/${both.ride.id}/waitlist`);
    await account.client.post(`/api/rides/${both.ride.id}/waitlist`);
    await seated.owner.client.patch(`/api/rides/${seated.ride.id}`, { maxRiders: 3 });
    expect((await account.client.post(`/api/rides/${seated.ride.id}/join`)).statusCode).toBe(200);
    expect((await guest.client.post(`/api/rides/${seated.ride.id}/waitlist`)).statusCode).toBe(200);

    await guest.client.post('/api/auth/magic-link', { email: account.user.email }, { 'x-forwarded-for': '10.9.9.9' });
    expect((await guest.client.post('/api/auth/verify-magic-link', { token: tokenFromMail(t.mail, account.user.email) })).json()).toMatchObject({ status: 'signed_in' });
    expect((await rideOf(guest, onlyGuest.ride.id)).waitlist).toEqual({ count: 1, position: 1 });
    expect((await rideOf(guest, both.ride.id)).waitlist).toEqual({ count: 2, position: 2 });
    expect(await rideOf(guest, seated.ride.id)).toMatchObject({ isParticipant: true, waitlist: { count: 0, position: null } });
  });
});
