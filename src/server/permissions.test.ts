import { describe, expect, it } from 'vitest';
import { useTestApp } from './test/use-test-app';
import { buildGuest, buildMember, buildRide, buildRoles, clientsByRole, inDays, type GroupRole } from './test/factories';

// The permission matrix: every endpoint of groups, invitations, polls and rides, for each role.
// Expected statuses read left to right: anonymous, guest, outsider, pending, member, co-organizer, owner.
// Each row gets a fresh world; the roles act on it in that order, each as a different rider, and
// the only actions that change what others see (delete, hand over) are the owner's, which come
// last. A request that consumes what it acts on (approve a request, remove a member) is made
// afresh for each role, so each role's answer is about the role and not about who acted first.

type Role = GroupRole;
const ROLES: Role[] = ['anonymous', 'guest', 'outsider', 'pending', 'member', 'coOrganizer', 'owner'];

// Every row builds its own world: hundreds of writes a minute from the one test address, past the
// per-address write limit (which has tests of its own) once the machine is fast enough.
const t = useTestApp({ WRITE_LIMIT_PER_ADDRESS: '100000' });

async function world() {
  const r = await buildRoles(t);
  const ride = await buildRide(r.owner, r.group.id, { startDate: inDays(3), endDate: inDays(3), maxRiders: 10 });
  const poll = (
    await r.owner.client.post('/api/polls', { title: 'When?', destination: 'Alps', durationDays: 2, deadline: inDays(5), groupId: r.group.id, proposedDates: [inDays(10)] })
  ).json() as { id: string };
  /** A new rider's membership request, for one role to decide. */
  const freshRequest = async () => {
    const rider = await buildGuest(t);
    await rider.client.post(`/api/groups/${r.group.id}/join`);
    const requests = (await r.owner.client.get(`/api/groups/${r.group.id}/membership-requests`)).json() as Array<{ id: string; user: { id: string } }>;
    return requests.find((q) => q.user.id === rider.user.id)!.id;
  };
  /** A new plain member, for one role to remove. */
  const freshMember = async () => (await buildMember(t, r.owner, r.group.id)).user.id;
  return { ...r, ride, poll, freshRequest, freshMember, clients: clientsByRole(r) };
}
type World = Awaited<ReturnType<typeof world>>;
type Call = [method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, body?: unknown];

const matrix: Array<[string, (w: World) => Call | Promise<Call>, number[]]> = [
  ['GET group', (w) => ['GET', `/api/groups/${w.group.id}`], [200, 200, 200, 200, 200, 200, 200]],
  ['GET group by name', (w) => ['GET', `/api/groups/by-name/${w.group.slug}`], [200, 200, 200, 200, 200, 200, 200]],
  ['GET my groups', () => ['GET', '/api/groups'], [401, 200, 200, 200, 200, 200, 200]],
  ['search groups', () => ['GET', '/api/groups/search?q=riders'], [200, 200, 200, 200, 200, 200, 200]],
  ['GET members', (w) => ['GET', `/api/groups/${w.group.id}/members`], [401, 403, 403, 403, 200, 200, 200]],
  ['GET membership requests', (w) => ['GET', `/api/groups/${w.group.id}/membership-requests`], [401, 403, 403, 403, 403, 200, 200]],
  ['approve request', async (w) => ['POST', `/api/groups/${w.group.id}/membership-requests/${await w.freshRequest()}/approve`], [401, 403, 403, 403, 403, 200, 200]],
  ['reject request', async (w) => ['POST', `/api/groups/${w.group.id}/membership-requests/${await w.freshRequest()}/reject`], [401, 403, 403, 403, 403, 200, 200]],
  ['PATCH group', (w) => ['PATCH', `/api/groups/${w.group.id}`, { membershipApprovalRequired: false }], [401, 403, 403, 403, 403, 403, 200]],
  [
    'edit group',
    (w) => ['PATCH', `/api/groups/${w.group.id}`, { name: `Renamed ${Math.random().toString(36).slice(2, 8)}`, description: 'New description', location: 'Modena', latitude: 44.65, longitude: 10.93 }],
    [401, 403, 403, 403, 403, 403, 200],
  ],
  ['make co-organizer', (w) => ['PUT', `/api/groups/${w.group.id}/members/${w.member.user.id}/role`, { role: 'co_organizer' }], [401, 403, 403, 403, 403, 403, 200]],
  ['make plain member again', (w) => ['PUT', `/api/groups/${w.group.id}/members/${w.coOrganizer.user.id}/role`, { role: 'member' }], [401, 403, 403, 403, 403, 403, 200]],
  ["change the owner's role", (w) => ['PUT', `/api/groups/${w.group.id}/members/${w.owner.user.id}/role`, { role: 'member' }], [401, 403, 403, 403, 403, 403, 403]],
  ['remove member', async (w) => ['DELETE', `/api/groups/${w.group.id}/members/${await w.freshMember()}`], [401, 403, 403, 403, 403, 200, 200]],
  ['remove co-organizer', (w) => ['DELETE', `/api/groups/${w.group.id}/members/${w.coOrganizer.user.id}`], [401, 403, 403, 403, 403, 403, 200]],
  ['remove the owner', (w) => ['DELETE', `/api/groups/${w.group.id}/members/${w.owner.user.id}`], [401, 403, 403, 403, 403, 403, 403]],
  ['remove member, kept from rejoining', async (w) => ['DELETE', `/api/groups/${w.group.id}/members/${await w.freshMember()}`, { ban: true }], [401, 403, 403, 403, 403, 200, 200]],
  ['GET removed riders', (w) => ['GET', `/api/groups/${w.group.id}/bans`], [401, 403, 403, 403, 403, 200, 200]],
  [
    'let a removed rider rejoin',
    async (w) => {
      const riderId = await w.freshMember();
      await w.owner.client.request('DELETE', `/api/groups/${w.group.id}/members/${riderId}`, { ban: true });
      return ['DELETE', `/api/groups/${w.group.id}/bans/${riderId}`];
    },
    [401, 403, 403, 403, 403, 200, 200],
  ],
  ['decline, kept from asking again', async (w) => ['POST', `/api/groups/${w.group.id}/membership-requests/${await w.freshRequest()}/reject`, { ban: true }], [401, 403, 403, 403, 403, 200, 200]],
  ['keep out a rider not in the group', async (w) => ['PUT', `/api/groups/${w.group.id}/bans/${(await buildGuest(t)).user.id}`], [401, 403, 403, 403, 403, 200, 200]],
  ['hand over ownership', (w) => ['POST', `/api/groups/${w.group.id}/ownership`, { memberId: w.member.user.id }], [401, 403, 403, 403, 403, 403, 200]],
  ['DELETE group', (w) => ['DELETE', `/api/groups/${w.group.id}`], [401, 403, 403, 403, 403, 403, 200]],
  ['join group', (w) => ['POST', `/api/groups/${w.group.id}/join`], [401, 200, 200, 409, 409, 409, 409]],
  ['leave group', (w) => ['POST', `/api/groups/${w.group.id}/leave`], [401, 409, 409, 200, 200, 200, 403]],
  ['pending requests', () => ['GET', '/api/membership-requests/pending'], [401, 200, 200, 200, 200, 200, 200]],
  ['create invitation', (w) => ['POST', `/api/groups/${w.group.id}/invite`, { inviterFirstName: 'A', inviteeName: 'B' }], [401, 403, 403, 403, 403, 201, 201]],
  ['GET group polls', (w) => ['GET', `/api/groups/${w.group.id}/polls`], [401, 403, 403, 403, 200, 200, 200]],
  ['create poll', (w) => ['POST', '/api/polls', { title: 'T', destination: 'D', durationDays: 1, deadline: inDays(2), groupId: w.group.id, proposedDates: [inDays(4)] }], [401, 403, 403, 403, 201, 201, 201]],
  ['vote', (w) => ['POST', `/api/polls/${w.poll.id}/respond`, { response: 'yes' }], [401, 403, 403, 403, 200, 200, 200]],
  ['active polls', () => ['GET', '/api/polls/active'], [401, 200, 200, 200, 200, 200, 200]],
  ['GET poll', (w) => ['GET', `/api/polls/${w.poll.id}`], [401, 403, 403, 403, 200, 200, 200]],
  // The group's organizers may close its polls; closing a closed poll again is fine.
  ['close poll', (w) => ['POST', `/api/polls/${w.poll.id}/close`], [401, 403, 403, 403, 403, 200, 200]],
  ['GET ride', (w) => ['GET', `/api/rides/${w.ride.id}`], [200, 200, 200, 200, 200, 200, 200]],
  ['GET ride by slugs', (w) => ['GET', `/api/groups/${w.group.slug}/rides/${w.ride.slug}`], [200, 200, 200, 200, 200, 200, 200]],
  ['GET group rides', (w) => ['GET', `/api/groups/${w.group.id}/rides`], [200, 200, 200, 200, 200, 200, 200]],
  [
    'create ride',
    (w) => ['POST', '/api/rides', { groupId: w.group.id, name: 'New', startLocation: 'Bologna', endLocation: 'Parma', startDate: inDays(2), endDate: inDays(2), timezoneOffset: 'UTC+00:00', timezoneName: 'UTC' }],
    [401, 403, 403, 403, 201, 201, 201],
  ],
  // The group's organizers edit (and so cancel) and delete its rides (each role deletes a ride of its own here: one delete takes the ride).
  ['edit ride', (w) => ['PATCH', `/api/rides/${w.ride.id}`, { description: 'x' }], [401, 403, 403, 403, 403, 200, 200]],
  ['delete ride', async (w) => ['DELETE', `/api/rides/${(await buildRide(w.owner, w.group.id)).id}`], [401, 403, 403, 403, 403, 200, 200]],
  ['join ride', (w) => ['POST', `/api/rides/${w.ride.id}/join`], [401, 403, 403, 403, 200, 200, 409]],
  ['leave ride', (w) => ['POST', `/api/rides/${w.ride.id}/leave`], [401, 409, 409, 409, 409, 409, 403]],
  // The comments name their authors, so an approval group's are for its members (ride-roster.test.ts).
  ['GET comments', (w) => ['GET', `/api/rides/${w.ride.id}/comments`], [403, 403, 403, 403, 200, 200, 200]],
  ['comment', (w) => ['POST', `/api/rides/${w.ride.id}/comments`, { content: 'hi' }], [401, 403, 403, 403, 201, 201, 201]],
  ['upcoming rides', () => ['GET', '/api/rides/upcoming'], [401, 200, 200, 200, 200, 200, 200]],
  ['dashboard stats', () => ['GET', '/api/dashboard/stats'], [401, 200, 200, 200, 200, 200, 200]],
  ['ride finder', () => ['GET', '/api/rides/finder?latitude=44.5&longitude=11.3&radius=50'], [200, 200, 200, 200, 200, 200, 200]],
  ['group finder', () => ['GET', '/api/groups/finder?latitude=44.5&longitude=11.3&radius=50'], [200, 200, 200, 200, 200, 200, 200]],
];

describe('permission matrix (anonymous, guest, outsider, pending, member, co-organizer, owner)', () => {
  it.each(matrix)('%s', async (_name, request, expected) => {
    const w = await world();
    const statuses: number[] = [];
    for (const role of ROLES) {
      const [method, url, body] = await request(w);
      const res = await w.clients[role].request(method, url, body);
      statuses.push(res.statusCode);
      if (res.statusCode >= 400) expect(res.json(), `${role}: ${res.body}`).toHaveProperty('message');
    }
    expect(statuses).toEqual(expected);
  });
});
