import type { AppContext } from '../context';
import { nowIso, toBool } from '../db/database';
import { badRequest, notFound } from '../platform/errors';
import { newId } from '../platform/tokens';
import type { RideComment, RideCommentsPage } from '../../shared/rides/ride';
import { ridesRepository } from './rides.repository';
import { presentComment } from './rides.presenter';
import { assertMayComment, assertMaySeeRiders } from './rides.policy';
import { loadRideFor } from './rides.service';
import { rideViewerUnderLock } from './ride-standing.service';
import { publishNotifications, recordNotifications, zoneOf } from '../notifications/notifications.service';
import { usersRepository } from '../users/users.repository';

/**
 * A ride's comments: read by whoever may see who rides it (rides.policy maySeeRiders: every visitor
 * in an open group, the members and riders in a group that requires approval, since each comment
 * names its author and what they write names others), written by members of its group and its
 * riders (rides.policy mayComment).
 */

/** A comment as a notification quotes it: one line, at most 120 characters. */
export function excerptOf(content: string): string {
  const line = content.replace(/\s+/g, ' ').trim();
  return line.length > 120 ? `${line.slice(0, 119)}…` : line;
}

/** GET /api/rides/{id}/comments: the newest page, or the page before the comment `before`. */
export async function listComments(ctx: AppContext, viewerId: string | null, rideId: string, page: { before?: string; limit: number }): Promise<RideCommentsPage> {
  const { ride, viewer } = await loadRideFor(ctx, rideId, viewerId);
  assertMaySeeRiders(viewer, toBool(ride.group_approval));
  const cursor = page.before ? await ridesRepository.findComment(ctx.db, rideId, page.before) : null;
  if (cursor === undefined) throw badRequest('no_such_comment');
  // One more than asked tells whether earlier comments remain.
  const rows = await ridesRepository.commentsPage(ctx.db, rideId, cursor, page.limit + 1);
  return { comments: rows.slice(0, page.limit).reverse().map(presentComment), hasEarlier: rows.length > page.limit };
}

/** POST /api/rides/{id}/comments: answers with the stored comment, so the page adds it without reading the list again. */
export async function addComment(ctx: AppContext, userId: string, rideId: string, content: string): Promise<RideComment> {
  const { ride, viewer } = await loadRideFor(ctx, rideId, userId);
  assertMayComment(viewer);
  const id = newId();
  await ctx.beforeLock?.('ride-comment');
  const told = await ctx.db.transaction().execute(async (tx) => {
    // Asked again under the group's lock: a rider removed since the read above may no longer write.
    assertMayComment(await rideViewerUnderLock(tx, ctx.engine, ride, userId));
    await ridesRepository.insertComment(tx, { id, ride_id: rideId, user_id: userId, content, created_at: nowIso() });
    // Ride-day notes live in comments: its riders and owner hear of it, in the comment's transaction.
    const author = await usersRepository.findById(tx, userId);
    return recordNotifications(tx, await ridesRepository.commentAudience(tx, rideId, userId), {
      type: 'ride_comment',
      params: { ride: ride.name, rider: author?.handle ?? '', excerpt: excerptOf(content), startAt: ride.start_date, zone: zoneOf(ride) },
      about: { rideId, riderId: userId },
      eventKey: `ride_comment:${id}`,
    });
  });
  await publishNotifications(ctx, told);
  const stored = await ridesRepository.findComment(ctx.db, rideId, id);
  if (!stored) throw notFound('ride_not_found'); // the ride was deleted meanwhile, its comments with it
  return presentComment(stored);
}

