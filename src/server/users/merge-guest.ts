import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { usersRepository, type UserRow } from './users.repository';
import { riderColumnsWhere } from './rider-columns';

type Tx = Transaction<Database>;

/** Media whose `associated_id` is the rider's own account id. */
const PROFILE_MEDIA_TYPES = ['profile', 'user_avatar', 'user_background'];

/**
 * A guest who signs into an existing account in the browser they asked from keeps what they did as
 * a guest (docs/behaviour/auth.md "Identity and sessions"): everything the guest owns moves to the account,
 * then the emptied guest is deleted. Where the account already has the same thing (a membership,
 * request, seat or vote in the same group, ride or poll), the account's wins. Runs inside the
 * caller's transaction; a concurrent write that wins a unique key makes it fail as a whole, and the
 * caller retries. Every column that names a rider is handled here as RIDER_COLUMNS (rider-columns.ts)
 * says: the ones it calls `moved` in one loop, the others each by its own rule below.
 */
export async function mergeGuestInto(tx: Tx, guestId: string, accountId: string): Promise<void> {
  if (guestId === accountId) return;
  const guest = await usersRepository.findById(tx, guestId);
  const account = await usersRepository.findById(tx, accountId);
  // Only an account without an address is a guest: a signed-in account is never merged away.
  if (!guest || guest.email !== null || !account) return;

  // Groups the account is kept out of (group_bans): the guest's membership, request and places in
  // their rides' queues are not handed to it (a removed rider does not come back by signing in
  // from a guest who joined meanwhile). Then the guest's own bans become the account's: the same
  // rider, kept out of the same groups (a membership the account already has stays; the ban keeps
  // them from rejoining once it ends).
  await dropRowsHeldElsewhere(tx, 'group_members', 'group_id', guestId, 'group_bans', accountId);
  await dropRowsHeldElsewhere(tx, 'membership_requests', 'group_id', guestId, 'group_bans', accountId);
  await tx
    .deleteFrom('ride_waitlist')
    .where('user_id', '=', guestId)
    .where('ride_id', 'in', (eb) =>
      eb.selectFrom('rides').select('rides.id').where('rides.group_id', 'in', eb.selectFrom('group_bans').select('group_bans.group_id').where('group_bans.user_id', '=', accountId)),
    )
    .execute();
  await moveKeyedRows(tx, 'group_bans', 'group_id', guestId, accountId);

  // Memberships: the account's own row wins (it keeps its joined_at).
  // A co-organizer's role survives where the account was a plain member of the same group (its row is the one kept).
  await tx
    .updateTable('group_members')
    .set({ role: 'co_organizer' })
    .where('user_id', '=', accountId)
    .where('group_id', 'in', tx.selectFrom('group_members').select('group_id').where('user_id', '=', guestId).where('role', '=', 'co_organizer'))
    .execute();
  await moveKeyedRows(tx, 'group_members', 'group_id', guestId, accountId);

  // Requests: dropped where the account already asked or is now a member; the rest move.
  await dropRowsHeldElsewhere(tx, 'membership_requests', 'group_id', guestId, 'group_members', accountId);
  await moveKeyedRows(tx, 'membership_requests', 'group_id', guestId, accountId);
  // A pending request of the account for a group the guest had joined is answered by that membership.
  await dropRowsHeldElsewhere(tx, 'membership_requests', 'group_id', accountId, 'group_members', accountId);

  // Seats: where both hold one, the account's stays, with the earlier of the two places in the
  // seat order (so a ride the guest created keeps its owner in the first seat). Moving a seat
  // fires the ride-card triggers, so the rides concerned forget their cards.
  await tx
    .updateTable('ride_participants as mine')
    .set((eb) => ({
      joined_at: eb.selectFrom('ride_participants as g').select('g.joined_at').whereRef('g.ride_id', '=', 'mine.ride_id').where('g.user_id', '=', guestId),
    }))
    .where('mine.user_id', '=', accountId)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('ride_participants as g')
          .select('g.ride_id')
          .whereRef('g.ride_id', '=', 'mine.ride_id')
          .where('g.user_id', '=', guestId)
          .whereRef('g.joined_at', '<', 'mine.joined_at'),
      ),
    )
    .execute();
  await moveKeyedRows(tx, 'ride_participants', 'ride_id', guestId, accountId);

  // Waitlist places: none where the account now holds a seat; where both wait for the same ride,
  // the earlier place in the queue is kept (whichever of the two it was); the rest change hands.
  await dropRowsHeldElsewhere(tx, 'ride_waitlist', 'ride_id', guestId, 'ride_participants', accountId);
  await tx
    .deleteFrom('ride_waitlist as mine')
    .where('mine.user_id', '=', accountId)
    .where((eb) =>
      eb.exists(eb.selectFrom('ride_waitlist as g').select('g.ride_id').whereRef('g.ride_id', '=', 'mine.ride_id').where('g.user_id', '=', guestId).whereRef('g.queue_number', '<', 'mine.queue_number')),
    )
    .execute();
  await moveKeyedRows(tx, 'ride_waitlist', 'ride_id', guestId, accountId);
  // The account's own places on rides where it now holds the guest's seat go too: a rider is seated
  // or queued, never both (the seat invariant, docs/behaviour/rides.md "Seats that fill themselves").
  await dropRowsHeldElsewhere(tx, 'ride_waitlist', 'ride_id', accountId, 'ride_participants', accountId);

  // Votes: one per rider and poll; the account's wins.
  await moveKeyedRows(tx, 'poll_responses', 'poll_id', guestId, accountId);
  // "I ride every Sunday": one per rider and series; the account's wins.
  await moveKeyedRows(tx, 'ride_series_riders', 'series_id', guestId, accountId);

  // One "joined" per rider and group: a guest's, where the owner was also told of the account
  // joining (an invitation completed at this sign-in), would read the same once it names the account.
  await tx
    .deleteFrom('notifications')
    .where('type', '=', 'member_joined')
    .where('subject_user_id', '=', guestId)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('notifications as told')
          .select('told.id')
          .where('told.type', '=', 'member_joined')
          .where('told.subject_user_id', '=', accountId)
          .whereRef('told.subject_group_id', '=', 'notifications.subject_group_id')
          .whereRef('told.user_id', '=', 'notifications.user_id'),
      ),
    )
    .execute();

  // Things with no per-rider key simply change hands (groups, rides and polls the guest created
  // would otherwise go with the guest: their foreign keys cascade), and so do the rider's places as
  // the subject of notifications (a request the guest made stays in its organizers' lists).
  for (const [table, column] of riderColumnsWhere((handling) => handling.merge === 'moved')) {
    await sql`update ${sql.table(table)} set ${sql.ref(column)} = ${accountId} where ${sql.ref(column)} = ${guestId}`.execute(tx);
  }
  // Profile pictures name the rider in associated_id, which is no foreign key (it names groups and rides too).
  await tx
    .updateTable('media')
    .set({ associated_id: accountId })
    .where('associated_type', 'in', PROFILE_MEDIA_TYPES)
    .where('associated_id', '=', guestId)
    .execute();
  // The guest's unread upload notifications stop gathering: the account may gather the same uploads (unique user and group key).
  await tx.updateTable('notifications').set({ user_id: accountId, group_key: null }).where('user_id', '=', guestId).execute();
  // The guest's calendar feed becomes the account's unless the account has one: a calendar the
  // guest subscribed keeps working. The account's own feed wins (the guest's goes with the guest).
  if (!(await tx.selectFrom('calendar_feeds').select('user_id').where('user_id', '=', accountId).executeTakeFirst())) {
    await tx.updateTable('calendar_feeds').set({ user_id: accountId }).where('user_id', '=', guestId).execute();
  }

  // Profile: the guest's answers fill only what the account left empty; the handle, visibility,
  // units and time zone stay the account's.
  const fill = profileFill(account, guest);
  if (Object.keys(fill).length > 0) await tx.updateTable('users').set(fill).where('id', '=', accountId).execute();

  // Address confirmations the guest asked for no longer apply (the account has its address); they
  // are cancelled rather than deleted with the guest, since the rate limits count their rows.
  await tx
    .updateTable('magic_links')
    .set((eb) => ({ requested_by_user_id: accountId, cancelled_at: eb.fn.coalesce('cancelled_at', eb.val(new Date().toISOString())) }))
    .where('requested_by_user_id', '=', guestId)
    .execute();

  // The guest's sessions go with it (the foreign key cascades).
  await tx.deleteFrom('users').where('id', '=', guestId).where('email', 'is', null).execute();
}

/**
 * Rows keyed by (thing, rider): the guest's row is dropped where the account has one for the same
 * thing, the others change hands.
 */
async function moveKeyedRows(tx: Tx, table: KeyedTable, key: ThingKey, guestId: string, accountId: string): Promise<void> {
  await dropRowsHeldElsewhere(tx, table, key, guestId, table, accountId);
  await sql`update ${sql.table(table)} set user_id = ${accountId} where user_id = ${guestId}`.execute(tx);
}

type KeyedTable = 'group_members' | 'membership_requests' | 'group_bans' | 'ride_participants' | 'ride_waitlist' | 'poll_responses' | 'ride_series_riders';
type ThingKey = 'group_id' | 'ride_id' | 'poll_id' | 'series_id';

/** Deletes `userId`'s rows of `table` for the things (`key`) that `holderId` has a row for in `heldIn`. */
async function dropRowsHeldElsewhere(tx: Tx, table: KeyedTable, key: ThingKey, userId: string, heldIn: KeyedTable, holderId: string): Promise<void> {
  const k = sql.ref(key);
  await sql`delete from ${sql.table(table)} where user_id = ${userId} and ${k} in (select ${k} from ${sql.table(heldIn)} where user_id = ${holderId})`.execute(tx);
}

function profileFill(account: UserRow, guest: UserRow): Partial<UserRow> {
  const fill: Partial<UserRow> = {};
  for (const field of ['first_name', 'last_name', 'bio', 'profile_image_url', 'background_image_url'] as const) {
    if (account[field] === null && guest[field] !== null) fill[field] = guest[field];
  }
  if (account.location === null && guest.location !== null) {
    fill.location = guest.location;
    fill.latitude = guest.latitude;
    fill.longitude = guest.longitude;
  }
  if (account.motorcycles === '[]' && guest.motorcycles !== '[]') fill.motorcycles = guest.motorcycles;
  return fill;
}
