import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestClient, type TestApp } from './test/test-app';
import { buildRoles } from './test/factories';

// The permission matrix: every endpoint of groups, invitations, polls and rides, for each role.
// Expected statuses read left to right: anonymous, guest, outsider, pending, member, owner.
// Each row gets a fresh world; the roles act on it in that order, each as a different rider, and
// the only actions that change what others see (approve, delete) are the owner's, which come last.

type Role = 'anonymous' | 'guest' | 'outsider' | 'pending' | 'member' | 'owner';
const ROLES: Role[] = ['anonymous', 'guest', 'outsider', 'pending', 'member', 'owner'];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString();

async function world() {
  const r = await buildRoles(t);
  const ride = (
    await r.owner.client.post('/api/rides', {
      groupId: r.group.id,
      name: `Matrix ${Math.random()}`,
      startLocation: 'Bologna',
      startLatitude: 44.49,
      startLongitude: 11.34,
      endLocation: 'Parma',
      endLatitude: 44.8,
      endLongitude: 10.33,
      startDate: inDays(3),
      endDate: inDays(3),
      timezoneOffset: 'UTC+00:00',
      timezoneName: 'UTC',
    })
  ).json() as { id: string; slug: string };
  const poll = (
    await r.owner.client.post('/api/polls', { title: 'When?', destination: 'Alps', durationDays: 2, deadline: inDays(5), groupId: r.group.id, proposedDates: [inDays(10)] })
  ).json() as { id: string };
  const requests = (await r.owner.client.get(`/api/groups/${r.group.id}/membership-requests`)).json() as Array<{ id: string }>;
  const clients: Record<Role, TestClient> = {
    anonymous: r.anonymous,
    guest: r.guest.client,
    outsider: r.outsider.client,
    pending: r.pending.client,
    member: r.member.client,
    owner: r.owner.client,
  };
  return { ...r, ride, poll, requestId: requests[0]!.id, clients };
}
type World = Awaited<ReturnType<typeof world>>;

const matrix: Array<[string, (w: World) => [method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown], number[]]> = [
  ['GET group', (w) => ['GET', `/api/groups/${w.group.id}`], [200, 200, 200, 200, 200, 200]],
  ['GET group by name', (w) => ['GET', `/api/groups/by-name/${w.group.slug}`], [200, 200, 200, 200, 200, 200]],
  ['GET my groups', () => ['GET', '/api/groups'], [401, 200, 200, 200, 200, 200]],
  ['search groups', () => ['GET', '/api/groups/search?q=riders'], [200, 200, 200, 200, 200, 200]],
  ['GET members', (w) => ['GET', `/api/groups/${w.group.id}/members`], [401, 403, 403, 403, 200, 200]],
  ['GET membership requests', (w) => ['GET', `/api/groups/${w.group.id}/membership-requests`], [401, 403, 403, 403, 403, 200]],
  ['approve request', (w) => ['POST', `/api/groups/${w.group.id}/membership-requests/${w.requestId}/approve`], [401, 403, 403, 403, 403, 200]],
  ['reject request', (w) => ['POST', `/api/groups/${w.group.id}/membership-requests/${w.requestId}/reject`], [401, 403, 403, 403, 403, 200]],
  ['PATCH group', (w) => ['PATCH', `/api/groups/${w.group.id}`, { membershipApprovalRequired: false }], [401, 403, 403, 403, 403, 200]],
  ['DELETE group', (w) => ['DELETE', `/api/groups/${w.group.id}`], [401, 403, 403, 403, 403, 200]],
  ['join group', (w) => ['POST', `/api/groups/${w.group.id}/join`], [401, 200, 200, 409, 409, 409]],
  ['leave group', (w) => ['POST', `/api/groups/${w.group.id}/leave`], [401, 409, 409, 200, 200, 403]],
  ['pending requests', () => ['GET', '/api/membership-requests/pending'], [401, 200, 200, 200, 200, 200]],
  ['create invitation', (w) => ['POST', `/api/groups/${w.group.id}/invite`, { inviterFirstName: 'A', inviteeName: 'B' }], [401, 403, 403, 403, 403, 201]],
  ['GET group polls', (w) => ['GET', `/api/groups/${w.group.id}/polls`], [401, 403, 403, 403, 200, 200]],
  ['create poll', (w) => ['POST', '/api/polls', { title: 'T', destination: 'D', durationDays: 1, deadline: inDays(2), groupId: w.group.id, proposedDates: [inDays(4)] }], [401, 403, 403, 403, 201, 201]],
  ['vote', (w) => ['POST', `/api/polls/${w.poll.id}/respond`, { response: 'yes' }], [401, 403, 403, 403, 200, 200]],
  ['active polls', () => ['GET', '/api/polls/active'], [401, 200, 200, 200, 200, 200]],
  ['GET ride', (w) => ['GET', `/api/rides/${w.ride.id}`], [200, 200, 200, 200, 200, 200]],
  ['GET ride by slugs', (w) => ['GET', `/api/groups/${w.group.slug}/rides/${w.ride.slug}`], [200, 200, 200, 200, 200, 200]],
  ['GET group rides', (w) => ['GET', `/api/groups/${w.group.id}/rides`], [200, 200, 200, 200, 200, 200]],
  [
    'create ride',
    (w) => ['POST', '/api/rides', { groupId: w.group.id, name: 'New', startLocation: 'Bologna', endLocation: 'Parma', startDate: inDays(2), endDate: inDays(2), timezoneOffset: 'UTC+00:00', timezoneName: 'UTC' }],
    [401, 403, 403, 403, 201, 201],
  ],
  ['edit ride', (w) => ['PATCH', `/api/rides/${w.ride.id}`, { description: 'x' }], [401, 403, 403, 403, 403, 200]],
  ['delete ride', (w) => ['DELETE', `/api/rides/${w.ride.id}`], [401, 403, 403, 403, 403, 200]],
  ['join ride', (w) => ['POST', `/api/rides/${w.ride.id}/join`], [401, 403, 403, 403, 200, 409]],
  ['leave ride', (w) => ['POST', `/api/rides/${w.ride.id}/leave`], [401, 409, 409, 409, 409, 403]],
  ['GET comments', (w) => ['GET', `/api/rides/${w.ride.id}/comments`], [200, 200, 200, 200, 200, 200]],
  ['comment', (w) => ['POST', `/api/rides/${w.ride.id}/comments`, { content: 'hi' }], [401, 403, 403, 403, 201, 201]],
  ['upcoming rides', () => ['GET', '/api/rides/upcoming'], [401, 200, 200, 200, 200, 200]],
  ['dashboard stats', () => ['GET', '/api/dashboard/stats'], [401, 200, 200, 200, 200, 200]],
  ['ride finder', () => ['GET', '/api/rides/finder?latitude=44.5&longitude=11.3&radius=50'], [200, 200, 200, 200, 200, 200]],
  ['group finder', () => ['GET', '/api/groups/finder?latitude=44.5&longitude=11.3&radius=50'], [200, 200, 200, 200, 200, 200]],
];

describe('permission matrix (anonymous, guest, outsider, pending, member, owner)', () => {
  it.each(matrix)('%s', async (_name, request, expected) => {
    const w = await world();
    const statuses: number[] = [];
    for (const role of ROLES) {
      const [method, url, body] = request(w);
      const res = await w.clients[role].request(method, url, body);
      statuses.push(res.statusCode);
      if (res.statusCode >= 400) expect(res.json(), `${role}: ${res.body}`).toHaveProperty('message');
    }
    expect(statuses).toEqual(expected);
  });
});
