import { describe, expect, it } from 'vitest';
import { buildGuest, buildRide, buildRoles, clientsByRole, inDays, type GroupRole } from '../test/factories';
import type { TestClient } from '../test/test-app';
import { fileOf, PHOTO, postMultipart } from '../media/media.test-helpers';
import { rideCommentsPageSchema, rideDetailSchema, rideListSchema, type Ride } from '../../shared/rides/ride';
import { useTestApp } from '../test/use-test-app';

const t = useTestApp();

/**
 * Issue 27 point 9: an approval group refuses its member list to outsiders, so its rides must not
 * name their riders to them either: not on the ride's page, its cards in every list, the riders'
 * public profiles (Recent Rides, galleries) or the authors of its comments. Open groups keep
 * showing riders to every visitor.
 */
type Role = GroupRole | 'removed';
const ROLES: Role[] = ['anonymous', 'guest', 'outsider', 'pending', 'removed', 'member', 'coOrganizer', 'owner'];
const INSIDERS: Role[] = ['member', 'coOrganizer', 'owner'];

async function setUp(approval: boolean) {
  const r = await buildRoles(t, { membershipApprovalRequired: approval });
  // A rider who was a member and was removed by the owner (their seats on rides to come go with it).
  // (Approved alone: addMember would approve the pending rider's request too.)
  const removed = await buildGuest(t);
  await removed.client.post(`/api/groups/${r.group.id}/join`);
  if (approval) {
    const requests = (await r.owner.client.get(`/api/groups/${r.group.id}/membership-requests`)).json() as Array<{ id: string; user: { userId: string } }>;
    const request = requests.find((q) => q.user.userId === removed.user.userId)!;
    expect((await r.owner.client.post(`/api/groups/${r.group.id}/membership-requests/${request.id}/approve`)).statusCode).toBe(200);
  }
  const clients: Record<Role, TestClient> = { ...clientsByRole(r), removed: removed.client };
  // The rider whose membership must not leak: joins a ride, navigates it, comments and shares a photo.
  const rider = r.member;
  const ride = await buildRide(r.owner, r.group.id, { name: 'Roster Run' });
  expect((await rider.client.post(`/api/rides/${ride.id}/join`)).statusCode).toBe(200);
  expect((await removed.client.post(`/api/rides/${ride.id}/join`)).statusCode).toBe(200);
  expect((await r.owner.client.patch(`/api/rides/${ride.id}`, { navigatorId: rider.user.id })).statusCode).toBe(200);
  expect((await rider.client.post(`/api/rides/${ride.id}/comments`, { content: 'See you at the pumps' })).statusCode).toBe(201);
  const photo = await postMultipart(t, '/api/media', rider.client, [{ name: 'associatedType', value: 'ride' }, { name: 'associatedId', value: ride.id }, fileOf(PHOTO, 'photo.jpg')]);
  expect(photo.statusCode).toBe(201);
  expect((await r.owner.client.delete(`/api/groups/${r.group.id}/members/${removed.user.id}`)).statusCode).toBe(200);
  // A past ride the rider took part in, for their profile's Recent Rides.
  const past = await buildRide(r.owner, r.group.id, { name: 'Old Roster Loop' });
  expect((await rider.client.post(`/api/rides/${past.id}/join`)).statusCode).toBe(200);
  await t.app.ctx.db.updateTable('rides').set({ start_date: inDays(-3), end_date: inDays(-3) }).where('id', '=', past.id).execute();
  return { ...r, removed, clients, rider, ride, past, photoId: (photo.json() as { id: string }).id };
}

type World = Awaited<ReturnType<typeof setUp>>;

/** The ride as each list and page names it to `client`: its own JSON, by slugs, and its card in the group's rides and the finder. */
async function ridesSeenBy(w: World, client: TestClient): Promise<Ride[]> {
  const own = rideDetailSchema.parse((await client.get(`/api/rides/${w.ride.id}`)).json());
  const bySlugs = rideDetailSchema.parse((await client.get(`/api/groups/${w.group.slug}/rides/${w.ride.slug}`)).json());
  const groupList = rideListSchema.parse((await client.get(`/api/groups/${w.group.id}/rides`)).json());
  const found = rideListSchema.parse((await client.get('/api/rides/finder?latitude=44.49&longitude=11.34&radius=50')).json().results.map(({ distanceKm: _, ...ride }: Ride & { distanceKm: number }) => ride));
  const cards = [...groupList, ...found].filter((x) => x.id === w.ride.id);
  expect(cards).toHaveLength(2);
  return [own, bySlugs, ...cards];
}

describe.each([
  ['an approval group', true],
  ['an open group', false],
] as const)('the riders of %s', (_, approval) => {
  const sees = (role: Role) => !approval || INSIDERS.includes(role);

  it.each(ROLES)('%s: its rides name their riders only to its members (cards built for one viewer are not served to another)', async (role) => {
    const w = await setUp(approval);
    // An insider reads first, so every card is built (and kept) from an insider's read.
    await ridesSeenBy(w, w.clients.owner);
    const handles = [w.rider.user.userId, w.removed.user.userId];
    for (const ride of await ridesSeenBy(w, w.clients[role])) {
      expect(ride.participantCount).toBe(2);
      expect(ride.owner.userId).toBe(w.owner.user.userId);
      if (sees(role)) {
        expect(ride.ridersHidden).toBe(false);
        expect(ride.participants.map((p) => p.userId)).toEqual([w.owner.user.userId, w.rider.user.userId]);
        expect(ride.navigator?.userId).toBe(w.rider.user.userId);
      } else {
        expect(ride.ridersHidden).toBe(true);
        expect(ride.participants).toEqual([]);
        expect(ride.navigator).toBeNull();
        for (const handle of handles) expect(JSON.stringify(ride)).not.toContain(handle);
      }
    }
    // Whoever reads next still gets their own answer from the kept card.
    for (const ride of await ridesSeenBy(w, w.clients.member)) expect(ride.participants).toHaveLength(2);
  });

  it.each(ROLES)("%s: a rider's Recent Rides, the authors of comments and a rider's gallery keep membership to the group", async (role) => {
    const w = await setUp(approval);
    const client = w.clients[role];
    const recent = (await client.get(`/api/users/${w.rider.user.id}/recent-rides`)).json() as Array<{ id: string }>;
    expect(recent.map((x) => x.id)).toEqual(sees(role) ? [w.past.id] : []);

    const comments = await client.get(`/api/rides/${w.ride.id}/comments`);
    if (sees(role)) {
      expect(comments.statusCode).toBe(200);
      expect(rideCommentsPageSchema.parse(comments.json()).comments.map((c) => c.user.userId)).toEqual([w.rider.user.userId]);
    } else {
      expect(comments.statusCode).toBe(403);
      expect(comments.json()).toMatchObject({ message: "Comments on this ride are for the group's members" });
      expect(comments.body).not.toContain(w.rider.user.userId);
    }

    // The ride's photos stay on its page for everyone, naming no uploader; a rider's gallery shows them only to the group's members.
    const onRide = await client.get(`/api/media?associatedType=ride&associatedId=${w.ride.id}`);
    expect((onRide.json() as Array<{ id: string }>).map((m) => m.id)).toEqual([w.photoId]);
    expect(onRide.body).not.toContain(w.rider.user.userId);
    const gallery = (await client.get(`/api/media?userId=${w.rider.user.id}`)).json() as Array<{ id: string }>;
    expect(gallery.map((m) => m.id)).toEqual(sees(role) ? [w.photoId] : []);
  });
});

describe('the rider themself', () => {
  it('sees their own Recent Rides and gallery in an approval group they left', async () => {
    const w = await setUp(true);
    expect((await w.rider.client.post(`/api/groups/${w.group.id}/leave`)).statusCode).toBe(200);
    expect(((await w.rider.client.get(`/api/users/${w.rider.user.id}/recent-rides`)).json() as Array<{ id: string }>).map((x) => x.id)).toEqual([w.past.id]);
    expect(((await w.rider.client.get(`/api/media?userId=${w.rider.user.id}`)).json() as Array<{ id: string }>).map((m) => m.id)).toEqual([w.photoId]);
  });
});
