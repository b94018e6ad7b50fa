import type { AppContext } from '../context';
import { JsonText, asciiJson } from '../platform/json-text';
import type { Ride, RidePerson } from '../../shared/rides/ride';
import { ridesRepository, type RideCardRow, type RideRow } from './rides.repository';
import { presentRideCard, presentViewerFields, withoutRiders, RIDE_CARD_FORMAT, type RideCard } from './rides.presenter';

/**
 * Lists of rides (upcoming, a group's rides, the finder) read from ride cards: each ride keeps the
 * part of its API form that is the same for every viewer as JSON text (rides.card_json, migration
 * 009), and a list adds to each card only what depends on the viewer (isParticipant, ridersHidden,
 * abilities), leaving the riders out of the copy sent to a viewer who may not see them.
 * A list then reads a few columns per ride instead of its participants and group, and sends text
 * instead of presenting and serializing every ride again: on the benchmark (GUIDE section 8) that
 * was about three quarters of an upcoming-rides request.
 *
 * The database forgets a card whenever something it shows changes (the triggers of migration 009),
 * so a card is never stale; a list builds the forgotten ones from the rides' rows here, with the
 * same presenter a single ride uses, and keeps them for the next reader.
 */
export async function presentRideCards<Extra extends object = object>(
  ctx: AppContext,
  rows: RideCardRow[],
  viewerId: string | null,
  extra?: (rideId: string) => Extra,
): Promise<JsonText<Array<Ride & Extra>>> {
  const cards = await cardsOf(ctx, rows);
  const items: Array<JsonText<Ride & Extra>> = [];
  for (const row of rows) {
    const card = cards.get(row.id);
    if (card === undefined) continue; // deleted between the two reads
    const viewerFields = presentViewerFields(row, viewerId, { isParticipant: Number(row.viewer_has_seat) > 0, participantCount: card.seats });
    // The kept card names the riders; one who may not see them gets a copy without (rides.policy maySeeRiders).
    const cardJson = viewerFields.ridersHidden ? asciiJson(JSON.stringify(withoutRiders(JSON.parse(card.json) as RideCard))) : card.json;
    items.push(new JsonText(mergeObjects(cardJson, JSON.stringify(extra ? { ...viewerFields, ...extra(row.id) } : viewerFields))));
  }
  return JsonText.list(items);
}

/** A ride's card and the seats taken when it was built: the count a list decides Join and Full from. */
interface StoredCard {
  json: string;
  seats: number;
}

/** The card of every row: as read, or built now for the rides whose card was forgotten. */
async function cardsOf(ctx: AppContext, rows: RideCardRow[]): Promise<Map<string, StoredCard>> {
  const cards = new Map<string, StoredCard>();
  const forgotten: string[] = [];
  for (const row of rows) {
    // A card of another format than this release's presenter makes reads as forgotten (migration 009).
    if (row.card_json === null || row.card_seats === null || row.card_format !== RIDE_CARD_FORMAT) forgotten.push(row.id);
    else cards.set(row.id, { json: row.card_json, seats: Number(row.card_seats) });
  }
  if (forgotten.length === 0) return cards;
  const full = await ridesRepository.listByIds(ctx.db, forgotten);
  const people = await peopleOf(ctx, full);
  for (const ride of full) cards.set(ride.id, { json: asciiJson(JSON.stringify(presentRideCard(ride, people))), seats: ride.participants.length });
  // In one transaction: one commit (one disk flush on SQLite) for all the cards this read built. With a
  // commit each, a rider's first read after every card was forgotten took three times as long
  // (docs/decisions/2026-11-24-ride-cards.md). Keeping the cards only saves the next reader work, so a failure to write (a busy
  // database, say) must not fail this read.
  await ctx.db
    .transaction()
    .execute(async (tx) => {
      for (const ride of full) await ridesRepository.storeCard(tx, ride.id, Number(ride.card_version), { ...cards.get(ride.id)!, format: RIDE_CARD_FORMAT });
    })
    .catch((err: unknown) => ctx.log.warn({ err, rides: full.length }, 'could not keep ride cards'));
  return cards;
}

/**
 * Everyone the rides name: each row brings its participants, and the owner always holds a seat and
 * a navigator must hold one, so only a row that breaks that (older data) costs a query.
 */
export async function peopleOf(ctx: AppContext, rows: RideRow[]): Promise<Map<string, RidePerson>> {
  const people = new Map<string, RidePerson>();
  for (const row of rows) for (const person of row.participants) people.set(person.id, person);
  const missing = [...new Set(rows.flatMap((r) => [r.owner_id, r.navigator_id]))].filter((id): id is string => id !== null && !people.has(id));
  for (const u of await ridesRepository.peopleByIds(ctx.db, missing)) people.set(u.id, { id: u.id, userId: u.handle, profileImageUrl: u.profile_image_url });
  return people;
}

/** `{"a":1}` and `{"b":2}` as `{"a":1,"b":2}`: both are JSON objects with distinct keys, neither empty. */
function mergeObjects(first: string, second: string): string {
  return `${first.slice(0, -1)},${second.slice(1)}`;
}
