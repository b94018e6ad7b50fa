import { describe, expect, it, vi } from 'vitest';
import { buildSignedInUser } from '../test/test-app';
import { addMember, buildGuest, buildRide, buildRoles, type Rider } from '../test/factories';
import { BANNED_FROM_GROUP, groupBanListSchema, groupSchema } from '../../shared/groups/group';
import { notificationSchema } from '../../shared/notifications/notification';
import { useTestApp } from '../test/use-test-app';

// Issue 27, second round: two ways around a ban. A declined asker asked again without end (each
// request tells every organizer); a rider who left before the organizer acted could not be banned.

vi.setConfig({ testTimeout: 90_000 });

const t = useTestApp();

type World = Awaited<ReturnType<typeof buildRoles>>;

const requestsOf = async (w: World) => (await w.owner.client.get(`/api/groups/${w.group.id}/membership-requests`)).json() as Array<{ id: string; user: { id: string } }>;
const requestIdOf = async (w: World, rider: Rider) => (await requestsOf(w)).find((r) => r.user.id === rider.user.id)!.id;
const asksOf = async (rider: Rider) =>
  notificationSchema
    .array()
    .parse((await rider.client.get('/api/notifications')).json())
    .filter((n) => n.type === 'membership_request').length;
const bansOf = async (w: World) => groupBanListSchema.parse((await w.owner.client.get(`/api/groups/${w.group.id}/bans`)).json()).map((b) => b.user.id);
const statusOf = async (rider: Rider, w: World) => groupSchema.parse((await rider.client.get(`/api/groups/${w.group.id}`)).json()).membershipStatus;
const decide = (by: Rider, w: World, requestId: string, decision: 'approve' | 'reject', body?: unknown) =>
  by.client.request('POST', `/api/groups/${w.group.id}/membership-requests/${requestId}/${decision}`, body);
const banPath = (w: World, userId: string) => `/api/groups/${w.group.id}/bans/${userId}`;

describe('"Don’t let them ask again" with a decline', () => {
  it('a declined asker may ask again; one declined with a ban is refused (403) and no organizer is told', async () => {
    const w = await buildRoles(t);
    // A plain decline: the rider may ask again, and every organizer is told again.
    expect((await decide(w.coOrganizer, w, await requestIdOf(w, w.pending), 'reject')).statusCode).toBe(200);
    expect((await w.pending.client.post(`/api/groups/${w.group.id}/join`)).statusCode).toBe(200);

    const [ownerAsks, coAsks] = [await asksOf(w.owner), await asksOf(w.coOrganizer)];
    const declined = await decide(w.coOrganizer, w, await requestIdOf(w, w.pending), 'reject', { ban: true });
    expect(declined.statusCode).toBe(200);
    expect(await bansOf(w)).toEqual([w.pending.user.id]);
    expect(await statusOf(w.pending, w)).toBe('none');
    expect(groupSchema.parse((await w.pending.client.get(`/api/groups/${w.group.id}`)).json()).abilities.join).toBe(false);

    const again = await w.pending.client.post(`/api/groups/${w.group.id}/join`);
    expect(again.statusCode).toBe(403);
    expect(again.json()).toMatchObject({ message: BANNED_FROM_GROUP });
    expect(await requestsOf(w)).toEqual([]);
    // The refused request told nobody (the decided one was settled, not retracted: counts unchanged).
    expect([await asksOf(w.owner), await asksOf(w.coOrganizer)]).toEqual([ownerAsks, coAsks]);

    // An organizer lets them ask again.
    expect((await w.coOrganizer.client.delete(banPath(w, w.pending.user.id))).statusCode).toBe(200);
    expect((await w.pending.client.post(`/api/groups/${w.group.id}/join`)).statusCode).toBe(200);
  });

  it('a ban with an approval is a 400 and saves nothing; the body is checked', async () => {
    const w = await buildRoles(t);
    const requestId = await requestIdOf(w, w.pending);
    const res = await decide(w.owner, w, requestId, 'approve', { ban: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBeTruthy();
    for (const body of [{ ban: 'yes' }, { ban: true, extra: 1 }]) expect((await decide(w.owner, w, requestId, 'reject', body)).statusCode).toBe(400);
    expect(await statusOf(w.pending, w)).toBe('pending');
    expect(await bansOf(w)).toEqual([]);
    expect((await requestsOf(w)).map((r) => r.id)).toEqual([requestId]);
    // `ban: false` and no body at all are a plain decision.
    expect((await decide(w.owner, w, requestId, 'approve', { ban: false })).statusCode).toBe(200);
    expect(await statusOf(w.pending, w)).toBe('member');
  });

  it('only an organizer declines with a ban', async () => {
    const w = await buildRoles(t);
    const requestId = await requestIdOf(w, w.pending);
    for (const who of [w.member, w.outsider, w.pending]) expect((await decide(who, w, requestId, 'reject', { ban: true })).statusCode).toBe(403);
    expect((await w.anonymous.request('POST', `/api/groups/${w.group.id}/membership-requests/${requestId}/reject`, { ban: true })).statusCode).toBe(401);
    expect(await bansOf(w)).toEqual([]);
    expect(await statusOf(w.pending, w)).toBe('pending');
  });
});

describe('PUT /api/groups/{id}/bans/{userId}: banning a rider who is not in the group', () => {
  it('a leaver banned by PUT cannot join, ask to join or join one of the group’s rides', async () => {
    const w = await buildRoles(t, { membershipApprovalRequired: false });
    const leaver = await buildGuest(t);
    await addMember(w.owner, leaver, w.group.id);
    expect((await leaver.client.post(`/api/groups/${w.group.id}/leave`)).statusCode).toBe(200);
    // Remove-with-ban has nobody to remove any more.
    expect((await w.owner.client.request('DELETE', `/api/groups/${w.group.id}/members/${leaver.user.id}`, { ban: true })).statusCode).toBe(404);

    const res = await w.coOrganizer.client.put(banPath(w, leaver.user.id));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(await bansOf(w)).toEqual([leaver.user.id]);
    expect((await leaver.client.post(`/api/groups/${w.group.id}/join`)).json()).toMatchObject({ message: BANNED_FROM_GROUP });
    const ride = await buildRide(w.owner, w.group.id);
    const rideJoin = await leaver.client.post(`/api/rides/${ride.id}/join`);
    expect(rideJoin.statusCode).toBe(403);
    expect(rideJoin.json()).toMatchObject({ message: BANNED_FROM_GROUP });
    expect(await statusOf(leaver, w)).toBe('none');

    // The group now asks for approval: asking is refused too.
    expect((await w.owner.client.patch(`/api/groups/${w.group.id}`, { membershipApprovalRequired: true })).statusCode).toBe(200);
    const ask = await leaver.client.post(`/api/groups/${w.group.id}/join`);
    expect(ask.statusCode).toBe(403);
    expect(ask.json()).toMatchObject({ message: BANNED_FROM_GROUP });
    // (In this group, opened first, every other rider joined at once: no request waits.)
    expect(await requestsOf(w)).toEqual([]);
  });

  it('is idempotent, and the ban is lifted as any other', async () => {
    const w = await buildRoles(t);
    const outsider = w.outsider;
    expect((await w.owner.client.put(banPath(w, outsider.user.id))).statusCode).toBe(200);
    const [first] = groupBanListSchema.parse((await w.owner.client.get(`/api/groups/${w.group.id}/bans`)).json());
    expect((await w.coOrganizer.client.put(banPath(w, outsider.user.id))).statusCode).toBe(200);
    // The second ban keeps the first (when it was set).
    expect(groupBanListSchema.parse((await w.owner.client.get(`/api/groups/${w.group.id}/bans`)).json())).toEqual([first]);
    expect((await outsider.client.post(`/api/groups/${w.group.id}/join`)).statusCode).toBe(403);

    // A co-organizer lifts a ban the owner set (decided: bans are the organizers' list, as removals are).
    expect((await w.coOrganizer.client.delete(banPath(w, outsider.user.id))).statusCode).toBe(200);
    expect(await bansOf(w)).toEqual([]);
    expect((await outsider.client.post(`/api/groups/${w.group.id}/join`)).statusCode).toBe(200);
  });

  it('refuses insiders (remove them with a ban instead), a pending asker (decline with a ban) and the owner', async () => {
    const w = await buildRoles(t);
    for (const [by, who] of [
      [w.owner, w.member],
      [w.owner, w.coOrganizer],
      [w.coOrganizer, w.member],
      [w.coOrganizer, w.coOrganizer],
    ] as const) {
      const res = await by.client.put(banPath(w, who.user.id));
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(/remove them/i);
    }
    const pending = await w.owner.client.put(banPath(w, w.pending.user.id));
    expect(pending.statusCode).toBe(409);
    expect(pending.json().message).toMatch(/decline/i);
    for (const by of [w.owner, w.coOrganizer]) {
      const res = await by.client.put(banPath(w, w.owner.user.id));
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ message: 'The owner cannot be banned from their group' });
    }
    expect(await bansOf(w)).toEqual([]);
    expect(await statusOf(w.member, w)).toBe('member');
  });

  it('only organizers ban: 403 for a plain member, an outsider or the pending rider, 401 without a session; 404 for an unknown rider', async () => {
    const w = await buildRoles(t);
    const target = await buildSignedInUser(t);
    for (const who of [w.member, w.outsider, w.pending, w.guest]) expect((await who.client.put(banPath(w, target.user.id))).statusCode).toBe(403);
    expect((await w.anonymous.put(banPath(w, target.user.id))).statusCode).toBe(401);
    expect(await bansOf(w)).toEqual([]);
    const unknown = await w.owner.client.put(banPath(w, 'no-such-rider'));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBeTruthy();
    expect(await bansOf(w)).toEqual([]);
  });
});
