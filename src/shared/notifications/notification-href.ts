import type { Notification } from './notification';
import { ridePath } from '../rides/ride-path';

/**
 * Where a notification leads, from what it names: the ride's page, the member's profile, the
 * group (a membership request to its Pending Members tab, a new poll to its Polls tab). Older ones without a subject lead nowhere.
 * Shared: the list and toasts link there, and a push's tap opens it (server/push).
 */
export function notificationHref(n: Notification): string | null {
  const subject = n.subject;
  if (!subject) return null;
  if (subject.kind === 'member' && subject.riderHandle) return `/profile/${encodeURIComponent(subject.riderHandle)}`;
  if (subject.kind === 'ride' && subject.rideId && subject.rideSlug) {
    return ridePath({ id: subject.rideId, slug: subject.rideSlug, groupSlug: subject.groupSlug });
  }
  if (!subject.groupSlug) return null;
  const group = `/groups/${encodeURIComponent(subject.groupSlug)}`;
  // What the rider is asked to act on opens at its tab: a new poll at Polls (the group page opens
  // at Rides, where "Vote on: …" was nowhere to be seen).
  if (n.type === 'membership_request') return `${group}?tab=pending`;
  return n.type === 'poll_created' ? `${group}?tab=polls` : group;
}
