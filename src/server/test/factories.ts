import crypto from 'node:crypto';
import { buildSignedInUser, TestClient, type TestApp } from './test-app';

/** A rider with a session (a guest account, as every visitor has). */
export async function buildGuest(t: TestApp) {
  const client = new TestClient(t.app);
  const user = (await client.get('/api/users/current')).json() as { id: string; userId: string };
  return { client, user };
}

export type Rider = Awaited<ReturnType<typeof buildGuest>>;

let groupCounter = 0;

/** A group created through the API by `owner`. */
export async function buildGroup(owner: Rider, overrides: Record<string, unknown> = {}) {
  const res = await owner.client.post('/api/groups', {
    name: `Riders ${++groupCounter} ${crypto.randomBytes(3).toString('hex')}`,
    description: 'Sunday morning twisties',
    location: 'Bologna, Emilia-Romagna, Italy',
    latitude: 44.4949,
    longitude: 11.3426,
    radiusKm: 50,
    membershipApprovalRequired: false,
    timezoneOffset: 'UTC+01:00',
    timezoneName: 'Berlin',
    ...overrides,
  });
  if (res.statusCode !== 201) throw new Error(`buildGroup failed: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string; name: string; slug: string };
}

/**
 * The six roles around one group: anonymous (no session), guest (a session without e-mail),
 * outsider (signed in with an e-mail, not a member), pending member, member and owner.
 */
export async function buildRoles(t: TestApp, groupOverrides: Record<string, unknown> = {}) {
  const owner = await buildGuest(t);
  const group = await buildGroup(owner, { membershipApprovalRequired: true, ...groupOverrides });
  const member = await buildGuest(t);
  const pending = await buildGuest(t);
  const guest = await buildGuest(t);
  const outsider = await buildSignedInUser(t);
  await member.client.post(`/api/groups/${group.id}/join`);
  const requests = (await owner.client.get(`/api/groups/${group.id}/membership-requests`)).json() as Array<{ id: string }>;
  await owner.client.post(`/api/groups/${group.id}/membership-requests/${requests[0]!.id}/approve`);
  await pending.client.post(`/api/groups/${group.id}/join`);
  const anonymous = new TestClient(t.app);
  return { owner, member, pending, guest, outsider, anonymous, group };
}

/** A full-day ride from Bologna to Parma four days from now, created through the API by `owner`. */
export async function buildRide(owner: Rider, groupId: string, extra: Record<string, unknown> = {}) {
  const inFourDays = new Date(Date.now() + 4 * 86_400_000).toISOString();
  const res = await owner.client.post('/api/rides', {
    groupId,
    name: `Test Run ${crypto.randomBytes(3).toString('hex')}`,
    startLocation: 'Bologna, Emilia-Romagna, Italy',
    startLatitude: 44.4949,
    startLongitude: 11.3426,
    endLocation: 'Parma, Emilia-Romagna, Italy',
    endLatitude: 44.8015,
    endLongitude: 10.328,
    startDate: inFourDays,
    endDate: inFourDays,
    duration: 'full-day',
    minRiders: 1,
    maxRiders: 5,
    timezoneOffset: 'UTC+00:00',
    timezoneName: 'UTC',
    ...extra,
  });
  if (res.statusCode !== 201) throw new Error(`buildRide: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string; slug: string };
}
