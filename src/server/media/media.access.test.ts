import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildSignedInUser, type TestClient } from '../test/test-app';
import { buildGroup, buildGuest, buildRide, buildRoles, clientsByRole, inDays } from '../test/factories';
import { createStorage } from '../platform/storage';
import { mediaItemSchema } from '../../shared/media/media-item';
import { sweepOrphanMedia } from './media-sweep.service';
import { fetchFileAs, fileOf, gpxFixture, PHOTO, postMultipart, storedPathOf, type Part } from './media.test-helpers';
import { useTestApp } from '../test/use-test-app';

// Who may add, see, change and delete media, for each role of spec 2 section 6:
// anonymous (no session), guest (session, no e-mail), outsider (signed in, not a member),
// pending member, member, owner. Statuses read in that order.

type Role = 'anonymous' | 'guest' | 'outsider' | 'pending' | 'member' | 'owner';
const ROLES: Role[] = ['anonymous', 'guest', 'outsider', 'pending', 'member', 'owner'];

const t = useTestApp();

async function world() {
  const r = await buildRoles(t);
  const ride = await buildRide(r.owner, r.group.id, { startDate: inDays(5), endDate: inDays(5), maxRiders: 10 });
  const clients: Record<Role, TestClient> = clientsByRole(r);
  return { ...r, ride, clients };
}

const upload = (client: TestClient | null, parts: Part[]) => postMultipart(t, '/api/media', client, parts);
const attach = (associatedType: string, associatedId: string, file: Part = fileOf(PHOTO, 'photo.jpg')): Part[] => [
  { name: 'associatedType', value: associatedType },
  { name: 'associatedId', value: associatedId },
  file,
];
const gpxPart = () => fileOf(gpxFixture('togeojson-strava.gpx'), 'strava.gpx', 'application/gpx+xml');

// Who adds and changes a ride's media, role by role: media.roles.test.ts.
describe('ride media: everyone sees', () => {
  it('lists a ride’s media, GPX summary included, and serves its files to every role', async () => {
    const w = await world();
    const gpx = (await upload(w.clients.owner, attach('ride', w.ride.id, gpxPart()))).json();
    const listed: number[] = [];
    for (const role of ROLES) {
      const res = await w.clients[role].get(`/api/media?associatedType=ride&associatedId=${w.ride.id}`);
      listed.push(res.statusCode);
      if (res.statusCode === 200) {
        mediaItemSchema.array().parse(res.json());
        expect(res.json()).toEqual([expect.objectContaining({ id: gpx.id, fileType: 'gpx', gpx: expect.objectContaining({ summary: expect.objectContaining({ pointCount: 3 }) }) })]);
        expect(res.json()[0].abilities).toEqual(role === 'owner' ? { edit: true, delete: true } : { edit: false, delete: false });
      }
      expect((await fetchFileAs(t, w.clients[role], gpx.url)).statusCode).toBe(200);
      expect((await w.clients[role].get(`/api/media/${gpx.id}/gpx`)).statusCode).toBe(200);
    }
    expect(listed).toEqual([200, 200, 200, 200, 200, 200]);
    expect((await w.clients.member.get('/api/media?associatedType=ride&associatedId=missing')).statusCode).toBe(404);
  });

  it('tells the riders on the ride about new media, not the uploader', async () => {
    const w = await world();
    await w.clients.member.post(`/api/rides/${w.ride.id}/join`);
    await upload(w.clients.owner, attach('ride', w.ride.id, gpxPart()));
    const memberNotes = (await w.clients.member.get('/api/notifications')).json() as Array<{ type: string; title: string; message: string }>;
    const ownerHandle = (await w.clients.owner.get('/api/users/current')).json().userId;
    expect(memberNotes).toContainEqual(expect.objectContaining({ type: 'media_uploaded', title: 'New Media', message: `${ownerHandle} uploaded 1 file to ${w.ride.name}` }));
    const ownerNotes = (await w.clients.owner.get('/api/notifications')).json() as Array<{ type: string }>;
    expect(ownerNotes.filter((n) => n.type === 'media_uploaded')).toEqual([]);
    const pendingNotes = (await w.clients.pending.get('/api/notifications')).json() as Array<{ type: string }>;
    expect(pendingNotes.filter((n) => n.type === 'media_uploaded')).toEqual([]);
  });
});

describe('group media: for the group’s members', () => {
  it('uploads: anonymous 401, guest, outsider and pending 403, member and owner 201', async () => {
    const w = await world();
    const results: number[] = [];
    for (const role of ROLES) results.push((await upload(w.clients[role], attach('group', w.group.id))).statusCode);
    expect(results).toEqual([401, 403, 403, 403, 201, 201]);
    expect((await upload(w.clients.owner, attach('group', 'no-such-group'))).statusCode).toBe(404);
  });

  it('lists and serves group media to members only; hidden answers 404, files included', async () => {
    const w = await world();
    const item = (await upload(w.clients.member, attach('group', w.group.id))).json();
    const listed: number[] = [];
    const files: number[] = [];
    const thumbs: number[] = [];
    const single: number[] = [];
    for (const role of ROLES) {
      listed.push((await w.clients[role].get(`/api/media?associatedType=group&associatedId=${w.group.id}`)).statusCode);
      files.push((await fetchFileAs(t, w.clients[role], item.url)).statusCode);
      thumbs.push((await fetchFileAs(t, w.clients[role], item.thumbnailUrl)).statusCode);
      single.push((await w.clients[role].get(`/api/media/${item.id}`)).statusCode);
    }
    expect(listed).toEqual([403, 403, 403, 403, 200, 200]);
    expect(files).toEqual([404, 404, 404, 404, 200, 200]);
    expect(thumbs).toEqual([404, 404, 404, 404, 200, 200]);
    expect(single).toEqual([404, 404, 404, 404, 200, 200]);
    expect((await fetchFileAs(t, w.clients.member, item.url)).headers['cache-control']).toMatch(/^private/);
  });

  it('lets only the uploader edit a member’s upload and the uploader or the group’s owner delete it; who cannot see it gets 404', async () => {
    const w = await world();
    const item = (await upload(w.clients.member, attach('group', w.group.id))).json();
    const patched: number[] = [];
    for (const role of ROLES) patched.push((await w.clients[role].patch(`/api/media/${item.id}`, { description: 'mine now' })).statusCode);
    expect(patched).toEqual([401, 404, 404, 404, 200, 403]);
    expect((await w.clients.owner.get(`/api/media/${item.id}`)).json().abilities).toEqual({ edit: false, delete: true });
    expect((await w.clients.owner.request('DELETE', `/api/media/${item.id}`)).statusCode).toBe(200);
    const own = (await upload(w.clients.member, attach('group', w.group.id))).json();
    expect((await w.clients.member.request('DELETE', `/api/media/${own.id}`)).statusCode).toBe(200);
  });

  it('tells the other members, not the uploader', async () => {
    const w = await world();
    await upload(w.clients.member, attach('group', w.group.id));
    const types = async (role: Role) => ((await w.clients[role].get('/api/notifications')).json() as Array<{ type: string }>).filter((n) => n.type === 'media_uploaded').length;
    expect(await types('owner')).toBe(1);
    expect(await types('member')).toBe(0);
    expect(await types('pending')).toBe(0);
  });

  it('sets the group image for the owner only, and shows it to everyone', async () => {
    const w = await world();
    const results: number[] = [];
    for (const role of ROLES) results.push((await upload(w.clients[role], attach('group_image', w.group.id, fileOf(PHOTO, 'group-image.jpg')))).statusCode);
    expect(results).toEqual([401, 403, 403, 403, 403, 201]);
    const group = (await w.clients.outsider.get(`/api/groups/${w.group.id}`)).json();
    expect(group.groupImageUrl).toMatch(/^\/media\/files\/.+\.jpg$/);
    expect((await fetchFileAs(t, null, group.groupImageUrl)).statusCode).toBe(200);
  });
});

describe('profile media: follows the profile’s visibility', () => {
  async function setVisibility(userId: string, visibility: 'public' | 'groups' | 'private') {
    await t.app.ctx.db.updateTable('users').set({ profile_visibility: visibility }).where('id', '=', userId).execute();
  }

  it('shows a rider’s gallery to whoever may see the profile, and answers 404 otherwise (files too); the avatar stays public', async () => {
    const owner = await buildSignedInUser(t);
    const mate = await buildSignedInUser(t);
    const stranger = await buildSignedInUser(t);
    const group = await buildGroup({ client: owner.client, user: owner.user });
    await mate.client.post(`/api/groups/${group.id}/join`);
    const photo = (await upload(owner.client, [fileOf(PHOTO, 'home.jpg')])).json();
    const avatar = (await upload(owner.client, attach('user_avatar', owner.user.id))).json();
    const viewers: Array<[string, TestClient | null]> = [
      ['anonymous', null],
      ['stranger', stranger.client],
      ['mate', mate.client],
      ['owner', owner.client],
    ];
    const look = async () => {
      const out: Record<string, [number, number, number]> = {};
      for (const [name, client] of viewers) {
        const list = client ? await client.get(`/api/media?userId=${owner.user.id}`) : await t.app.inject({ method: 'GET', url: `/api/media?userId=${owner.user.id}` });
        out[name] = [list.statusCode, (await fetchFileAs(t, client, photo.url)).statusCode, (await fetchFileAs(t, client, avatar.url)).statusCode];
      }
      return out;
    };
    expect(await look()).toEqual({ anonymous: [200, 200, 200], stranger: [200, 200, 200], mate: [200, 200, 200], owner: [200, 200, 200] });
    await setVisibility(owner.user.id, 'groups');
    expect(await look()).toEqual({ anonymous: [404, 404, 200], stranger: [404, 404, 200], mate: [200, 200, 200], owner: [200, 200, 200] });
    await setVisibility(owner.user.id, 'private');
    expect(await look()).toEqual({ anonymous: [404, 404, 200], stranger: [404, 404, 200], mate: [404, 404, 200], owner: [200, 200, 200] });
    expect((await stranger.client.get(`/api/media?associatedType=profile&associatedId=${owner.user.id}`)).statusCode).toBe(404);
    expect((await stranger.client.patch(`/api/media/${photo.id}`, { description: 'x' })).statusCode).toBe(404);
  });

  it('lists the rider’s own media of every kind for the gallery, newest first; others see it without the groups they are not in, nor their rides', async () => {
    const w = await world();
    const ownerId = (await w.clients.owner.get('/api/users/current')).json().id as string;
    const profile = (await upload(w.clients.owner, [fileOf(PHOTO, 'profile.jpg')])).json();
    const ride = (await upload(w.clients.owner, attach('ride', w.ride.id, gpxPart()))).json();
    const group = (await upload(w.clients.owner, attach('group', w.group.id))).json();
    const own = mediaItemSchema.array().parse((await w.clients.owner.get(`/api/media?userId=${ownerId}`)).json());
    expect(own.map((m) => m.id)).toEqual([group.id, ride.id, profile.id]);
    const seenByOutsider = mediaItemSchema.array().parse((await w.clients.outsider.get(`/api/media?userId=${ownerId}`)).json());
    // The ride's group requires approval: its ride's files would say the rider rides with it (ride-roster.test.ts).
    expect(seenByOutsider.map((m) => m.id)).toEqual([profile.id]);
    const seenByMember = mediaItemSchema.array().parse((await w.clients.member.get(`/api/media?userId=${ownerId}`)).json());
    expect(seenByMember.map((m) => m.id)).toEqual([group.id, ride.id, profile.id]);
    const handle = (await w.clients.owner.get('/api/users/current')).json().userId as string;
    expect(((await w.clients.member.get(`/api/media?userId=${handle}`)).json() as unknown[]).length).toBe(3);
  });

  it('refuses uploads to another rider’s gallery, and a list query that names nothing', async () => {
    const a = await buildGuest(t);
    const b = await buildGuest(t);
    expect((await upload(a.client, attach('profile', b.user.id))).statusCode).toBe(404);
    expect((await a.client.get('/api/media')).statusCode).toBe(400);
    expect((await a.client.get(`/api/media?associatedType=ride`)).statusCode).toBe(400);
  });
});

describe('clean-up of media whose ride or group is gone', () => {
  it('leaves the sweep nothing of a deleted ride’s media, nor of a deleted group’s and its rides’ (they go with the deletion)', async () => {
    const storage = createStorage(t.config);
    const w = await world();
    const rideGpx = (await upload(w.clients.owner, attach('ride', w.ride.id, gpxPart()))).json();
    const otherRide = (
      await w.clients.owner.post('/api/rides', {
        groupId: w.group.id,
        name: `Second ${Math.random()}`,
        startLocation: 'Bologna',
        endLocation: 'Parma',
        startDate: inDays(6),
        endDate: inDays(6),
        timezoneOffset: 'UTC+00:00',
        timezoneName: 'UTC',
      })
    ).json() as { id: string };
    const otherPhoto = (await upload(w.clients.owner, attach('ride', otherRide.id))).json();
    const groupPhoto = (await upload(w.clients.member, attach('group', w.group.id))).json();
    const paths = (item: { url: string; thumbnailUrl: string | null }) => [item.url, ...(item.thumbnailUrl ? [item.thumbnailUrl] : [])].map((u) => storedPathOf(t, u));
    const later = Date.now() + 2 * 3600 * 1000;

    expect((await w.clients.owner.request('DELETE', `/api/rides/${w.ride.id}`)).statusCode).toBe(200);
    expect(paths(rideGpx).some((p) => fs.existsSync(p))).toBe(false);
    expect(paths(otherPhoto).every((p) => fs.existsSync(p))).toBe(true);
    expect(await sweepOrphanMedia(t.app.ctx, storage, later)).toBe(0);

    expect((await w.clients.owner.request('DELETE', `/api/groups/${w.group.id}`)).statusCode).toBe(200);
    expect([...paths(otherPhoto), ...paths(groupPhoto)].some((p) => fs.existsSync(p))).toBe(false);
    expect(await t.app.ctx.db.selectFrom('media').select('id').where('id', 'in', [otherPhoto.id, groupPhoto.id]).execute()).toEqual([]);
    expect(await sweepOrphanMedia(t.app.ctx, storage, later)).toBe(0);
  });

  it('leaves the files of uploads still in progress (recorded within the hour) alone', async () => {
    const storage = createStorage(t.config);
    const rider = await buildGuest(t);
    const item = (await upload(rider.client, [fileOf(PHOTO)])).json();
    await t.app.ctx.db.deleteFrom('media').where('id', '=', item.id).execute();
    expect(await sweepOrphanMedia(t.app.ctx, storage)).toBe(0);
    expect(fs.existsSync(storedPathOf(t, item.url))).toBe(true);
    expect(await sweepOrphanMedia(t.app.ctx, storage, Date.now() + 2 * 3600 * 1000)).toBe(2);
    expect(fs.existsSync(storedPathOf(t, item.url))).toBe(false);
  });
});
