import { describe, expect, it, vi } from 'vitest';
import { buildGuest, buildRide, buildRoles, type Rider } from '../test/factories';
import { dayLabel, zonedDateTimeToIso } from '../../shared/rides/ride-time';
import { useTestApp } from '../test/use-test-app';
import { waitlistRepository } from './waitlist.repository';

const t = useTestApp();

const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const notificationsOf = async (rider: Rider) => (await rider.client.get('/api/notifications')).json() as Array<{ type: string; title: string; message: string }>;

/** A ride with three seats taken: its owner, a member, and a second member who joined the ride too (`rider`). */
async function rideWithThreeRiders(extra: Record<string, unknown> = {}) {
  const r = await buildRoles(t);
  const rider = await buildGuest(t);
  await rider.client.post(`/api/groups/${r.group.id}/join`);
  const requests = (await r.owner.client.get(`/api/groups/${r.group.id}/membership-requests`)).json() as Array<{ id: string; user: { id: string } }>;
  await r.owner.client.post(`/api/groups/${r.group.id}/membership-requests/${requests.find((q) => q.user.id === rider.user.id)!.id}/approve`);
  const ride = await buildRide(r.owner, r.group.id, { name: 'Stelvio Pass Weekend', maxRiders: 5, ...extra });
  expect((await r.member.client.post(`/api/rides/${ride.id}/join`)).statusCode).toBe(200);
  expect((await rider.client.post(`/api/rides/${ride.id}/join`)).statusCode).toBe(200);
  return { ...r, rider, ride };
}

/** A ride in five days starting at `time` on an Athens clock (UTC+02:00), with three riders. */
const rideOnAthensClock = (time: string) =>
  rideWithThreeRiders({
    startDate: zonedDateTimeToIso(day(5), time, 'UTC+02:00'),
    endDate: zonedDateTimeToIso(day(5), '00:00', 'UTC+02:00'),
    timezoneOffset: 'UTC+02:00',
    timezoneName: 'Athens',
  });

describe('maximum riders and the seats taken', () => {
  it('refuses a maximum below the seats taken with 409 naming the count; the owner may go down to it', async () => {
    const { owner, ride } = await rideWithThreeRiders();
    const below = await owner.client.patch(`/api/rides/${ride.id}`, { maxRiders: 2 });
    expect(below.statusCode).toBe(409);
    expect(below.json()).toMatchObject({ message: '3 riders have joined; maximum riders cannot be less than 3' });
    expect((await owner.client.get(`/api/rides/${ride.id}`)).json()).toMatchObject({ maxRiders: 5, participantCount: 3 });
    // Nothing else of the refused edit is kept either.
    expect((await owner.client.patch(`/api/rides/${ride.id}`, { maxRiders: 1, minRiders: 1, name: 'Renamed' })).statusCode).toBe(409);
    expect((await owner.client.get(`/api/rides/${ride.id}`)).json().name).toBe('Stelvio Pass Weekend');
    const atCount = await owner.client.patch(`/api/rides/${ride.id}`, { maxRiders: 3 });
    expect(atCount.json()).toMatchObject({ maxRiders: 3, isFull: true });
  });

  it('is the owner’s: the riders (members of the group), a pending member and an outsider get 403, no session 401', async () => {
    const { owner, member, rider, outsider, pending, anonymous, ride } = await rideWithThreeRiders();
    for (const who of [member, rider, outsider, pending]) expect((await who.client.patch(`/api/rides/${ride.id}`, { maxRiders: 10 })).statusCode).toBe(403);
    expect((await anonymous.patch(`/api/rides/${ride.id}`, { maxRiders: 10 })).statusCode).toBe(401);
    expect((await owner.client.get(`/api/rides/${ride.id}`)).json().maxRiders).toBe(5);
  });
});

describe('cancelling a ride', () => {
  it('tells every rider but the owner "Ride cancelled / {ride} on {day} was cancelled", once, on the ride’s own clock', async () => {
    // 23:30 on the ride's clock in UTC+02:00 is 21:30 UTC: the day named is the ride's day.
    const { owner, member, rider, outsider, pending, ride } = await rideOnAthensClock('23:30');

    const cancelled = await owner.client.patch(`/api/rides/${ride.id}`, { status: 'cancelled' });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', abilities: { join: false } });
    for (const seated of [member, rider]) {
      expect((await notificationsOf(seated)).filter((n) => n.type === 'ride_cancelled')).toEqual([
        expect.objectContaining({ title: 'Ride cancelled', message: `Stelvio Pass Weekend on ${dayLabel(day(5))} was cancelled` }),
      ]);
    }
    expect((await notificationsOf(owner)).some((n) => n.type === 'ride_cancelled')).toBe(false);
    for (const notRiding of [outsider, pending]) expect((await notificationsOf(notRiding)).some((n) => n.type === 'ride_cancelled')).toBe(false);

    // Saving the cancelled ride again, or setting it back to confirmed, tells nobody anything new.
    await owner.client.patch(`/api/rides/${ride.id}`, { status: 'cancelled', description: 'Snow on the pass' });
    expect((await owner.client.patch(`/api/rides/${ride.id}`, { status: 'confirmed' })).json().status).toBe('confirmed');
    expect((await notificationsOf(member)).filter((n) => n.type === 'ride_cancelled')).toHaveLength(1);
  });

  it('is the owner’s: riders and members get 403 and nobody is told', async () => {
    const { member, rider, outsider, ride, owner } = await rideWithThreeRiders();
    for (const who of [member, rider, outsider]) expect((await who.client.patch(`/api/rides/${ride.id}`, { status: 'cancelled' })).statusCode).toBe(403);
    expect((await owner.client.get(`/api/rides/${ride.id}`)).json().status).toBe('confirmed');
    expect((await notificationsOf(owner)).some((n) => n.type === 'ride_cancelled')).toBe(false);
  });

  it('takes the ride out of the dashboard’s upcoming count and distance, and out of the group’s upcoming rides', async () => {
    const { owner, member, group, ride } = await rideWithThreeRiders();
    const counted = (await member.client.get('/api/dashboard/stats')).json();
    expect(counted.upcomingRides).toBe(1);
    expect(counted.milesPlanned).toBeGreaterThan(60);
    await owner.client.patch(`/api/rides/${ride.id}`, { status: 'cancelled' });
    for (const seated of [owner, member]) expect((await seated.client.get('/api/dashboard/stats')).json()).toMatchObject({ upcomingRides: 0, milesPlanned: 0 });
    expect((await member.client.get(`/api/groups/${group.id}`)).json().upcomingRides).toBe(0);
    // The Upcoming Rides page still lists it, marked cancelled, so its riders see what happened.
    expect((await member.client.get('/api/rides/upcoming')).json()).toEqual([expect.objectContaining({ id: ride.id, status: 'cancelled' })]);
  });

  it('takes no one onto a ride cancelled while they were joining it or its waitlist', async () => {
    const { owner, group, ride } = await rideWithThreeRiders();
    const late = await buildGuest(t);
    await late.client.post(`/api/groups/${group.id}/join`);
    const requests = (await owner.client.get(`/api/groups/${group.id}/membership-requests`)).json() as Array<{ id: string; user: { id: string } }>;
    await owner.client.post(`/api/groups/${group.id}/membership-requests/${requests.find((q) => q.user.id === late.user.id)!.id}/approve`);
    // The owner's cancel lands after the join read the ride and just before the ride's lock is taken.
    const lockSeats = waitlistRepository.lockSeats.bind(waitlistRepository);
    const spy = vi.spyOn(waitlistRepository, 'lockSeats').mockImplementation(async (tx, engine, rideId) => {
      await tx.updateTable('rides').set({ status: 'cancelled' }).where('id', '=', rideId).execute();
      return lockSeats(tx, engine, rideId);
    });
    try {
      for (const path of ['join', 'waitlist']) {
        const res = await late.client.post(`/api/rides/${ride.id}/${path}`);
        expect(res.statusCode).toBe(409);
        expect(res.json()).toMatchObject({ message: 'This ride is not open for joining' });
      }
    } finally {
      spy.mockRestore();
    }
    // (The cancel was written inside the join's transaction, which the refusal rolled back.)
    expect((await owner.client.get(`/api/rides/${ride.id}`)).json()).toMatchObject({ participantCount: 3, isParticipant: true });
    expect(await t.app.ctx.db.selectFrom('ride_waitlist').select('user_id').where('ride_id', '=', ride.id).execute()).toEqual([]);
  });
});

describe('moving a ride', () => {
  it('tells every rider but the one who moved it "Ride changed / {ride} now starts on {day} at {time} from {place}", on the ride’s own clock', async () => {
    const { owner, member, rider, outsider, pending, ride } = await rideOnAthensClock('09:00');
    const changed = (seated: Rider) => notificationsOf(seated).then((all) => all.filter((n) => n.type === 'ride_changed'));

    // Words and seats are no news to act on.
    await owner.client.patch(`/api/rides/${ride.id}`, { description: 'Espresso at the top', maxRiders: 6 });
    expect(await changed(member)).toEqual([]);

    const moved = await owner.client.patch(`/api/rides/${ride.id}`, { startDate: zonedDateTimeToIso(day(6), '08:30', 'UTC+02:00'), endDate: zonedDateTimeToIso(day(6), '00:00', 'UTC+02:00'), timezoneOffset: 'UTC+02:00', timezoneName: 'Athens' });
    expect(moved.statusCode, moved.body).toBe(200);
    const startLocation = moved.json().startLocation as string;
    for (const seated of [member, rider]) {
      expect(await changed(seated)).toEqual([
        expect.objectContaining({ title: 'Ride changed', message: `Stelvio Pass Weekend now starts on ${dayLabel(day(6))} at 08:30 from ${startLocation}` }),
      ]);
    }
    expect(await changed(owner)).toEqual([]);
    for (const notRiding of [outsider, pending]) expect(await changed(notRiding)).toEqual([]);

    // A new meeting place is news too.
    await owner.client.patch(`/api/rides/${ride.id}`, { startLocation: 'Bormio', startLatitude: 46.4669, startLongitude: 10.3708 });
    expect((await changed(member))[0]).toEqual(expect.objectContaining({ message: `Stelvio Pass Weekend now starts on ${dayLabel(day(6))} at 08:30 from Bormio` }));
  });
});
