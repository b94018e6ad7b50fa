import { describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { buildSignedInUser, TestClient } from '../test/test-app';
import { buildGroup, buildGuest, buildMember, buildRide, makeCoOrganizer } from '../test/factories';
import type { RideAbilities } from '../../shared/rides/ride';
import { useTestApp } from '../test/use-test-app';

// One role table drives both what a ride's abilities say (rides.policy rideAbilities, sent to the
// client) and what the API lets each role do (the services' assert helpers): a role may do an
// action exactly when its abilities say so, on an approval group's ride and on an open group's.

type Role = 'anonymous' | 'guest' | 'outsider' | 'pending' | 'member' | 'rider' | 'rideOwner' | 'coOrganizer' | 'groupOwner';
type Action = 'join' | 'leave' | 'edit' | 'cancel' | 'delete' | 'comment' | 'keep';
type Ability = keyof Pick<RideAbilities, 'join' | 'leave' | 'edit' | 'delete' | 'comment' | 'decideMinimum'>;

const ABILITY_OF: Record<Action, Ability> = { join: 'join', leave: 'leave', edit: 'edit', cancel: 'edit', delete: 'delete', comment: 'comment', keep: 'decideMinimum' };

//                                       join leave edit delete comment decideMinimum
const APPROVAL_GROUP: Record<Role, [number, number, number, number, number, number]> = {
  anonymous: [0, 0, 0, 0, 0, 0],
  guest: [0, 0, 0, 0, 0, 0],
  outsider: [0, 0, 0, 0, 0, 0],
  pending: [0, 0, 0, 0, 0, 0],
  member: [1, 0, 0, 0, 1, 0],
  rider: [0, 1, 0, 0, 1, 0],
  rideOwner: [0, 0, 1, 1, 1, 1],
  // The group's organizers edit, cancel, decide about and delete its rides.
  coOrganizer: [1, 0, 1, 1, 1, 1],
  groupOwner: [1, 0, 1, 1, 1, 1],
};
// In an open group the group's membership is added on the way to the seat; nobody waits for approval.
const OPEN_GROUP: Partial<Record<Role, [number, number, number, number, number, number]>> = {
  ...APPROVAL_GROUP,
  guest: [1, 0, 0, 0, 0, 0],
  outsider: [1, 0, 0, 0, 0, 0],
  pending: undefined,
};
const ABILITIES: Ability[] = ['join', 'leave', 'edit', 'delete', 'comment', 'decideMinimum'];

const t = useTestApp();

/**
 * A group with a ride whose owner is a member (not the group's owner), with one more rider, whose
 * minimum riders decision is due (3 riders wanted, 2 have seats, the decision time has passed).
 */
async function world(approval: boolean, role: Role) {
  const groupOwner = await buildGuest(t);
  const group = await buildGroup(groupOwner, { membershipApprovalRequired: approval });
  const rideOwner = await buildMember(t, groupOwner, group.id);
  const rider = await buildMember(t, groupOwner, group.id);
  const ride = await buildRide(rideOwner, group.id, { minRiders: 3, minRidersDecisionAt: new Date(Date.now() - 3600_000).toISOString() });
  expect((await rider.client.post(`/api/rides/${ride.id}/join`)).statusCode).toBe(200);
  const clients: Record<Role, () => Promise<TestClient>> = {
    anonymous: async () => new TestClient(t.app),
    guest: async () => (await buildGuest(t)).client,
    outsider: async () => (await buildSignedInUser(t)).client,
    pending: async () => {
      const pending = await buildGuest(t);
      await pending.client.post(`/api/groups/${group.id}/join`);
      return pending.client;
    },
    member: async () => (await buildMember(t, groupOwner, group.id)).client,
    rider: async () => rider.client,
    rideOwner: async () => rideOwner.client,
    coOrganizer: async () => {
      const coOrganizer = await buildMember(t, groupOwner, group.id);
      await makeCoOrganizer(groupOwner, coOrganizer, group.id);
      return coOrganizer.client;
    },
    groupOwner: async () => groupOwner.client,
  };
  return { rideId: ride.id, client: await clients[role]() };
}

const act: Record<Action, (c: TestClient, rideId: string) => Promise<LightMyRequestResponse>> = {
  join: (c, id) => c.post(`/api/rides/${id}/join`),
  leave: (c, id) => c.post(`/api/rides/${id}/leave`),
  edit: (c, id) => c.patch(`/api/rides/${id}`, { description: 'Coffee stop at the pass' }),
  cancel: (c, id) => c.patch(`/api/rides/${id}`, { status: 'cancelled' }),
  delete: (c, id) => c.delete(`/api/rides/${id}`),
  comment: (c, id) => c.post(`/api/rides/${id}/comments`, { content: 'Count me in' }),
  keep: (c, id) => c.post(`/api/rides/${id}/keep`),
};

// Actions that change what later ones may do come last; leaving has a world of its own (after it, joining is allowed again).
const SEQUENCES: Action[][] = [['comment', 'edit', 'keep', 'join', 'cancel', 'delete'], ['leave']];

async function check(approval: boolean, role: Role, expected: number[]) {
  const table = Object.fromEntries(ABILITIES.map((a, i) => [a, expected[i] === 1])) as Record<Ability, boolean>;
  const outcomes: string[] = [];
  for (const sequence of SEQUENCES) {
    const w = await world(approval, role);
    const read = await w.client.get(`/api/rides/${w.rideId}`);
    expect(read.statusCode).toBe(200);
    const abilities = (read.json() as { abilities: RideAbilities }).abilities;
    expect(Object.fromEntries(ABILITIES.map((a) => [a, Boolean(abilities[a])]))).toEqual(table);
    for (const action of sequence) {
      const res = await act[action](w.client, w.rideId);
      // A refusal is a clear 4xx with a message, never a 500 (401 for a visitor without a session).
      if (res.statusCode >= 300) {
        expect(res.statusCode, `${role} ${action}: ${res.body}`).toBeLessThan(500);
        expect(res.json()).toHaveProperty('message');
        if (role === 'anonymous') expect(res.statusCode).toBe(401);
      }
      outcomes.push(`${action}: ${res.statusCode < 300 ? 'allowed' : 'refused'}`);
    }
  }
  const allowedByTable = SEQUENCES.flat().map((action) => `${action}: ${table[ABILITY_OF[action]] ? 'allowed' : 'refused'}`);
  expect(outcomes).toEqual(allowedByTable);
}

describe('ride abilities and enforcement agree, role by role', () => {
  it.each(Object.entries(APPROVAL_GROUP))('approval group: %s', async (role, expected) => check(true, role as Role, expected));
  it.each(Object.entries(OPEN_GROUP).filter(([, row]) => row !== undefined))('open group: %s', async (role, expected) => check(false, role as Role, expected!));
});
