import { describe, expect, it, vi } from 'vitest';
import { buildSignedInUser, tokenFromMail, type TestClient } from '../test/test-app';
import { addMember, buildGroup, buildGuest, buildInvitation, buildMember, buildRide, buildRoles, inDays, type Rider } from '../test/factories';
import { BANNED_FROM_GROUP, groupBanListSchema, groupSchema } from '../../shared/groups/group';
import { notificationSchema } from '../../shared/notifications/notification';
import { rideDetailSchema, type Ride } from '../../shared/rides/ride';
import { MEDIA_MESSAGES } from '../../shared/media/media-item';
import { fileOf, gpxFixture, PHOTO, postMultipart, type Part } from '../media/media.test-helpers';
import { usersRepository } from '../users/users.repository';
import { useTestApp } from '../test/use-test-app';
import { pauseAt } from '../test/pause-point';

// Issue 27, point 2: a removed rider keeps no ride of the group to run, and a ban keeps them out
// by every door (docs/behaviour/groups.md "Clubs run by more than one person").

vi.setConfig({ testTimeout: 90_000 });

const t = useTestApp();

type World = Awaited<ReturnType<typeof buildRoles>>;

async function openWorld(): Promise<World> {
  return buildRoles(t, { membershipApprovalRequired: false });
}

const freshMember = (w: World) => buildMember(t, w.owner, w.group.id);

const rideOf = async (client: TestClient, rideId: string) => rideDetailSchema.parse((await client.get(`/api/rides/${rideId}`)).json());
const seatsOf = (ride: Ride) => ride.participants.map((p) => p.id);
const notesOf = async (rider: Rider) => notificationSchema.array().parse((await rider.client.get('/api/notifications')).json());
const remove = (by: Rider, w: World, who: Rider, ban?: boolean) =>
  by.client.request('DELETE', `/api/groups/${w.group.id}/members/${who.user.id}`, ban === undefined ? undefined : { ban });
const toRide = (rideId: string, file: Part): Part[] => [{ name: 'associatedType', value: 'ride' }, { name: 'associatedId', value: rideId }, file];

/** The browser of `client` (a guest) signs in to the account with `email`: the guest is merged into it. */
async function signInFrom(client: TestClient, email: string, ip: string) {
  await client.post('/api/auth/magic-link', { email }, { 'x-forwarded-for': ip });
  expect((await client.post('/api/auth/verify-magic-link', { token: tokenFromMail(t.mail, email) })).statusCode).toBe(200);
}

/** A guest's new open group that `rider` joined and its owner removed them from with a ban. */
async function groupThatBanned(rider: { client: TestClient; user: { id: string } }) {
  const owner = await buildGuest(t);
  const group = await buildGroup(owner, { membershipApprovalRequired: false });
  expect((await rider.client.post(`/api/groups/${group.id}/join`)).statusCode).toBe(200);
  expect((await owner.client.request('DELETE', `/api/groups/${group.id}/members/${rider.user.id}`, { ban: true })).statusCode).toBe(200);
  return { owner, group };
}

/** Moves a ride into the past (it has ended): history, not an upcoming ride. */
async function endRide(rideId: string) {
  await t.app.ctx.db.updateTable('rides').set({ start_date: inDays(-3), end_date: inDays(-2) }).where('id', '=', rideId).execute();
}

describe('removing a rider hands their upcoming rides to the group’s owner', () => {
  it('the owner takes the ride and the rider’s seat: seats and waitlist unchanged; ended rides stay the rider’s; the owner is told of each ride', async () => {
    const w = await openWorld();
    const rider = await freshMember(w);
    const seated = await freshMember(w);
    const waiting = await freshMember(w);
    // A full ride with a queue, created by the rider who will be removed.
    const full = await buildRide(rider, w.group.id, { maxRiders: 2 });
    expect((await seated.client.post(`/api/rides/${full.id}/join`)).statusCode).toBe(200);
    expect((await waiting.client.post(`/api/rides/${full.id}/waitlist`)).statusCode).toBe(200);
    // A ride the group's owner already rides on: the rider's seat is freed and goes to the first rider waiting.
    const shared = await buildRide(rider, w.group.id, { maxRiders: 2 });
    expect((await w.owner.client.post(`/api/rides/${shared.id}/join`)).statusCode).toBe(200);
    expect((await waiting.client.post(`/api/rides/${shared.id}/waitlist`)).statusCode).toBe(200);
    // A cancelled upcoming ride passes too (the rider could have confirmed it again).
    const cancelled = await buildRide(rider, w.group.id);
    expect((await rider.client.patch(`/api/rides/${cancelled.id}`, { status: 'cancelled' })).statusCode).toBe(200);
    const past = await buildRide(rider, w.group.id);
    await endRide(past.id);
    const before = await rideOf(w.owner.client, full.id);

    // A co-organizer removes the rider: the rides go to the group's owner, not to the co-organizer.
    expect((await remove(w.coOrganizer, w, rider)).statusCode).toBe(200);

    const after = await rideOf(w.owner.client, full.id);
    expect(after.owner.id).toBe(w.owner.user.id);
    expect(after.participants).toHaveLength(before.participants.length);
    expect(seatsOf(after)).toEqual(seatsOf(before).map((id) => (id === rider.user.id ? w.owner.user.id : id)));
    expect(after.waitlist).toEqual(before.waitlist);
    expect((await rideOf(waiting.client, full.id)).waitlist.position).toBe(1);
    expect(after.abilities).toMatchObject({ edit: true, delete: true, uploadMedia: true });

    const sharedAfter = await rideOf(w.owner.client, shared.id);
    expect(sharedAfter.owner.id).toBe(w.owner.user.id);
    expect(seatsOf(sharedAfter).sort()).toEqual([w.owner.user.id, waiting.user.id].sort());
    expect(sharedAfter.waitlist.count).toBe(0);

    expect((await rideOf(w.owner.client, cancelled.id)).owner.id).toBe(w.owner.user.id);
    expect((await rideOf(w.owner.client, past.id)).owner.id).toBe(rider.user.id);

    const handed = (await notesOf(w.owner)).filter((n) => n.type === 'ride_handed_over');
    expect(handed.map((n) => n.subject?.rideId).sort()).toEqual([full.id, shared.id, cancelled.id].sort());
    expect(handed.find((n) => n.subject?.rideId === full.id)).toMatchObject({
      title: 'You own a ride now',
      message: `${full.name} is yours: ${rider.user.userId} was removed from ${w.group.name}`,
      subject: { kind: 'ride', rideId: full.id },
    });
    expect((await notesOf(w.coOrganizer)).some((n) => n.type === 'ride_handed_over')).toBe(false);
  });

  it('a removed rider edits, renames, confirms again, uploads to and deletes none of the group’s rides, past ones included', async () => {
    const w = await openWorld();
    const rider = await freshMember(w);
    const upcoming = await buildRide(rider, w.group.id);
    const cancelled = await buildRide(rider, w.group.id);
    expect((await rider.client.patch(`/api/rides/${cancelled.id}`, { status: 'cancelled' })).statusCode).toBe(200);
    const past = await buildRide(rider, w.group.id);
    await endRide(past.id);
    expect((await remove(w.owner, w, rider)).statusCode).toBe(200);

    for (const ride of [upcoming, past]) {
      const res = await rider.client.patch(`/api/rides/${ride.id}`, { name: `Mine again ${Math.random()}` });
      expect(res.statusCode, ride.name).toBe(403);
      expect(res.json()).toMatchObject({ message: "You don't have permission to edit this ride" });
      expect((await rider.client.patch(`/api/rides/${ride.id}`, { description: 'still mine' })).statusCode).toBe(403);
      expect((await rider.client.delete(`/api/rides/${ride.id}`)).statusCode).toBe(403);
      const gpx = await postMultipart(t, '/api/media', rider.client, toRide(ride.id, fileOf(gpxFixture('togeojson-strava.gpx'), 'strava.gpx', 'application/gpx+xml')));
      expect(gpx.statusCode).toBe(403);
    }
    // The past ride is still theirs, and its page says what they may do: nothing an owner does.
    const pastPage = await rideOf(rider.client, past.id);
    expect(pastPage.owner.id).toBe(rider.user.id);
    expect(pastPage.abilities).toMatchObject({ edit: false, delete: false, uploadMedia: false });
    expect((await rider.client.patch(`/api/rides/${cancelled.id}`, { status: 'confirmed' })).statusCode).toBe(403);
    // No seat on the upcoming ride any more, no member: no photos either.
    const photo = await postMultipart(t, '/api/media', rider.client, toRide(upcoming.id, fileOf(PHOTO, 'photo.jpg')));
    expect(photo.statusCode).toBe(403);
    expect(photo.json()).toMatchObject({ message: MEDIA_MESSAGES.rideRidersOnly });
  });
});

describe('a rider who leaves the group gives up their seats on its rides, as a removed rider does', () => {
  it('each seat on a ride that has not started is freed for the first rider waiting; the rider no longer rides, comments on or sees it in Upcoming; their own rides and a ride under way keep their seat', async () => {
    const w = await openWorld();
    const leaver = await freshMember(w);
    const waiting = await freshMember(w);
    const full = await buildRide(w.owner, w.group.id, { maxRiders: 2 });
    expect((await leaver.client.post(`/api/rides/${full.id}/join`)).statusCode).toBe(200);
    expect((await waiting.client.post(`/api/rides/${full.id}/waitlist`)).statusCode).toBe(200);
    const underWay = await buildRide(w.owner, w.group.id);
    expect((await leaver.client.post(`/api/rides/${underWay.id}/join`)).statusCode).toBe(200);
    await t.app.ctx.db.updateTable('rides').set({ start_date: inDays(-1), end_date: inDays(1) }).where('id', '=', underWay.id).execute();
    const own = await buildRide(leaver, w.group.id);

    expect((await leaver.client.post(`/api/groups/${w.group.id}/leave`)).statusCode).toBe(200);

    const after = await rideOf(w.owner.client, full.id);
    expect(seatsOf(after).sort()).toEqual([w.owner.user.id, waiting.user.id].sort());
    expect(after.waitlist.count).toBe(0);
    expect((await rideOf(leaver.client, full.id)).isParticipant).toBe(false);
    // An open group's comments are for anyone to read; writing is for its members and riders.
    expect((await leaver.client.post(`/api/rides/${full.id}/comments`, { content: 'Still here?' })).statusCode).toBe(403);
    const upcoming = ((await leaver.client.get('/api/rides/upcoming')).json() as Ride[]).map((ride) => ride.id);
    expect(upcoming).not.toContain(full.id);
    // The rider waiting is told of the seat.
    expect((await notesOf(waiting)).some((n) => n.subject?.rideId === full.id)).toBe(true);
    // A ride under way is history in the making: its seat stays; the rider's own ride keeps its owner's seat.
    expect(seatsOf(await rideOf(w.owner.client, underWay.id))).toContain(leaver.user.id);
    expect(seatsOf(await rideOf(w.owner.client, own.id))).toContain(leaver.user.id);
  });

  it('keeps the seat of a rider who is back in the group by the time the seats are given up', async () => {
    const w = await openWorld();
    const leaver = await freshMember(w);
    const ride = await buildRide(w.owner, w.group.id);
    expect((await leaver.client.post(`/api/rides/${ride.id}/join`)).statusCode).toBe(200);
    const paused = pauseAt(t.app.ctx, 'seats-after-departure');
    const leaving = leaver.client.post(`/api/groups/${w.group.id}/leave`);
    await paused.reached;
    expect((await leaver.client.post(`/api/groups/${w.group.id}/join`)).statusCode).toBe(200);
    paused.release();
    expect((await leaving).statusCode).toBe(200);
    expect(seatsOf(await rideOf(w.owner.client, ride.id))).toContain(leaver.user.id);
  });
});

describe('organizers delete any of the group’s rides', () => {
  it('owner and co-organizer may delete a member’s ride and a removed rider’s past ride; a plain member and an outsider may not', async () => {
    const w = await openWorld();
    const ride = await buildRide(w.member, w.group.id);
    for (const who of [w.outsider, w.pending]) expect((await who.client.delete(`/api/rides/${ride.id}`)).statusCode).toBe(403);
    const other = await freshMember(w);
    const res = await other.client.delete(`/api/rides/${ride.id}`);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ message: 'Only the ride owner or the group owner or a co-organizer can delete this ride' });
    expect((await rideOf(w.coOrganizer.client, ride.id)).abilities.delete).toBe(true);
    expect((await rideOf(other.client, ride.id)).abilities.delete).toBe(false);
    expect((await w.coOrganizer.client.delete(`/api/rides/${ride.id}`)).statusCode).toBe(200);

    const removed = await freshMember(w);
    const past = await buildRide(removed, w.group.id);
    await endRide(past.id);
    expect((await remove(w.owner, w, removed)).statusCode).toBe(200);
    expect((await rideOf(w.owner.client, past.id)).abilities.delete).toBe(true);
    expect((await w.owner.client.delete(`/api/rides/${past.id}`)).statusCode).toBe(200);
    // The ride's owner, still a member, deletes their own.
    const own = await buildRide(w.member, w.group.id);
    expect((await w.member.client.delete(`/api/rides/${own.id}`)).statusCode).toBe(200);
  });
});

describe('"Don’t let them rejoin"', () => {
  it('a plain removal lets the rider join again; a ban does not, until an organizer lifts it', async () => {
    const w = await openWorld();
    const plain = await freshMember(w);
    expect((await remove(w.owner, w, plain, false)).statusCode).toBe(200);
    expect((await plain.client.post(`/api/groups/${w.group.id}/join`)).statusCode).toBe(200);

    const banned = await freshMember(w);
    expect((await remove(w.coOrganizer, w, banned, true)).statusCode).toBe(200);
    const group = groupSchema.parse((await banned.client.get(`/api/groups/${w.group.id}`)).json());
    expect(group).toMatchObject({ membershipStatus: 'none', abilities: { join: false } });
    // Other riders are still offered Join.
    expect(groupSchema.parse((await w.outsider.client.get(`/api/groups/${w.group.id}`)).json()).abilities.join).toBe(true);
    const join = await banned.client.post(`/api/groups/${w.group.id}/join`);
    expect(join.statusCode).toBe(403);
    expect(join.json()).toMatchObject({ message: BANNED_FROM_GROUP });
    // Nor through one of its rides, which adds the membership on the way.
    const ride = await buildRide(w.owner, w.group.id);
    expect((await rideOf(banned.client, ride.id)).abilities.join).toBe(false);
    expect((await rideOf(w.outsider.client, ride.id)).abilities.join).toBe(true);
    const rideJoin = await banned.client.post(`/api/rides/${ride.id}/join`);
    expect(rideJoin.statusCode).toBe(403);
    expect(rideJoin.json()).toMatchObject({ message: BANNED_FROM_GROUP });
    const full = await buildRide(w.owner, w.group.id, { maxRiders: 1 });
    expect((await rideOf(banned.client, full.id)).abilities.joinWaitlist).toBe(false);
    expect((await banned.client.post(`/api/rides/${full.id}/waitlist`)).json()).toMatchObject({ message: BANNED_FROM_GROUP });
    expect(groupSchema.parse((await banned.client.get(`/api/groups/${w.group.id}`)).json()).membershipStatus).toBe('none');

    // Organizers see who is kept out; a plain member, the rider and an outsider do not.
    const bans = groupBanListSchema.parse((await w.owner.client.get(`/api/groups/${w.group.id}/bans`)).json());
    expect(bans.map((b) => b.user)).toEqual([{ id: banned.user.id, userId: banned.user.userId, profileImageUrl: null }]);
    for (const who of [w.member, banned, w.outsider]) expect((await who.client.get(`/api/groups/${w.group.id}/bans`)).statusCode).toBe(403);
    expect((await w.member.client.delete(`/api/groups/${w.group.id}/bans/${banned.user.id}`)).statusCode).toBe(403);

    expect((await w.coOrganizer.client.delete(`/api/groups/${w.group.id}/bans/${banned.user.id}`)).statusCode).toBe(200);
    expect((await w.coOrganizer.client.delete(`/api/groups/${w.group.id}/bans/${banned.user.id}`)).statusCode).toBe(404);
    expect(groupBanListSchema.parse((await w.owner.client.get(`/api/groups/${w.group.id}/bans`)).json())).toEqual([]);
    expect(groupSchema.parse((await banned.client.get(`/api/groups/${w.group.id}`)).json()).abilities.join).toBe(true);
    expect((await banned.client.post(`/api/groups/${w.group.id}/join`)).statusCode).toBe(200);
  });

  it('keeps a banned rider from asking to join an approval group', async () => {
    const w = await buildRoles(t);
    expect((await remove(w.owner, w, w.member, true)).statusCode).toBe(200);
    const res = await w.member.client.post(`/api/groups/${w.group.id}/join`);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ message: BANNED_FROM_GROUP });
    expect((await w.owner.client.get(`/api/groups/${w.group.id}/membership-requests`)).json()).toHaveLength(1); // only the pending rider's
  });

  it('a request that slipped in as the rider was banned is not approved into a membership', async () => {
    const w = await buildRoles(t);
    // The pending rider's request was made before the ban reached the database (a race, set up by hand).
    await t.app.ctx.db.insertInto('group_bans').values({ group_id: w.group.id, user_id: w.pending.user.id, banned_by: w.owner.user.id, banned_at: new Date().toISOString() }).execute();
    const [request] = (await w.owner.client.get(`/api/groups/${w.group.id}/membership-requests`)).json() as Array<{ id: string }>;
    const res = await w.coOrganizer.client.post(`/api/groups/${w.group.id}/membership-requests/${request!.id}/approve`);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ message: BANNED_FROM_GROUP });
    expect(groupSchema.parse((await w.pending.client.get(`/api/groups/${w.group.id}`)).json()).membershipStatus).toBe('pending');
  });

  it('a co-organizer bans plain members only, as they remove them; the body is checked', async () => {
    const w = await openWorld();
    const helper = await freshMember(w);
    await w.owner.client.put(`/api/groups/${w.group.id}/members/${helper.user.id}/role`, { role: 'co_organizer' });
    const refused = await remove(w.coOrganizer, w, helper, true);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: 'Co-organizers can remove plain members only' });
    expect(groupBanListSchema.parse((await w.owner.client.get(`/api/groups/${w.group.id}/bans`)).json())).toEqual([]);
    expect((await remove(w.member, w, helper, true)).statusCode).toBe(403);
    const bad = await w.owner.client.request('DELETE', `/api/groups/${w.group.id}/members/${helper.user.id}`, { ban: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBeTruthy();
    // Nothing was done by the bad request.
    expect(groupSchema.parse((await helper.client.get(`/api/groups/${w.group.id}`)).json()).membershipStatus).toBe('co_organizer');
    expect((await remove(w.owner, w, helper, true)).statusCode).toBe(200);
    expect((await helper.client.post(`/api/groups/${w.group.id}/join`)).statusCode).toBe(403);
  });

  it('an invitation does not bring a banned rider back', async () => {
    const w = await openWorld();
    const rider = await buildSignedInUser(t);
    await addMember(w.owner, rider, w.group.id);
    expect((await remove(w.owner, w, rider, true)).statusCode).toBe(200);
    const { token } = await buildInvitation(w.owner, w.group.id, { inviterFirstName: 'Ana', inviteeName: 'Ben' });
    const res = await rider.client.post(`/api/invite/${token}/complete`, {});
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ message: BANNED_FROM_GROUP });
    expect(groupSchema.parse((await rider.client.get(`/api/groups/${w.group.id}`)).json()).membershipStatus).toBe('none');
    // The invitation was not used up: another rider may still take it.
    const other = await buildSignedInUser(t);
    expect((await other.client.post(`/api/invite/${token}/complete`, {})).statusCode).toBe(200);
  });

  it('signing in from a guest who joined meanwhile does not give the banned account the membership', async () => {
    const account = await buildSignedInUser(t);
    const { owner, group } = await groupThatBanned(account);

    // A new browser: a guest joins the group and one of its rides' queues, then signs in to the banned account.
    const guest = await buildGuest(t);
    expect((await guest.client.post(`/api/groups/${group.id}/join`)).statusCode).toBe(200);
    const full = await buildRide(owner, group.id, { maxRiders: 1 });
    expect((await guest.client.post(`/api/rides/${full.id}/waitlist`)).statusCode).toBe(200);
    await signInFrom(guest.client, account.user.email, '10.9.8.7');
    expect(((await guest.client.get('/api/users/current')).json() as { id: string }).id).toBe(account.user.id);

    expect(groupSchema.parse((await guest.client.get(`/api/groups/${group.id}`)).json())).toMatchObject({ membershipStatus: 'none', abilities: { join: false } });
    expect((await rideOf(owner.client, full.id)).waitlist.count).toBe(0);
    expect(groupBanListSchema.parse((await owner.client.get(`/api/groups/${group.id}/bans`)).json()).map((b) => b.user.id)).toEqual([account.user.id]);
  });

  it('a guest’s ban passes to the account it signs into', async () => {
    const guest = await buildGuest(t);
    const { group } = await groupThatBanned(guest);
    const account = await buildSignedInUser(t);
    await signInFrom(guest.client, account.user.email, '10.9.8.6');
    expect((await account.client.post(`/api/groups/${group.id}/join`)).json()).toMatchObject({ message: BANNED_FROM_GROUP });
  });

  it('keeps a banned guest (and so the ban) from the abandoned-guest clean-up', async () => {
    const w = await openWorld();
    const rider = await freshMember(w);
    expect((await remove(w.owner, w, rider, true)).statusCode).toBe(200);
    await usersRepository.deleteAbandonedGuests(t.app.ctx.db, new Date(Date.now() + 86_400_000).toISOString());
    expect((await rider.client.post(`/api/groups/${w.group.id}/join`)).json()).toMatchObject({ message: BANNED_FROM_GROUP });
  });
});
