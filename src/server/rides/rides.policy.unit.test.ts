import { describe, expect, it } from 'vitest';
import { maySeeRiders, rideAbilities, rideMediaViewer, type RideViewer } from './rides.policy';
import { canAddRideRoute, runsRide } from '../media/media.policy';

const open = { status: 'confirmed' as const, participantCount: 2, maxRiders: 10, approvalRequired: false };
const roles: Record<string, RideViewer> = {
  anonymous: { signedIn: false, isOwner: false, isParticipant: false, membership: 'none', groupRide: true, banned: false },
  outsider: { signedIn: true, isOwner: false, isParticipant: false, membership: 'none', groupRide: true, banned: false },
  pending: { signedIn: true, isOwner: false, isParticipant: false, membership: 'pending', groupRide: true, banned: false },
  member: { signedIn: true, isOwner: false, isParticipant: false, membership: 'member', groupRide: true, banned: false },
  participant: { signedIn: true, isOwner: false, isParticipant: true, membership: 'member', groupRide: true, banned: false },
  owner: { signedIn: true, isOwner: true, isParticipant: true, membership: 'owner', groupRide: true, banned: false },
};

describe('rideAbilities', () => {
  // join, leave, edit, delete, comment
  it.each([
    ['anonymous', [0, 0, 0, 0, 0]],
    ['outsider', [1, 0, 0, 0, 0]],
    ['pending', [0, 0, 0, 0, 0]],
    ['member', [1, 0, 0, 0, 1]],
    ['participant', [0, 1, 0, 0, 1]],
    ['owner', [0, 0, 1, 1, 1]],
  ] as const)('%s on an open group’s ride', (role, expected) => {
    const a = rideAbilities(roles[role]!, open);
    expect([a.join, a.leave, a.edit, a.delete, a.comment].map(Number)).toEqual(expected);
  });

  it('offers no join when the ride is full, cancelled, or the group needs approval for an outsider', () => {
    expect(rideAbilities(roles.member!, { ...open, participantCount: 10 }).join).toBe(false);
    expect(rideAbilities(roles.member!, { ...open, status: 'cancelled' }).join).toBe(false);
    expect(rideAbilities(roles.outsider!, { ...open, approvalRequired: true }).join).toBe(false);
    expect(rideAbilities(roles.member!, { ...open, approvalRequired: true }).join).toBe(true);
  });

  it('gives a ride owner who is no longer in the group none of an owner’s rights; organizers delete any ride', () => {
    const removedOwner: RideViewer = { signedIn: true, isOwner: true, isParticipant: true, membership: 'none', groupRide: true, banned: false };
    const a = rideAbilities(removedOwner, open);
    expect([a.edit, a.delete, a.uploadMedia]).toEqual([false, false, false]);
    expect(runsRide(rideMediaViewer(removedOwner))).toBe(false);
    expect(canAddRideRoute(rideMediaViewer(removedOwner))).toBe(false);
    // A ride without a group (older rows) stays its owner's to run.
    expect(rideAbilities({ ...removedOwner, groupRide: false }, open)).toMatchObject({ edit: true, delete: true, uploadMedia: true });
    const coOrganizer: RideViewer = { signedIn: true, isOwner: false, isParticipant: false, membership: 'co_organizer', groupRide: true, banned: false };
    expect(rideAbilities(coOrganizer, open)).toMatchObject({ edit: true, delete: true, uploadMedia: false });
  });
});

describe('maySeeRiders', () => {
  // An approval group's riders are named to its members and the ride's riders; an open group's to everyone.
  const coOrganizer: RideViewer = { signedIn: true, isOwner: false, isParticipant: false, membership: 'co_organizer', groupRide: true, banned: false };
  const formerRider: RideViewer = { signedIn: true, isOwner: false, isParticipant: true, membership: 'none', groupRide: true, banned: false };
  it.each([
    ['anonymous', roles.anonymous!, false],
    ['outsider', roles.outsider!, false],
    ['pending', roles.pending!, false],
    ['member', roles.member!, true],
    ['co-organizer', coOrganizer, true],
    ['owner', roles.owner!, true],
    ['a rider holding a seat who is no longer a member', formerRider, true],
  ] as const)('%s', (_, viewer, inApprovalGroup) => {
    expect(maySeeRiders(viewer, true)).toBe(inApprovalGroup);
    expect(maySeeRiders(viewer, false)).toBe(true);
  });
});
