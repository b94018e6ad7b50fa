/**
 * Run by generate.ts INSIDE a checkout of the earlier commit (at the same relative path), so it
 * uses that commit's API, factories and migrations: riders, a group with a member and a pending
 * request, a ride with a participant, a comment, a poll with a vote, an invitation, activity
 * events, a photo and a GPX on the ride, a bug report with a screenshot, and the notifications
 * these leave (caches aside, every table holds a row). Writes what it made to expected.json in the directory named by argv[2].
 */
import fs from 'node:fs';
import path from 'node:path';
import { buildSignedInUser, createTestApp } from '../../src/server/test/test-app';
import { buildGroup, buildGuest, buildRide } from '../../src/server/test/factories';
import { fileOf, gpxFixture, PHOTO, postMultipart } from '../../src/server/media/media.test-helpers';

const outDir = path.resolve(process.argv[2]!);
const env: Record<string, string> = { DATA_DIR: outDir, WRITE_LIMIT_PER_SESSION: '10000' };
if (process.env.DATABASE_URL) env.DATABASE_URL = process.env.DATABASE_URL;
const t = await createTestApp(env);

function ok<T>(res: { statusCode: number; body: string; json(): unknown }, what: string): T {
  if (res.statusCode >= 300) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
  return res.json() as T;
}

const owner = await buildSignedInUser(t, 'owner@upgrade.test');
const member = await buildSignedInUser(t, 'member@upgrade.test');
const pending = await buildGuest(t);
ok(await owner.client.patch(`/api/users/${owner.user.id}`, { firstName: 'Giulia', lastName: 'Rossi' }), 'profile');
// Created under another name and renamed, so the slug history holds a row.
const group = await buildGroup(owner, { name: 'Grüne Kurven', membershipApprovalRequired: true });
ok(await owner.client.patch(`/api/groups/${group.id}`, { name: 'Grüne Kurven Ακρόπολη' }), 'group rename');
ok(await member.client.post(`/api/groups/${group.id}/join`), 'join');
const requests = ok<Array<{ id: string }>>(await owner.client.get(`/api/groups/${group.id}/membership-requests`), 'requests');
ok(await owner.client.post(`/api/groups/${group.id}/membership-requests/${requests[0]!.id}/approve`), 'approve');
ok(await pending.client.post(`/api/groups/${group.id}/join`), 'pending join');
const ride = await buildRide(owner, group.id, { name: 'Futa' });
ok(await owner.client.patch(`/api/rides/${ride.id}`, { name: 'Passo della Futa 🏍️' }), 'ride rename');
ok(await member.client.post(`/api/rides/${ride.id}/join`), 'ride join');
const comment = ok<{ id: string }>(await member.client.post(`/api/rides/${ride.id}/comments`, { content: 'Fuel stop in Firenzuola?' }), 'comment');
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const poll = ok<{ id: string }>(
  await owner.client.post('/api/polls', {
    title: 'Alps weekend', description: 'Stelvio and Gavia', destination: 'Bormio', durationDays: 2, groupId: group.id,
    deadline: new Date(Date.now() + 7 * 86_400_000).toISOString(), proposedDates: [`${day(20)}T00:00:00.000Z`],
  }),
  'poll',
);
ok(await member.client.post(`/api/polls/${poll.id}/respond`, { response: 'yes', preferredDates: [day(20)] }), 'vote');
ok(await owner.client.post(`/api/groups/${group.id}/invite`, { inviterFirstName: 'Giulia', inviteeName: 'Marco' }), 'invite');
ok(await member.client.post('/api/events', { category: 'onboarding', event: 'welcome_action', properties: { action: 'join_group' } }), 'event');
const rideFields = [{ name: 'associatedType', value: 'ride' }, { name: 'associatedId', value: ride.id }];
const photo = ok<{ id: string }>(await postMultipart(t, '/api/media', owner.client, [...rideFields, fileOf(PHOTO, 'futa.jpg')]), 'photo');
const gpx = ok<{ id: string }>(await postMultipart(t, '/api/media', owner.client, [...rideFields, fileOf(gpxFixture('togeojson-osm.gpx'), 'futa.gpx', 'application/gpx+xml')]), 'gpx');
ok(
  await postMultipart(t, '/api/bug-reports', member.client, [
    { name: 'title', value: 'Map stays grey' },
    { name: 'description', value: 'The ride map stays grey on my phone.' },
    { name: 'screenshot', filename: 'screen.jpg', type: 'image/jpeg', data: PHOTO },
  ]),
  'bug report',
);

const expected = {
  users: [{ email: 'owner@upgrade.test', id: owner.user.id }, { email: 'member@upgrade.test', id: member.user.id }],
  groups: [{ id: group.id, name: 'Grüne Kurven Ακρόπολη' }],
  rides: [{ id: ride.id, name: 'Passo della Futa 🏍️' }],
  comments: [{ id: comment.id, rideId: ride.id, content: 'Fuel stop in Firenzuola?' }],
  polls: [{ id: poll.id, groupId: group.id, title: 'Alps weekend' }],
  media: [{ id: photo.id }, { id: gpx.id }],
};
fs.writeFileSync(path.join(outDir, 'expected.json'), `${JSON.stringify(expected, null, 2)}\n`);
await t.app.close();
