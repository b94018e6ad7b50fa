import { describe, expect, it } from 'vitest';
import { type TestClient } from '../test/test-app';
import { buildApprovedMember, buildRide, buildRoles, clientsByRole } from '../test/factories';
import { MEDIA_MESSAGES, mediaItemSchema, type MediaItem } from '../../shared/media/media-item';
import { expectNothingLeftBehind, fileOf, gpxFixture, PHOTO, postMultipart, type Part } from './media.test-helpers';
import { useTestApp } from '../test/use-test-app';

// One table drives both what a ride's media offers each role (the ride's abilities, each item's
// abilities) and what the server then allows: they must agree for every role.

type Role = 'anonymous' | 'guest' | 'outsider' | 'pending' | 'member' | 'rider' | 'rideOwner' | 'coOrganizer' | 'groupOwner';

interface Expected {
  /** Adds photos and videos to the ride (abilities.addMedia; POST /api/media). */
  addMedia: boolean;
  /** Adds GPX routes to the ride (abilities.uploadMedia). */
  addRoute: boolean;
  /** Deletes another rider's photo on the ride (the item's abilities.delete; DELETE /api/media/{id}). */
  deleteOthers: boolean;
}

const TABLE: Record<Role, Expected> = {
  anonymous: { addMedia: false, addRoute: false, deleteOthers: false },
  guest: { addMedia: false, addRoute: false, deleteOthers: false },
  outsider: { addMedia: false, addRoute: false, deleteOthers: false },
  pending: { addMedia: false, addRoute: false, deleteOthers: false },
  member: { addMedia: true, addRoute: false, deleteOthers: false },
  rider: { addMedia: true, addRoute: false, deleteOthers: false },
  rideOwner: { addMedia: true, addRoute: true, deleteOthers: true },
  coOrganizer: { addMedia: true, addRoute: false, deleteOthers: true },
  groupOwner: { addMedia: true, addRoute: false, deleteOthers: true },
};
const ROLES = Object.keys(TABLE) as Role[];

const t = useTestApp();

/**
 * The roles around one ride: the group's owner and a co-organizer, a member who owns the ride, a
 * member with a seat on it (a rider who leaves the group gives up the seats of rides not started:
 * groups/member-removal.test.ts), a member without a seat, and the rest.
 */
async function world() {
  const r = await buildRoles(t);
  const rideOwner = await buildApprovedMember(t, r.owner, r.group.id);
  const ride = await buildRide(rideOwner, r.group.id);
  const rider = await buildApprovedMember(t, r.owner, r.group.id);
  expect((await rider.client.post(`/api/rides/${ride.id}/join`)).statusCode).toBe(200);
  const uploader = await buildApprovedMember(t, r.owner, r.group.id);
  const { owner, ...others } = clientsByRole(r);
  const clients: Record<Role, TestClient> = { ...others, rider: rider.client, rideOwner: rideOwner.client, groupOwner: owner };
  return { ride, clients, uploader: uploader.client };
}

const toRide = (rideId: string, file: Part = fileOf(PHOTO, 'photo.jpg')): Part[] => [{ name: 'associatedType', value: 'ride' }, { name: 'associatedId', value: rideId }, file];
const gpxPart = () => fileOf(gpxFixture('togeojson-strava.gpx'), 'strava.gpx', 'application/gpx+xml');
const refusal = (role: Role) => (role === 'anonymous' ? 401 : 403);

async function uploaded(client: TestClient, parts: Part[]): Promise<MediaItem> {
  const res = await postMultipart(t, '/api/media', client, parts);
  expect(res.statusCode).toBe(201);
  return mediaItemSchema.parse(res.json());
}

describe('ride media for each role: abilities and enforcement agree', () => {
  it('offers and allows adding photos only to riders of the ride and members of its group', async () => {
    const w = await world();
    for (const role of ROLES) {
      const ride = (await w.clients[role].get(`/api/rides/${w.ride.id}`)).json() as { abilities: { addMedia?: boolean } };
      expect({ role, offered: ride.abilities.addMedia }).toEqual({ role, offered: TABLE[role].addMedia });
      const res = await postMultipart(t, '/api/media', w.clients[role], toRide(w.ride.id));
      expect({ role, status: res.statusCode }).toEqual({ role, status: TABLE[role].addMedia ? 201 : refusal(role) });
      if (res.statusCode === 201) {
        const item = mediaItemSchema.parse(res.json());
        expect(item.abilities).toEqual({ edit: true, delete: true });
        expect(item.belongsTo).toEqual(expect.objectContaining({ type: 'ride', id: w.ride.id }));
      } else if (role !== 'anonymous') {
        expect(res.json()).toMatchObject({ message: MEDIA_MESSAGES.rideRidersOnly });
      }
    }
  });

  it('offers and allows adding GPX routes only to the ride’s owner, and keeps nothing of a refused one', async () => {
    const w = await world();
    for (const role of ROLES) {
      const ride = (await w.clients[role].get(`/api/rides/${w.ride.id}`)).json() as { abilities: { uploadMedia: boolean } };
      expect({ role, offered: ride.abilities.uploadMedia }).toEqual({ role, offered: TABLE[role].addRoute });
      if (TABLE[role].addRoute) {
        expect((await uploaded(w.clients[role], toRide(w.ride.id, gpxPart()))).fileType).toBe('gpx');
        continue;
      }
      const res = await expectNothingLeftBehind(t, () => postMultipart(t, '/api/media', w.clients[role], toRide(w.ride.id, gpxPart())));
      expect({ role, status: res.statusCode }).toEqual({ role, status: refusal(role) });
      if (TABLE[role].addMedia) expect(res.json()).toMatchObject({ message: MEDIA_MESSAGES.rideRouteOwnerOnly });
    }
  });

  it('offers and allows deleting another rider’s photo only to the ride’s owner and the group’s owner and co-organizers; editing it to nobody', async () => {
    const w = await world();
    for (const role of ROLES) {
      const photo = await uploaded(w.uploader, toRide(w.ride.id));
      const seen = await w.clients[role].get(`/api/media/${photo.id}`);
      expect(seen.statusCode).toBe(200);
      expect({ role, abilities: mediaItemSchema.parse(seen.json()).abilities }).toEqual({ role, abilities: { edit: false, delete: TABLE[role].deleteOthers } });
      const listed = mediaItemSchema.array().parse((await w.clients[role].get(`/api/media?associatedType=ride&associatedId=${w.ride.id}`)).json());
      expect(listed.find((m) => m.id === photo.id)?.abilities.delete).toBe(TABLE[role].deleteOthers);

      const edited = await w.clients[role].patch(`/api/media/${photo.id}`, { description: `by ${role}` });
      expect({ role, status: edited.statusCode }).toEqual({ role, status: refusal(role) });
      const deleted = await w.clients[role].request('DELETE', `/api/media/${photo.id}`);
      expect({ role, status: deleted.statusCode }).toEqual({ role, status: TABLE[role].deleteOthers ? 200 : refusal(role) });
      if (!TABLE[role].deleteOthers && role !== 'anonymous') expect(deleted.json()).toMatchObject({ message: MEDIA_MESSAGES.deleteNotAllowed });
      expect((await w.uploader.get(`/api/media/${photo.id}`)).statusCode).toBe(TABLE[role].deleteOthers ? 404 : 200);
    }
  });

  it('lets the uploader edit and delete their own photo on the ride', async () => {
    const w = await world();
    const photo = await uploaded(w.clients.rider, toRide(w.ride.id));
    const edited = await w.clients.rider.patch(`/api/media/${photo.id}`, { description: 'Lunch at the pass' });
    expect(edited.statusCode).toBe(200);
    expect(mediaItemSchema.parse(edited.json()).description).toBe('Lunch at the pass');
    expect((await w.clients.rider.request('DELETE', `/api/media/${photo.id}`)).statusCode).toBe(200);
    expect((await w.clients.rideOwner.get(`/api/media/${photo.id}`)).statusCode).toBe(404);
  });

  it('tells the ride’s owner and its other riders about a rider’s photo, not the uploader', async () => {
    const w = await world();
    await uploaded(w.clients.member, toRide(w.ride.id));
    const uploads = async (role: Role) => ((await w.clients[role].get('/api/notifications')).json() as Array<{ type: string }>).filter((n) => n.type === 'media_uploaded').length;
    expect(await uploads('rideOwner')).toBe(1);
    expect(await uploads('rider')).toBe(1);
    expect(await uploads('member')).toBe(0);
    expect(await uploads('groupOwner')).toBe(0);
  });
});
