import { sql, type Kysely } from 'kysely';

/**
 * Issue 27: a rider waiting who asked for the waitlist again as a seat freed ended up seated and
 * queued, and from then on a rider leaving that ride answered 500 (the promotion seated them a
 * second time). The seat and queue decisions are now made under the ride's lock and no write path
 * can queue a seated rider; this drops the places such riders still hold, so the rides jammed
 * before heal at once (the promotion would also drop them at the next freed seat).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`delete from ride_waitlist where exists (select 1 from ride_participants p where p.ride_id = ride_waitlist.ride_id and p.user_id = ride_waitlist.user_id)`.execute(db);
}

/** Nothing to restore: a place held beside a seat was never a place anyone could use. */
export async function down(): Promise<void> {}
