import type { AppContext } from '../context';
import { publishNotifications, recordNotifications, type NotificationAbout } from '../notifications/notifications.service';
import type { NotificationParams, NotificationType } from '../../shared/notifications/notification-types';
import crypto from 'node:crypto';
import { buildSignedInUser, TestClient, type TestApp } from './test-app';
import type { Ride } from '../../shared/rides/ride';

/** A rider with a session (a guest account, as every visitor has). */
export async function buildGuest(t: TestApp) {
  const client = new TestClient(t.app);
  const user = (await client.get('/api/users/current')).json() as { id: string; userId: string };
  return { client, user };
}

export type Rider = Awaited<ReturnType<typeof buildGuest>>;

let groupCounter = 0;

/** The body of an open group in Bologna with a name of its own (POST /api/groups). */
export function groupBody(overrides: Record<string, unknown> = {}) {
  return {
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
  };
}

/** A group created through the API by `owner`. */
export async function buildGroup(owner: Rider, overrides: Record<string, unknown> = {}) {
  const res = await owner.client.post('/api/groups', groupBody(overrides));
  if (res.statusCode !== 201) throw new Error(`buildGroup failed: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string; name: string; slug: string };
}

/** An invitation to the group made through the API by `inviter`: its link, QR code and expiry, and the token the link carries. */
export async function buildInvitation(inviter: Rider, groupId: string, body: Record<string, unknown> = { inviterFirstName: 'Marco', inviteeName: 'Giulia' }) {
  const res = await inviter.client.post(`/api/groups/${groupId}/invite`, body);
  if (res.statusCode !== 201) throw new Error(`buildInvitation failed: ${res.statusCode} ${res.body}`);
  const invitation = res.json() as { magicLink: string; qrCodeDataUrl: string; expiresAt: string };
  return { ...invitation, token: invitation.magicLink.split('/invite/')[1]! };
}

/** A guest's new group (with `overrides`) and an invitation to it. */
export async function buildInvitedGroup(t: TestApp, overrides: Record<string, unknown> = {}) {
  const owner = await buildGuest(t);
  const group = await buildGroup(owner, overrides);
  return { owner, group, invitation: await buildInvitation(owner, group.id) };
}

/** A rider who asked to join `owner`'s approval group and was let in. */
export async function buildApprovedMember(t: TestApp, owner: Rider, groupId: string): Promise<Rider> {
  const rider = await buildGuest(t);
  await rider.client.post(`/api/groups/${groupId}/join`);
  const requests = (await owner.client.get(`/api/groups/${groupId}/membership-requests`)).json() as Array<{ id: string; user: { id: string } }>;
  const request = requests.find((r) => r.user.id === rider.user.id);
  if (!request) throw new Error('buildApprovedMember: no request');
  await owner.client.post(`/api/groups/${groupId}/membership-requests/${request.id}/approve`);
  return rider;
}

/**
 * The seven roles around one group: anonymous (no session), guest (a session without e-mail),
 * outsider (signed in with an e-mail, not a member), pending member, member, co-organizer and owner.
 */
export async function buildRoles(t: TestApp, groupOverrides: Record<string, unknown> = {}) {
  const owner = await buildGuest(t);
  const group = await buildGroup(owner, { membershipApprovalRequired: true, ...groupOverrides });
  const member = await buildGuest(t);
  const pending = await buildGuest(t);
  const guest = await buildGuest(t);
  const outsider = await buildSignedInUser(t);
  const coOrganizer = await buildGuest(t);
  await addMember(owner, member, group.id);
  await addMember(owner, coOrganizer, group.id);
  await makeCoOrganizer(owner, coOrganizer, group.id);
  await pending.client.post(`/api/groups/${group.id}/join`);
  const anonymous = new TestClient(t.app);
  return { owner, member, coOrganizer, pending, guest, outsider, anonymous, group };
}

/** `rider` joins the group; in an approval group, `owner` approves every request waiting. */
export async function addMember(owner: Rider, rider: Rider, groupId: string) {
  await rider.client.post(`/api/groups/${groupId}/join`);
  const requests = (await owner.client.get(`/api/groups/${groupId}/membership-requests`)).json() as Array<{ id: string }>;
  for (const request of requests) await owner.client.post(`/api/groups/${groupId}/membership-requests/${request.id}/approve`);
}

/** A new guest who joined `owner`'s group (let in, in an approval group). */
export async function buildMember(t: TestApp, owner: Rider, groupId: string): Promise<Rider> {
  const rider = await buildGuest(t);
  await addMember(owner, rider, groupId);
  return rider;
}

export async function makeCoOrganizer(owner: Rider, member: Rider, groupId: string) {
  const res = await owner.client.put(`/api/groups/${groupId}/members/${member.user.id}/role`, { role: 'co_organizer' });
  if (res.statusCode !== 200) throw new Error(`makeCoOrganizer: ${res.statusCode} ${res.body}`);
}

export type GroupRole = 'anonymous' | 'guest' | 'outsider' | 'pending' | 'member' | 'coOrganizer' | 'owner';

/** The client of each of buildRoles' riders, by role. */
export function clientsByRole(r: Awaited<ReturnType<typeof buildRoles>>): Record<GroupRole, TestClient> {
  return {
    anonymous: r.anonymous,
    guest: r.guest.client,
    outsider: r.outsider.client,
    pending: r.pending.client,
    member: r.member.client,
    coOrganizer: r.coOrganizer.client,
    owner: r.owner.client,
  };
}

/** An ISO time `days` from now (negative: ago); with `time` ("HH:MM"), that day at that time in UTC. */
export function inDays(days: number, time?: string): string {
  const at = new Date(Date.now() + days * 86_400_000);
  return time === undefined ? at.toISOString() : new Date(`${at.toISOString().slice(0, 10)}T${time}:00.000Z`).toISOString();
}

/** The body of a full-day ride from Bologna to Parma four days from now (POST /api/rides). */
export function rideBody(groupId: string, extra: Record<string, unknown> = {}) {
  const inFourDays = inDays(4);
  return {
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
    // On UTC's clock, whatever the group's zone, so the instants sent are the instants stored.
    timezone: 'UTC',
    ...extra,
  };
}

/** A full-day ride from Bologna to Parma four days from now, created through the API by `owner`. */
export async function buildRide(owner: Rider, groupId: string, extra: Record<string, unknown> = {}) {
  const res = await owner.client.post('/api/rides', rideBody(groupId, extra));
  if (res.statusCode !== 201) throw new Error(`buildRide: ${res.statusCode} ${res.body}`);
  return res.json() as Ride;
}

/**
 * Tells one rider something as a domain does: recorded in a transaction with its mails and pushes
 * (`recordNotifications`), then published to the rider's open pages. The notification's id and time.
 */
export async function tellRider<T extends NotificationType>(ctx: AppContext, userId: string, type: T, params: NotificationParams[T], about?: NotificationAbout): Promise<{ id: string; createdAt: string }> {
  const told = await ctx.db.transaction().execute((tx) => recordNotifications(tx, [userId], { type, params, ...(about && { about }) }));
  await publishNotifications(ctx, told);
  return ctx.db.selectFrom('notifications').select(['id', 'created_at as createdAt']).where('id', '=', told[0]!.id).executeTakeFirstOrThrow();
}
