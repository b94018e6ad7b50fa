import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { Engine } from '../db/database';
import { notFound } from '../platform/errors';
import { groupsRepository } from '../groups/groups.repository';
import { ridesRepository, type RideRow } from './rides.repository';
import { rideViewer, standingUnderLock, type RideViewer } from './rides.policy';

/*
 * Kept apart from rides.service so that media (uploads to a ride) can ask it without importing the
 * rides service, which imports media's.
 */

/**
 * Who `userId` is to the ride and its group, read again inside the caller's transaction after the
 * group's lock (groupsRepository.lockStanding, shared: a removal waits for the transaction or is
 * seen by it), so a decision does not stand on a read taken before the transaction. 404 when the
 * ride or its group is gone, or the ride moved to another group meanwhile.
 */
export async function rideViewerUnderLock(tx: Transaction<Database>, engine: Engine, ride: Pick<RideRow, 'id' | 'group_id'>, userId: string): Promise<RideViewer> {
  const standing = ride.group_id ? await groupsRepository.lockStanding(tx, engine, ride.group_id, userId, 'share') : undefined;
  const now = await ridesRepository.standingColumns(tx, ride.id);
  if (!now || now.group_id !== ride.group_id || (ride.group_id && !standing)) throw notFound('ride_not_found');
  return rideViewer(standingUnderLock(now, standing), userId, await ridesRepository.isParticipant(tx, ride.id, userId));
}
