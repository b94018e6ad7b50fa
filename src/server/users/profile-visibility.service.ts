import type { AppContext } from '../context';
import { notFound } from '../platform/errors';
import type { ProfileVisibility } from '../../shared/users/current-user';
import { usersRepository, type UserRow } from './users.repository';
import { canViewProfile } from './users.policy';

type VisibilityContext = Pick<AppContext, 'db'>;

/** Names a rider by internal id, by public handle, or by either (the id first). */
export type RiderReference = { id: string } | { handle: string } | { idOrHandle: string };

async function findRider(ctx: VisibilityContext, rider: RiderReference): Promise<UserRow | undefined> {
  if ('id' in rider) return usersRepository.findById(ctx.db, rider.id);
  if ('handle' in rider) return usersRepository.findByHandle(ctx.db, rider.handle);
  return (await usersRepository.findById(ctx.db, rider.idOrHandle)) ?? (await usersRepository.findByHandle(ctx.db, rider.idOrHandle));
}

/**
 * The rider's account when the viewer may see their profile (public: everyone; groups: riders who
 * share a group with them; private: the rider alone), else null. Shared groups are read only when
 * the visibility asks for them.
 */
export async function findVisibleProfile(ctx: VisibilityContext, viewerId: string | null, rider: RiderReference): Promise<UserRow | null> {
  const owner = await findRider(ctx, rider);
  if (!owner) return null;
  const visibility = owner.profile_visibility as ProfileVisibility;
  const shareAGroup = visibility === 'groups' && viewerId !== null && viewerId !== owner.id ? await usersRepository.shareAGroup(ctx.db, viewerId, owner.id) : false;
  return canViewProfile({ viewerId, ownerId: owner.id, visibility, shareAGroup }) ? owner : null;
}

/** As findVisibleProfile, answering 404 otherwise: a hidden profile answers exactly like a missing one. */
export async function loadVisibleProfile(ctx: VisibilityContext, viewerId: string | null, rider: RiderReference): Promise<UserRow> {
  const owner = await findVisibleProfile(ctx, viewerId, rider);
  if (!owner) throw notFound('profile_not_found');
  return owner;
}
