import { describe, expect, it, vi } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { z } from 'zod';
import { type TestClient } from '../test/test-app';
import { buildGroup, buildGuest, buildMember, buildRide, buildRoles, clientsByRole, inDays, makeCoOrganizer, type GroupRole, type Rider } from '../test/factories';
import { groupMemberSchema, groupSchema, type GroupAbilities, type GroupMember } from '../../shared/groups/group';
import { notificationSchema } from '../../shared/notifications/notification';
import { useTestApp } from '../test/use-test-app';

// One role table drives both the abilities a group is sent with (groups.policy groupAbilities,
// what the client shows) and what the API lets each role do (the assert helpers the services
// call): a role may do an action exactly when its abilities say so.

// Each row builds a group with seven riders and, for some actions, a fresh rider per role: more than the default allows on a busy machine.
vi.setConfig({ testTimeout: 90_000 });

const t = useTestApp();

/** A 2xx body, parsed with its contract (src/shared/groups). */
function body<S extends z.ZodType>(schema: S, res: LightMyRequestResponse): z.infer<S> {
  expect(res.statusCode, res.body).toBeLessThan(300);
  return schema.parse(res.json());
}

const ROLES: GroupRole[] = ['anonymous', 'guest', 'outsider', 'pending', 'member', 'coOrganizer', 'owner'];
type Ability = keyof GroupAbilities;

//                      anonymous guest outsider pending member coOrganizer owner
const TABLE: Record<Ability, [number, number, number, number, number, number, number]> = {
  join: [0, 1, 1, 0, 0, 0, 0],
  leave: [0, 0, 0, 0, 1, 1, 0],
  manage: [0, 0, 0, 0, 0, 0, 1],
  delete: [0, 0, 0, 0, 0, 0, 1],
  invite: [0, 0, 0, 0, 0, 1, 1],
  createRide: [0, 0, 0, 0, 1, 1, 1],
  createPoll: [0, 0, 0, 0, 1, 1, 1],
  viewMembers: [0, 0, 0, 0, 1, 1, 1],
  decideRequests: [0, 0, 0, 0, 0, 1, 1],
  changeRoles: [0, 0, 0, 0, 0, 0, 1],
  transferOwnership: [0, 0, 0, 0, 0, 0, 1],
  removeMembers: [0, 0, 0, 0, 0, 1, 1],
};

type World = Awaited<ReturnType<typeof buildRoles>>;

const freshMember = (w: World): Promise<Rider> => buildMember(t, w.owner, w.group.id);

/**
 * Each action as a role performs it. What one role's action consumes (a request, a member) is made
 * afresh for each role; the owner acts last, so deleting or handing over the group ends the row.
 */
const ACT: Record<Ability, (w: World, c: TestClient) => Promise<LightMyRequestResponse>> = {
  join: (w, c) => c.post(`/api/groups/${w.group.id}/join`),
  leave: (w, c) => c.post(`/api/groups/${w.group.id}/leave`),
  manage: (w, c) => c.patch(`/api/groups/${w.group.id}`, { description: 'Coffee first' }),
  delete: (w, c) => c.delete(`/api/groups/${w.group.id}`),
  invite: (w, c) => c.post(`/api/groups/${w.group.id}/invite`, { inviterFirstName: 'Ana', inviteeName: 'Ben' }),
  createRide: (w, c) =>
    c.post('/api/rides', { groupId: w.group.id, name: `Loop ${Math.random()}`, startLocation: 'Bologna', endLocation: 'Parma', startDate: inDays(2), endDate: inDays(2), timezoneOffset: 'UTC+00:00', timezoneName: 'UTC' }),
  createPoll: (w, c) => c.post('/api/polls', { title: 'When?', destination: 'Alps', durationDays: 1, deadline: inDays(2), groupId: w.group.id, proposedDates: [inDays(4)] }),
  viewMembers: (w, c) => c.get(`/api/groups/${w.group.id}/members`),
  decideRequests: async (w, c) => {
    const rider = await buildGuest(t);
    await rider.client.post(`/api/groups/${w.group.id}/join`);
    const requests = (await w.owner.client.get(`/api/groups/${w.group.id}/membership-requests`)).json() as Array<{ id: string; user: { id: string } }>;
    const request = requests.find((q) => q.user.id === rider.user.id)!;
    return c.post(`/api/groups/${w.group.id}/membership-requests/${request.id}/approve`);
  },
  changeRoles: async (w, c) => c.put(`/api/groups/${w.group.id}/members/${(await freshMember(w)).user.id}/role`, { role: 'co_organizer' }),
  transferOwnership: (w, c) => c.post(`/api/groups/${w.group.id}/ownership`, { memberId: w.member.user.id }),
  removeMembers: async (w, c) => c.delete(`/api/groups/${w.group.id}/members/${(await freshMember(w)).user.id}`),
};

describe('group abilities and enforcement agree, role by role', () => {
  it.each(Object.entries(TABLE))('%s', async (ability, row) => {
    const w = await buildRoles(t);
    const clients = clientsByRole(w);
    for (const [i, role] of ROLES.entries()) {
      const allowed = row[i] === 1;
      const group = body(groupSchema, await clients[role].get(`/api/groups/${w.group.id}`));
      expect(group.abilities[ability as Ability], `${role} ${ability}`).toBe(allowed);
      // A rider whose request waits "leaves" by withdrawing it: the card's Cancel request, not the Leave ability.
      if (ability === 'leave' && role === 'pending') continue;
      const res = await ACT[ability as Ability](w, clients[role]);
      expect(res.statusCode < 300, `${role} ${ability}: ${res.statusCode} ${res.body}`).toBe(allowed);
      if (!allowed) {
        expect(res.statusCode).toBeLessThan(500);
        expect(res.json()).toHaveProperty('message');
      }
    }
  });
});

async function membersAs(client: TestClient, groupId: string): Promise<GroupMember[]> {
  return body(groupMemberSchema.array(), await client.get(`/api/groups/${groupId}/members`));
}

describe('what a viewer may do to each member agrees with what the API lets them do', () => {
  it.each(['member', 'coOrganizer', 'owner'] as const)('%s', async (viewerRole) => {
    const w = await buildRoles(t);
    const viewer = clientsByRole(w)[viewerRole];
    const targets = [w.member, w.coOrganizer, w.owner].map((r) => r.user.id);
    for (const targetId of targets) {
      const before = (await membersAs(viewer, w.group.id)).find((m) => m.id === targetId)!;
      const toggled = before.role === 'co_organizer' ? 'member' : 'co_organizer';
      const roleChange = await viewer.put(`/api/groups/${w.group.id}/members/${targetId}/role`, { role: toggled });
      expect(roleChange.statusCode < 300, `${viewerRole} → ${before.role}: ${roleChange.body}`).toBe(before.abilities.makeCoOrganizer || before.abilities.removeCoOrganizer);
    }
    for (const targetId of targets) {
      const before = (await membersAs(viewer, w.group.id)).find((m) => m.id === targetId)!;
      const removal = await viewer.delete(`/api/groups/${w.group.id}/members/${targetId}`);
      expect(removal.statusCode < 300, `${viewerRole} removes ${before.role}: ${removal.body}`).toBe(before.abilities.remove);
    }
  });
});

const notesOf = async (rider: Rider) => body(notificationSchema.array(), await rider.client.get('/api/notifications'));

describe('co-organizers', () => {
  it('are made by the owner, told, and then approve requests, invite and edit the group’s rides, but never delete the group', async () => {
    const owner = await buildGuest(t);
    const group = await buildGroup(owner, { membershipApprovalRequired: true });
    const helper = await buildMember(t, owner, group.id);
    const made = await owner.client.put(`/api/groups/${group.id}/members/${helper.user.id}/role`, { role: 'co_organizer' });
    expect(body(groupMemberSchema, made)).toMatchObject({ id: helper.user.id, role: 'co_organizer', isOwner: false });
    expect((await notesOf(helper))[0]).toMatchObject({ type: 'made_co_organizer', title: 'You are a co-organizer', message: expect.stringContaining(group.name) });
    expect(body(groupSchema, await helper.client.get(`/api/groups/${group.id}`))).toMatchObject({ membershipStatus: 'co_organizer', abilities: { decideRequests: true, manage: false, delete: false } });

    const asker = await buildGuest(t);
    await asker.client.post(`/api/groups/${group.id}/join`);
    // Told of the request as the owner is, and settles it for both by deciding.
    expect((await notesOf(helper)).filter((n) => n.type === 'membership_request')).toHaveLength(1);
    const [request] = (await helper.client.get(`/api/groups/${group.id}/membership-requests`)).json() as Array<{ id: string }>;
    expect((await helper.client.post(`/api/groups/${group.id}/membership-requests/${request!.id}/approve`)).statusCode).toBe(200);
    expect(body(groupSchema, await asker.client.get(`/api/groups/${group.id}`)).membershipStatus).toBe('member');
    expect((await notesOf(owner)).find((n) => n.type === 'membership_request' && n.subject?.riderHandle === asker.user.userId)?.isRead).toBe(true);

    const ride = await buildRide(owner, group.id);
    expect((await helper.client.patch(`/api/rides/${ride.id}`, { status: 'cancelled' })).statusCode).toBe(200);
    expect((await helper.client.delete(`/api/groups/${group.id}`)).statusCode).toBe(403);
    expect((await owner.client.put(`/api/groups/${group.id}/members/${helper.user.id}/role`, { role: 'co_organizer' })).statusCode).toBe(409);
  });

  it('refuses a role that is not one, with a message', async () => {
    const w = await buildRoles(t);
    const res = await w.owner.client.put(`/api/groups/${w.group.id}/members/${w.member.user.id}/role`, { role: 'owner' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBeTruthy();
    expect((await w.owner.client.put(`/api/groups/${w.group.id}/members/nobody/role`, { role: 'co_organizer' })).statusCode).toBe(404);
    expect((await w.owner.client.put(`/api/groups/${w.group.id}/members/${w.pending.user.id}/role`, { role: 'co_organizer' })).statusCode).toBe(404);
  });
});

describe('handing the group over', () => {
  it('makes the member the owner and the old owner a co-organizer; both are told', async () => {
    const w = await buildRoles(t);
    const res = await w.owner.client.post(`/api/groups/${w.group.id}/ownership`, { memberId: w.member.user.id });
    expect(body(groupSchema, res)).toMatchObject({ creatorId: w.member.user.id, membershipStatus: 'co_organizer', abilities: { manage: false, delete: false, decideRequests: true } });
    expect(body(groupSchema, await w.member.client.get(`/api/groups/${w.group.id}`))).toMatchObject({ membershipStatus: 'owner', abilities: { manage: true, delete: true } });
    expect((await notesOf(w.member))[0]).toMatchObject({ type: 'ownership_received', message: `${w.owner.user.userId} handed ${w.group.name} over to you` });
    expect((await notesOf(w.owner))[0]).toMatchObject({ type: 'ownership_handed_over', message: expect.stringContaining(w.member.user.userId) });
    const members = await membersAs(w.member.client, w.group.id);
    expect(members.find((m) => m.id === w.owner.user.id)).toMatchObject({ role: 'co_organizer', isOwner: false });
    expect(members.find((m) => m.id === w.member.user.id)).toMatchObject({ role: 'owner', isOwner: true });
    // The old owner no longer owns it: a second hand-over, or deleting it, is refused.
    expect((await w.owner.client.post(`/api/groups/${w.group.id}/ownership`, { memberId: w.coOrganizer.user.id })).statusCode).toBe(403);
    expect((await w.owner.client.delete(`/api/groups/${w.group.id}`)).statusCode).toBe(403);
    // The old owner may now leave; the new one may not.
    expect((await w.member.client.post(`/api/groups/${w.group.id}/leave`)).statusCode).toBe(403);
    expect((await w.owner.client.post(`/api/groups/${w.group.id}/leave`)).statusCode).toBe(200);
  });

  it('only to a member of the group', async () => {
    const w = await buildRoles(t);
    for (const who of [w.pending, w.outsider]) expect((await w.owner.client.post(`/api/groups/${w.group.id}/ownership`, { memberId: who.user.id })).statusCode).toBe(404);
    expect((await w.owner.client.post(`/api/groups/${w.group.id}/ownership`, { memberId: w.owner.user.id })).statusCode).toBe(403);
    expect((await w.owner.client.post(`/api/groups/${w.group.id}/ownership`, {})).statusCode).toBe(400);
  });
});

describe('removing a member', () => {
  it('tells them, takes them off the group’s upcoming rides and gives their seat to the first rider waiting', async () => {
    const w = await buildRoles(t);
    const waiting = await freshMember(w);
    const ride = await buildRide(w.owner, w.group.id, { maxRiders: 2, minRiders: 1 });
    expect((await w.member.client.post(`/api/rides/${ride.id}/join`)).statusCode).toBe(200);
    expect((await waiting.client.post(`/api/rides/${ride.id}/waitlist`)).statusCode).toBe(200);

    expect((await w.coOrganizer.client.delete(`/api/groups/${w.group.id}/members/${w.member.user.id}`)).statusCode).toBe(200);
    expect((await notesOf(w.member))[0]).toMatchObject({ type: 'removed_from_group', title: 'Removed from group', message: `You were removed from ${w.group.name}` });
    expect(body(groupSchema, await w.member.client.get(`/api/groups/${w.group.id}`)).membershipStatus).toBe('none');
    const after = (await w.owner.client.get(`/api/rides/${ride.id}`)).json() as { participants: Array<{ id: string }> };
    expect(after.participants.map((p) => p.id).sort()).toEqual([w.owner.user.id, waiting.user.id].sort());
    expect((await notesOf(waiting)).some((n) => n.type === 'waitlist_seat_taken')).toBe(true);
    // Gone already: a second removal finds nobody.
    expect((await w.owner.client.delete(`/api/groups/${w.group.id}/members/${w.member.user.id}`)).statusCode).toBe(404);
  });

  it('never removes the owner, and a co-organizer removes plain members only', async () => {
    const w = await buildRoles(t);
    const otherHelper = await freshMember(w);
    await makeCoOrganizer(w.owner, otherHelper, w.group.id);
    expect((await w.coOrganizer.client.delete(`/api/groups/${w.group.id}/members/${w.owner.user.id}`)).statusCode).toBe(403);
    expect((await w.coOrganizer.client.delete(`/api/groups/${w.group.id}/members/${otherHelper.user.id}`)).json().message).toBe('Co-organizers can remove plain members only');
    expect((await w.owner.client.delete(`/api/groups/${w.group.id}/members/${w.owner.user.id}`)).statusCode).toBe(403);
    expect((await w.owner.client.delete(`/api/groups/${w.group.id}/members/${otherHelper.user.id}`)).statusCode).toBe(200);
  });
});

describe('editing the group', () => {
  it('changes name, description and location; the old address still leads to the group', async () => {
    const w = await buildRoles(t);
    const name = `Ночные всадники ${Math.random().toString(36).slice(2, 7)}`;
    const res = await w.owner.client.patch(`/api/groups/${w.group.id}`, { name, description: 'Long loops after work', location: 'Modena, Italy', latitude: 44.647, longitude: 10.925 });
    const group = body(groupSchema, res);
    expect(group).toMatchObject({ name, description: 'Long loops after work', location: 'Modena, Italy', latitude: 44.647, longitude: 10.925 });
    expect(group.slug).not.toBe(w.group.slug);
    expect(body(groupSchema, await w.member.client.get(`/api/groups/by-name/${w.group.slug}`)).id).toBe(w.group.id);
    // Kept as text only: no coordinates, so the group leaves the map rather than sit somewhere else.
    const textOnly = body(groupSchema, await w.owner.client.patch(`/api/groups/${w.group.id}`, { location: 'Somewhere in the hills', latitude: null, longitude: null }));
    expect(textOnly).toMatchObject({ location: 'Somewhere in the hills', latitude: null, longitude: null });
    expect(body(groupSchema, await w.owner.client.patch(`/api/groups/${w.group.id}`, { description: '' })).description).toBeNull();
  });

  it('refuses bad input with a message, and saves nothing of it', async () => {
    const w = await buildRoles(t);
    const other = await buildGroup(w.owner);
    const cases: Array<[unknown, number, string]> = [
      [{ name: 'Night-Riders' }, 400, 'Group names cannot contain hyphens (reserved for URLs)'],
      [{ location: '' }, 400, 'Location is required'],
      [{ latitude: 44.1, longitude: 11 }, 400, 'Send the location with its coordinates'],
      [{ description: 'x'.repeat(5001) }, 400, 'Description too long'],
      [{ name: other.name, description: 'not saved' }, 409, 'A group with this name already exists. Please choose another name.'],
      [{ creatorId: w.member.user.id }, 400, ''],
    ];
    for (const [payload, status, message] of cases) {
      const res = await w.owner.client.patch(`/api/groups/${w.group.id}`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      if (message) expect(res.json().message).toContain(message);
    }
    expect(body(groupSchema, await w.owner.client.get(`/api/groups/${w.group.id}`))).toMatchObject({ name: w.group.name, description: 'Sunday morning twisties', creatorId: w.owner.user.id });
  });
});
