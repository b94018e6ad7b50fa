import { describe, expect, it } from 'vitest';
import { buildRide, buildRoles } from '../test/factories';
import { mediaItemSchema } from '../../shared/media/media-item';
import { fileOf, gpxFixture, PHOTO, postMultipart, type Part } from './media.test-helpers';
import { useTestApp } from '../test/use-test-app';

// The gallery labels each item by what it belongs to: the ride ("Futa Pass Loop") or the group by
// name, with what a link to it needs; a rider's own uploads belong to no ride or group.

const t = useTestApp();

const attach = (associatedType: string, associatedId: string, file: Part): Part[] => [
  { name: 'associatedType', value: associatedType },
  { name: 'associatedId', value: associatedId },
  file,
];

describe('media items name the ride or group they belong to', () => {
  it('in the upload answer and in the rider’s gallery, for photos, GPX files and group images alike', async () => {
    const r = await buildRoles(t, { name: 'Motorradfreundeskreisoberbayern' });
    const ride = await buildRide(r.owner, r.group.id, { name: 'Futa Pass Loop' });
    const group = (await r.owner.client.get(`/api/groups/${r.group.id}`)).json() as { slug: string };
    const post = (parts: Part[]) => postMultipart(t, '/api/media', r.owner.client, parts);

    const rideGpx = await post(attach('ride', ride.id, fileOf(gpxFixture('togeojson-strava.gpx'), 'futa.gpx', 'application/gpx+xml')));
    expect(rideGpx.statusCode).toBe(201);
    const rideLabel = { type: 'ride', id: ride.id, name: 'Futa Pass Loop', slug: 'futa-pass-loop', groupSlug: group.slug };
    expect(rideGpx.json().belongsTo).toEqual(rideLabel);
    const groupPhoto = await post(attach('group', r.group.id, fileOf(PHOTO, 'meetup.jpg')));
    const groupLabel = { type: 'group', id: r.group.id, name: 'Motorradfreundeskreisoberbayern', slug: group.slug };
    expect(groupPhoto.json().belongsTo).toEqual(groupLabel);
    expect((await post([fileOf(PHOTO, 'me.jpg')])).json().belongsTo).toBeNull();

    const gallery = mediaItemSchema.array().parse((await r.owner.client.get(`/api/media?userId=${r.owner.user.id}`)).json());
    const byName = Object.fromEntries(gallery.map((item) => [item.originalName, mediaItemSchema.parse(item).belongsTo]));
    expect(byName).toEqual({ 'futa.gpx': rideLabel, 'meetup.jpg': groupLabel, 'me.jpg': null });

    // A member sees the same names in the group's and the ride's lists.
    const groupList = mediaItemSchema.array().parse((await r.member.client.get(`/api/media?associatedType=group&associatedId=${r.group.id}`)).json());
    expect(groupList.map((item) => item.belongsTo)).toEqual([groupLabel]);
    const rideList = mediaItemSchema.array().parse((await r.member.client.get(`/api/media?associatedType=ride&associatedId=${ride.id}`)).json());
    expect(rideList.map((item) => item.belongsTo)).toEqual([rideLabel]);
  });
});
