import { describe, expect, it } from 'vitest';
import { TestClient } from '../test/test-app';
import { buildGroup, buildGuest, buildRoles, type Rider } from '../test/factories';
import { useTestApp } from '../test/use-test-app';

// A rider's location is part of their profile: member lists and join requests show it only to
// whom the profile is visible (a private profile: nobody but the rider).

const t = useTestApp();

async function riderAt(place: string, visibility: 'public' | 'groups' | 'private'): Promise<Rider> {
  const rider = await buildGuest(t);
  expect((await rider.client.request('PUT', `/api/users/${rider.user.id}/location`, { location: place, latitude: 44.49, longitude: 11.34 })).statusCode).toBe(200);
  expect((await rider.client.patch(`/api/users/${rider.user.id}`, { profileVisibility: visibility })).statusCode).toBe(200);
  return rider;
}

type Listed = { id: string; location: string | null };
const locations = (list: Listed[]) => Object.fromEntries(list.map((m) => [m.id, m.location]));

describe('member lists', () => {
  it('leave out the location of a member whose profile is private, except for that member', async () => {
    const r = await buildRoles(t);
    expect((await r.owner.client.patch(`/api/groups/${r.group.id}`, { membershipApprovalRequired: false })).statusCode).toBe(200);
    const hidden = await riderAt('Via Zamboni 33, Bologna', 'private');
    const shown = await riderAt('Modena', 'public');
    const members = await riderAt('Imola', 'groups');
    for (const rider of [hidden, shown, members]) expect((await rider.client.post(`/api/groups/${r.group.id}/join`)).statusCode).toBeLessThan(300);

    for (const viewer of [r.owner, r.member, shown]) {
      const list = (await viewer.client.get(`/api/groups/${r.group.id}/members`)).json() as Listed[];
      expect(locations(list)).toMatchObject({ [hidden.user.id]: null, [shown.user.id]: 'Modena', [members.user.id]: 'Imola' });
    }
    const own = (await hidden.client.get(`/api/groups/${r.group.id}/members`)).json() as Listed[];
    expect(locations(own)[hidden.user.id]).toBe('Via Zamboni 33, Bologna');
    // Outsiders and anonymous visitors see no member list at all.
    expect((await r.outsider.client.get(`/api/groups/${r.group.id}/members`)).statusCode).toBe(403);
    expect((await new TestClient(t.app).get(`/api/groups/${r.group.id}/members`)).statusCode).toBeGreaterThanOrEqual(400);
  });
});

describe('join requests', () => {
  it('leave out the location of a rider whose profile the owner may not see', async () => {
    const owner = await buildGuest(t);
    const group = await buildGroup(owner, { membershipApprovalRequired: true });
    const hidden = await riderAt('Via Zamboni 33, Bologna', 'private');
    const shown = await riderAt('Modena', 'public');
    const stranger = await riderAt('Imola', 'groups');
    const acquaintance = await riderAt('Ferrara', 'groups');
    // The acquaintance shares another group with the owner.
    const other = await buildGroup(owner, { membershipApprovalRequired: false });
    expect((await acquaintance.client.post(`/api/groups/${other.id}/join`)).statusCode).toBeLessThan(300);
    for (const rider of [hidden, shown, stranger, acquaintance]) expect((await rider.client.post(`/api/groups/${group.id}/join`)).statusCode).toBeLessThan(300);

    const requests = (await owner.client.get(`/api/groups/${group.id}/membership-requests`)).json() as Array<{ user: Listed }>;
    expect(locations(requests.map((q) => q.user))).toEqual({
      [hidden.user.id]: null,
      [shown.user.id]: 'Modena',
      [stranger.user.id]: null,
      [acquaintance.user.id]: 'Ferrara',
    });
    // Only the owner sees the requests.
    expect((await shown.client.get(`/api/groups/${group.id}/membership-requests`)).statusCode).toBe(403);
  });
});
