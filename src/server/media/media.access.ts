import type { Transaction } from 'kysely';
import type { AppContext } from '../context';
import type { Database } from '../db/schema';
import type { Engine } from '../db/database';
import { groupsRepository } from '../groups/groups.repository';
import { rideViewerUnderLock } from '../rides/ride-standing.service';
import { notFound } from '../platform/errors';
import type { MembershipStatus } from '../../shared/groups/group';
import type { MediaAssociatedType, MediaBelongsTo, MediaItem } from '../../shared/media/media-item';
import { DEFAULT_GPX_PRIVACY_ZONE, type GpxPrivacyZone } from '../../shared/gpx/privacy-zone';
import { membershipStatusOf } from '../groups/groups.policy';
import { ridesRepository, type RideRow } from '../rides/rides.repository';
import { maySeeRiders, rideMediaViewer, rideViewer, type RideViewer } from '../rides/rides.policy';
import { toBool } from '../db/database';
import { usersRepository } from '../users/users.repository';
import { findVisibleProfile } from '../users/profile-visibility.service';
import { audienceOf, canViewMedia, mediaAbilities, runsGroup, runsRide, type ItemFacts, type RideMediaViewer, type UploadTargetFacts } from './media.policy';
import { isInsider } from '../groups/groups.policy';
import { mediaRepository, type GroupWithStanding, type MediaListRow } from './media.repository';
import { presentMedia } from './media.presenter';

export type MediaContext = Pick<AppContext, 'db' | 'bus' | 'log' | 'config'>;
/** What decides under the group's lock (engine) and pauses there for tests (beforeLock): uploads and deletions. */
export type LockingMediaContext = MediaContext & Pick<AppContext, 'engine' | 'beforeLock'>;

/** The rider kinds: attached to a rider's own account. */
const PROFILE_KINDS: readonly MediaAssociatedType[] = ['profile', 'user_avatar', 'user_background'];

/** What `known` holds for the key, read with `load` the first time it is asked for. */
function readOnce<V>(known: Map<string, Promise<V>>, key: string, load: () => Promise<V>): Promise<V> {
  let value = known.get(key);
  if (!value) {
    value = load();
    known.set(key, value);
  }
  return value;
}

/**
 * Loads, per item, the facts the media policy decides on (whether the viewer may see it, what they
 * may do with it), reading each rider, ride and group once per request.
 */
export class MediaAccess {
  private profiles = new Map<string, Promise<boolean>>();
  private rides = new Map<string, Promise<RideRow | undefined>>();
  private groups = new Map<string, Promise<GroupWithStanding | undefined>>();
  private zones = new Map<string, Promise<GpxPrivacyZone>>();

  constructor(
    private readonly ctx: MediaContext,
    readonly viewerId: string | null,
  ) {}

  /** Whether the viewer may see this rider's profile, cached per rider. */
  profileVisible(accountId: string): Promise<boolean> {
    return readOnce(this.profiles, accountId, async () => (await findVisibleProfile(this.ctx, this.viewerId, { id: accountId })) !== null);
  }

  ride(rideId: string): Promise<RideRow | undefined> {
    return readOnce(this.rides, rideId, () => ridesRepository.findById(this.ctx.db, rideId, this.viewerId));
  }

  group(groupId: string): Promise<GroupWithStanding | undefined> {
    return readOnce(this.groups, groupId, () => mediaRepository.groupWithStanding(this.ctx.db, groupId, this.viewerId));
  }

  /** The viewer's standing in a group ('none' when it is gone). */
  async groupMembership(groupId: string): Promise<MembershipStatus> {
    const group = await this.group(groupId);
    return group ? membershipStatusOf(group, this.viewerId) : 'none';
  }

  rideViewer(ride: RideRow): RideMediaViewer {
    return rideMediaViewer(this.viewerOfRide(ride));
  }

  private viewerOfRide(ride: RideRow): RideViewer {
    const viewerId = this.viewerId;
    return rideViewer(ride, viewerId, viewerId !== null && ride.participants.some((p) => p.id === viewerId));
  }

  /** What an upload would be attached to, for the policy: 404 when the ride or group does not exist. */
  async uploadTarget(associatedType: MediaAssociatedType, associatedId: string): Promise<UploadTargetFacts> {
    const userId = this.viewerId ?? '';
    if (PROFILE_KINDS.includes(associatedType)) return { kind: 'own', userId, accountId: associatedId };
    if (associatedType === 'ride') {
      const ride = await this.ride(associatedId);
      if (!ride) throw notFound('ride_not_found');
      return { kind: 'ride', viewer: this.rideViewer(ride) };
    }
    if (!(await this.group(associatedId))) throw notFound('group_not_found');
    return { kind: 'group', associatedType: associatedType === 'group_image' ? 'group_image' : 'group', membership: await this.groupMembership(associatedId) };
  }

  /**
   * The upload target's facts read again inside the transaction that records the media, under the
   * group's lock (groupsRepository.lockStanding): a long upload streams and is stored after the
   * first read, and a rider removed meanwhile may no longer add to the ride or group.
   */
  async uploadTargetUnderLock(trx: Transaction<Database>, engine: Engine, associatedType: MediaAssociatedType, associatedId: string): Promise<UploadTargetFacts> {
    const userId = this.viewerId ?? '';
    if (PROFILE_KINDS.includes(associatedType)) return { kind: 'own', userId, accountId: associatedId };
    if (associatedType === 'ride') {
      const ride = await this.ride(associatedId);
      if (!ride) throw notFound('ride_not_found');
      return { kind: 'ride', viewer: rideMediaViewer(await rideViewerUnderLock(trx, engine, ride, userId)) };
    }
    const standing = await groupsRepository.lockStanding(trx, engine, associatedId, userId, 'share');
    if (!standing) throw notFound('group_not_found');
    return { kind: 'group', associatedType: associatedType === 'group_image' ? 'group_image' : 'group', membership: membershipStatusOf(standing, userId) };
  }

  /** The ride or group the item is attached to, named. */
  async belongsTo(row: MediaListRow): Promise<MediaBelongsTo | null> {
    const id = row.associated_id;
    if (!id) return null;
    if (row.associated_type === 'ride') {
      const ride = await this.ride(id);
      return ride ? { type: 'ride', id: ride.id, name: ride.name, slug: ride.slug, groupSlug: ride.group_slug } : null;
    }
    if (row.associated_type !== 'group' && row.associated_type !== 'group_image') return null;
    const group = await this.group(id);
    return group ? { type: 'group', id: group.id, name: group.name, slug: group.slug } : null;
  }

  /**
   * How this viewer gets a GPX item: the uploader as it was uploaded ('original'); anyone else
   * through the uploader's privacy zone (read once per uploader).
   */
  async gpxView(row: MediaListRow): Promise<GpxPrivacyZone | 'original'> {
    if (row.file_type !== 'gpx' || this.isUploader(row)) return 'original';
    return readOnce(this.zones, row.owner_id, async () => ((await usersRepository.findById(this.ctx.db, row.owner_id))?.gpx_privacy_zone ?? DEFAULT_GPX_PRIVACY_ZONE) as GpxPrivacyZone);
  }

  private isUploader(row: MediaListRow): boolean {
    return this.viewerId !== null && row.owner_id === this.viewerId;
  }

  async canView(row: MediaListRow): Promise<boolean> {
    const audience = audienceOf(row.associated_type as MediaAssociatedType | null);
    const isUploader = this.isUploader(row);
    return canViewMedia(audience, {
      isUploader,
      profileVisible: audience === 'profile' && !isUploader ? await this.profileVisible(row.associated_id ?? row.owner_id) : false,
      groupInsider: audience === 'group' && !isUploader ? isInsider(await this.groupMembership(row.associated_id ?? '')) : false,
    });
  }

  /** What the viewer is to the item: its uploader, and whether they run the ride or group it is on. */
  async itemFacts(row: MediaListRow): Promise<ItemFacts> {
    const isUploader = this.isUploader(row);
    const placeId = row.associated_id;
    if (this.viewerId === null || placeId === null) return { isUploader, runsPlace: false };
    if (row.associated_type === 'ride') {
      const ride = await this.ride(placeId);
      return { isUploader, runsPlace: ride !== undefined && runsRide(this.rideViewer(ride)) };
    }
    if (row.associated_type === 'group' || row.associated_type === 'group_image') return { isUploader, runsPlace: runsGroup(await this.groupMembership(placeId)) };
    return { isUploader, runsPlace: false };
  }

  /**
   * itemFacts read again inside the transaction that deletes the item, under the group's lock
   * (groupsRepository.lockStanding): an organizer removed or demoted, or a ride's owner removed,
   * since the first read no longer runs the ride or group. `update` for a group's image, whose
   * deletion writes the group's row.
   */
  async itemFactsUnderLock(trx: Transaction<Database>, engine: Engine, row: MediaListRow): Promise<ItemFacts> {
    const isUploader = this.isUploader(row);
    const placeId = row.associated_id;
    const viewerId = this.viewerId;
    if (viewerId === null || placeId === null) return { isUploader, runsPlace: false };
    if (row.associated_type === 'ride') {
      const ride = await this.ride(placeId);
      return { isUploader, runsPlace: ride !== undefined && runsRide(rideMediaViewer(await rideViewerUnderLock(trx, engine, ride, viewerId))) };
    }
    if (row.associated_type === 'group' || row.associated_type === 'group_image') {
      const standing = await groupsRepository.lockStanding(trx, engine, placeId, viewerId, row.associated_type === 'group_image' ? 'update' : 'share');
      return { isUploader, runsPlace: standing !== undefined && runsGroup(membershipStatusOf(standing, viewerId)) };
    }
    return { isUploader, runsPlace: false };
  }

  async present(row: MediaListRow): Promise<MediaItem> {
    return presentMedia(row, mediaAbilities(await this.itemFacts(row)), await this.gpxView(row), await this.belongsTo(row));
  }

  /**
   * Whether an item may show in its uploader's gallery: an item on a ride says its uploader rides
   * with that group, so a ride of a group that requires approval shows there only to whoever may
   * see the ride's riders (rides.policy maySeeRiders). On the ride itself it names nobody and stays.
   */
  async showsInGallery(row: MediaListRow): Promise<boolean> {
    if (row.associated_type !== 'ride' || row.associated_id === null || this.isUploader(row)) return true;
    const ride = await this.ride(row.associated_id);
    return ride === undefined || maySeeRiders(this.viewerOfRide(ride), toBool(ride.group_approval));
  }

  /** A rider's gallery (GET /api/media?userId=): what the viewer may see, but what would name the groups they ride with (showsInGallery). */
  async presentGallery(rows: MediaListRow[]): Promise<MediaItem[]> {
    const shown: MediaListRow[] = [];
    for (const row of rows) if (await this.showsInGallery(row)) shown.push(row);
    return this.presentVisible(shown);
  }

  async presentVisible(rows: MediaListRow[]): Promise<MediaItem[]> {
    const items: MediaItem[] = [];
    for (const row of rows) if (await this.canView(row)) items.push(await this.present(row));
    return items;
  }
}
