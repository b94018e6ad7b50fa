import type { Kysely } from 'kysely';

/**
 * A ride card also keeps how many seats were taken when it was built (`card_seats`), so a list
 * decides Join Ride and Full without counting every ride's seats on every read (ride-cards.ts).
 * The count is stored with the card, under the same version check, and forgotten with it: a
 * seat taken or given up makes the ride forget its card (migration 009), and a forgotten card's
 * count is never read. Cards kept before this migration have no count; a list reads a card
 * without a count as forgotten and builds it again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('rides').addColumn('card_seats', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('rides').dropColumn('card_seats').execute();
}
