import type { Database } from '../db/schema';

/**
 * What happens to the rows a column names a rider by, when a guest signs into an account in the
 * browser they asked from (merge-guest.ts) and when an abandoned guest is deleted
 * (usersRepository.deleteAbandonedGuests).
 */
export interface RiderColumnHandling {
  /**
   * Merging a guest into an account:
   * - `moved`: the guest's rows become the account's (mergeGuestInto moves these in one loop);
   * - `moved, the account's row wins`: one row per rider and thing (group, ride, poll); where both
   *   have one the guest's is dropped (mergeGuestInto's keyed moves, with their own rules);
   * - `moved unless the account has one`: one row per rider; the account's stays;
   * - `moved, ungathered`: notifications, which stop gathering uploads under the guest's key;
   * - `cancelled and moved`: address confirmations the guest asked for no longer apply;
   * - `deleted with the guest`: what is the guest's alone (its sessions).
   */
  merge: 'moved' | "moved, the account's row wins" | 'moved unless the account has one' | 'moved, ungathered' | 'cancelled and moved' | 'deleted with the guest';
  /**
   * Deleting an abandoned guest:
   * - `keeps the guest`: a row here is something the rider left behind, so the guest is not abandoned;
   * - `cascades`: the rows go with the guest (the foreign key's ON DELETE CASCADE);
   * - `anonymised`: the rows stay without the rider (ON DELETE SET NULL).
   */
  deletion: 'keeps the guest' | 'cascades' | 'anonymised';
}

type ColumnOf<T extends keyof Database> = `${T}.${keyof Database[T] & string}`;
type AnyColumn = { [T in keyof Database]: ColumnOf<T> }[keyof Database];

/**
 * Every column that names a rider (a foreign key to users), and how guest merging and guest
 * clean-up handle it. rider-columns.test.ts reads the foreign keys from the migrated schema on
 * both engines and fails naming any column missing here, so a new table that names a rider is
 * decided here before it can be forgotten by either.
 */
export const RIDER_COLUMNS = {
  'sessions.user_id': { merge: 'deleted with the guest', deletion: 'cascades' },
  'magic_links.requested_by_user_id': { merge: 'cancelled and moved', deletion: 'cascades' },
  'notifications.user_id': { merge: 'moved, ungathered', deletion: 'cascades' },
  'notifications.subject_user_id': { merge: 'moved', deletion: 'anonymised' },
  'activity_events.user_id': { merge: 'moved', deletion: 'anonymised' },
  // A group's creator is one of its members (group_members keeps the guest).
  'groups.creator_id': { merge: 'moved', deletion: 'cascades' },
  'group_members.user_id': { merge: "moved, the account's row wins", deletion: 'keeps the guest' },
  'membership_requests.user_id': { merge: "moved, the account's row wins", deletion: 'keeps the guest' },
  // A ban keeps its guest while the guest's session may come back (so it does not come back unbanned).
  'group_bans.user_id': { merge: "moved, the account's row wins", deletion: 'keeps the guest' },
  'group_bans.banned_by': { merge: 'moved', deletion: 'anonymised' },
  'media.owner_id': { merge: 'moved', deletion: 'keeps the guest' },
  // A ride's owner holds its first seat (ride_participants keeps the guest).
  'rides.owner_id': { merge: 'moved', deletion: 'cascades' },
  'rides.navigator_id': { merge: 'moved', deletion: 'anonymised' },
  'ride_participants.user_id': { merge: "moved, the account's row wins", deletion: 'keeps the guest' },
  'ride_waitlist.user_id': { merge: "moved, the account's row wins", deletion: 'keeps the guest' },
  'ride_comments.user_id': { merge: 'moved', deletion: 'keeps the guest' },
  // A poll's creator is a member of its group when they create it (group_members keeps the guest).
  'polls.creator_id': { merge: 'moved', deletion: 'cascades' },
  'poll_responses.user_id': { merge: "moved, the account's row wins", deletion: 'keeps the guest' },
  'invitations.inviter_id': { merge: 'moved', deletion: 'cascades' },
  'invitations.used_by_user_id': { merge: 'moved', deletion: 'anonymised' },
  'bug_reports.user_id': { merge: 'moved', deletion: 'anonymised' },
  // A series' owner holds a seat on each of its rides (ride_participants keeps the guest while one is upcoming).
  'ride_series.owner_id': { merge: 'moved', deletion: 'cascades' },
  'ride_series_riders.user_id': { merge: "moved, the account's row wins", deletion: 'keeps the guest' },
  'calendar_feeds.user_id': { merge: 'moved unless the account has one', deletion: 'cascades' },
  // Mail and push waiting for the guest (a guest has no address: push only) and its channel switches are its own.
  'deliveries.user_id': { merge: 'deleted with the guest', deletion: 'cascades' },
  'notification_channel_settings.user_id': { merge: 'deleted with the guest', deletion: 'cascades' },
} as const satisfies Partial<Record<AnyColumn, RiderColumnHandling>>;

export type RiderColumn = keyof typeof RIDER_COLUMNS;

/** The table and column of an entry of RIDER_COLUMNS. */
export function tableAndColumn(entry: RiderColumn): [table: string, column: string] {
  const [table, column] = entry.split('.') as [string, string];
  return [table, column];
}

/** The columns whose rows a handling names, as [table, column]. */
export function riderColumnsWhere(handled: (handling: RiderColumnHandling) => boolean): Array<[table: string, column: string]> {
  return (Object.entries(RIDER_COLUMNS) as Array<[RiderColumn, RiderColumnHandling]>).filter(([, handling]) => handled(handling)).map(([entry]) => tableAndColumn(entry));
}
