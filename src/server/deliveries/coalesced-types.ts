import type { NotificationType } from '../../shared/notifications/notification-types';

const MINUTE_MS = 60_000;
/** Several edits of a ride within this time are one "Ride changed" mail, with the final state (point 5). */
export const COALESCE_MS = 30 * MINUTE_MS;
/** ...unless the ride starts within this time: then it leaves at once. */
export const SOON_MS = 2 * 60 * MINUTE_MS;
/** A burst of comments on a ride within this time is one mail or push per rider, naming the last one. */
export const COMMENT_COALESCE_MS = 10 * MINUTE_MS;

/**
 * The types whose deliveries wait, keyed by the ride alone, for more of the same: a later one
 * within the wait takes the waiting row's place (the final state, the last comment) instead of
 * adding a mail. A ride starting within SOON_MS sends at once (ride-day notes, a late move).
 */
export const COALESCED_TYPES: Partial<Record<NotificationType, number>> = { ride_changed: COALESCE_MS, ride_comment: COMMENT_COALESCE_MS };

/** The coalesced types' names, for the repository: a settled row of one frees its key for the next change. */
export const COALESCED_TYPE_NAMES = Object.keys(COALESCED_TYPES) as NotificationType[];
