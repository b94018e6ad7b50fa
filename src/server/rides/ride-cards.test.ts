import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { buildRide as buildAnyRide, buildRoles, inDays, type Rider } from '../test/factories';

/** The rides these tests read cards of: a description, and two seats so one join fills it. */
const buildRide = (owner: Rider, groupId: string, extra: Record<string, unknown> = {}) =>
  buildAnyRide(owner, groupId, { description: 'Lakeside', maxRiders: 2, ...extra });
import { ridesRepository } from './rides.repository';
import { RIDE_CARD_FORMAT } from './rides.presenter';
import type { Ride } from '../../shared/rides/ride';
import { useTestApp } from '../test/use-test-app';

// Lists read rides from cards the database keeps (ride-cards.ts, migration 009). These tests read a
// list once so the card is kept, change one thing a card shows, and read the list again: a card the
// database failed to forget would show the old value.

const t = useTestApp();


async function cardOf(rideId: string): Promise<string | null> {
  const row = await t.app.ctx.db.selectFrom('rides').select('card_json').where('id', '=', rideId).executeTakeFirstOrThrow();
  return row.card_json;
}

/**
 * A ride's own page as a list shows it: without the waitlist, the minimum riders decision, adding media and the
 * poll it was planned from, which only a ride's own JSON carries (docs/behaviour/rides.md "Seats that fill
 * themselves", docs/behaviour/polls.md "Polls that become rides").
 */
function asListed(page: Ride): Ride {
  const { waitlist: _waitlist, minRidersDecision: _decision, poll: _poll, ...ride } = page;
  const { joinWaitlist: _join, leaveWaitlist: _leave, decideMinimum: _decide, addMedia: _addMedia, ...abilities } = ride.abilities;
  return { ...ride, abilities };
}

async function listed(rider: Rider, rideId: string) {
  const rides = (await rider.client.get('/api/rides/upcoming')).json() as Ride[];
  return rides.find((ride) => ride.id === rideId);
}

describe('ride cards', () => {
  it('lists a ride exactly as its own page shows it, for each viewer', async () => {
    const r = await buildRoles(t);
    const ride = await buildRide(r.owner, r.group.id);
    await r.member.client.post(`/api/rides/${ride.id}/join`);
    for (const viewer of [r.owner, r.member, r.pending, r.outsider]) {
      const page = asListed((await viewer.client.get(`/api/rides/${ride.id}`)).json());
      // Twice: the first read builds the card, the second reads it back.
      for (let read = 0; read < 2; read++) {
        expect((await viewer.client.get(`/api/groups/${r.group.id}/rides`)).json()).toEqual([page]);
        expect((await viewer.client.get('/api/rides/finder?latitude=44.49&longitude=11.34&radius=10')).json().results).toContainEqual({ ...page, distanceKm: expect.any(Number) });
      }
      expect(await cardOf(ride.id)).not.toBeNull();
    }
    expect(await listed(r.member, ride.id)).toEqual(asListed((await r.member.client.get(`/api/rides/${ride.id}`)).json()));
    const anonymousPage = asListed((await r.anonymous.get(`/api/rides/${ride.id}`)).json());
    expect((await r.anonymous.get(`/api/groups/${r.group.id}/rides`)).json()).toEqual([anonymousPage]);
    expect(anonymousPage).toMatchObject({ isParticipant: false, abilities: { join: false, edit: false, comment: false } });
  });

  it('shows an edit, a navigator, a seat taken and a seat given up at once', async () => {
    const r = await buildRoles(t);
    const ride = await buildRide(r.owner, r.group.id);
    await listed(r.owner, ride.id);
    expect(await cardOf(ride.id)).not.toBeNull();

    await r.owner.client.patch(`/api/rides/${ride.id}`, { name: 'Renamed Run', description: 'Now by the river' });
    expect(await listed(r.owner, ride.id)).toMatchObject({ name: 'Renamed Run', slug: 'renamed-run', description: 'Now by the river' });

    await r.member.client.post(`/api/rides/${ride.id}/join`);
    expect(await listed(r.owner, ride.id)).toMatchObject({ participantCount: 2, isFull: true, participants: [{ id: r.owner.user.id }, { id: r.member.user.id }] });
    expect(await listed(r.member, ride.id)).toMatchObject({ isParticipant: true, abilities: { leave: true, join: false } });

    await r.owner.client.patch(`/api/rides/${ride.id}`, { navigatorId: r.member.user.id });
    expect(await listed(r.owner, ride.id)).toMatchObject({ navigator: { id: r.member.user.id, userId: r.member.user.userId } });

    // Leaving clears the navigator and frees the seat.
    await r.member.client.post(`/api/rides/${ride.id}/leave`);
    expect(await listed(r.owner, ride.id)).toMatchObject({ participantCount: 1, isFull: false, navigator: null, participants: [{ id: r.owner.user.id }] });
    expect(await listed(r.member, ride.id)).toMatchObject({ isParticipant: false, abilities: { join: true, leave: false } });
  });

  it("shows a rider's new handle and avatar, and the group's new name and time zone", async () => {
    const r = await buildRoles(t);
    const ride = await buildRide(r.owner, r.group.id);
    await r.member.client.post(`/api/rides/${ride.id}/join`);
    await listed(r.owner, ride.id);

    const handle = `rider${Math.random().toString(36).slice(2, 8)}`;
    expect((await r.member.client.patch(`/api/users/${r.member.user.id}`, { userId: handle })).statusCode).toBe(200);
    expect(await listed(r.owner, ride.id)).toMatchObject({ participants: [{}, { id: r.member.user.id, userId: handle }] });

    // As an avatar upload sets it (media.service).
    await t.app.ctx.db.updateTable('users').set({ profile_image_url: '/uploads/avatar.jpg' }).where('id', '=', r.owner.user.id).execute();
    expect(await listed(r.member, ride.id)).toMatchObject({ owner: { profileImageUrl: '/uploads/avatar.jpg' }, participants: [{ profileImageUrl: '/uploads/avatar.jpg' }, {}] });

    expect((await r.owner.client.patch(`/api/groups/${r.group.id}`, { timezoneOffset: 'UTC+02:00', timezoneName: 'Athens' })).statusCode).toBe(200);
    expect(await listed(r.member, ride.id)).toMatchObject({ group: { timezoneOffset: 'UTC+02:00', timezoneName: 'Athens' } });

    await t.app.ctx.db.updateTable('groups').set({ name: 'Renamed Riders', slug: 'renamed-riders-cards' }).where('id', '=', r.group.id).execute();
    expect(await listed(r.member, ride.id)).toMatchObject({ group: { name: 'Renamed Riders', slug: 'renamed-riders-cards' }, groupSlug: 'renamed-riders-cards' });

    // Saving a profile without changing the handle or avatar keeps the cards.
    await listed(r.member, ride.id);
    await r.owner.client.patch(`/api/users/${r.owner.user.id}`, { bio: 'Twisties only' });
    expect(await cardOf(ride.id)).not.toBeNull();
  });

  it('forgets the card when a seat is written by other means than joining and leaving', async () => {
    const r = await buildRoles(t);
    const ride = await buildRide(r.owner, r.group.id, { maxRiders: 5 });
    const db = t.app.ctx.db;
    const seats = async () => (await listed(r.owner, ride.id))!.participants.map((p) => p.id);
    expect(await seats()).toEqual([r.owner.user.id]);
    await db.insertInto('ride_participants').values({ ride_id: ride.id, user_id: r.member.user.id, joined_at: new Date().toISOString() }).execute();
    expect(await seats()).toEqual([r.owner.user.id, r.member.user.id]);
    await db.updateTable('ride_participants').set({ joined_at: '2020-01-01T00:00:00.000Z' }).where('user_id', '=', r.member.user.id).where('ride_id', '=', ride.id).execute();
    expect(await seats()).toEqual([r.member.user.id, r.owner.user.id]);
    await db.deleteFrom('ride_participants').where('user_id', '=', r.member.user.id).where('ride_id', '=', ride.id).execute();
    expect(await seats()).toEqual([r.owner.user.id]);
  });

  it('keeps cards in ASCII, so a list with any text in it stays fast to send, and shows the text as it is', async () => {
    const r = await buildRoles(t);
    const name = 'Ακρόπολη Run 🏍️ café';
    const ride = await buildRide(r.owner, r.group.id, { name, description: 'Straße → 箱根' });
    const page = asListed((await r.member.client.get(`/api/rides/${ride.id}`)).json());
    expect(page).toMatchObject({ name, description: 'Straße → 箱根' });
    for (let read = 0; read < 2; read++) {
      const res = await r.member.client.get(`/api/groups/${r.group.id}/rides`);
      expect(res.body).toMatch(/^[\x20-\x7e]*$/);
      expect(res.json()).toEqual([page]);
    }
    expect(await cardOf(ride.id)).toMatch(/^[\x20-\x7e]*$/);
  });

  it('decides Join and Full from the seats taken now, however they were taken', async () => {
    const r = await buildRoles(t);
    const ride = await buildRide(r.owner, r.group.id, { maxRiders: 2 });
    const db = t.app.ctx.db;
    expect(await listed(r.member, ride.id)).toMatchObject({ participantCount: 1, isFull: false, abilities: { join: true } });
    await db.insertInto('ride_participants').values({ ride_id: ride.id, user_id: r.outsider.user.id, joined_at: new Date().toISOString() }).execute();
    expect(await listed(r.member, ride.id)).toMatchObject({ participantCount: 2, isFull: true, abilities: { join: false } });
    expect(await listed(r.member, ride.id)).toMatchObject({ participantCount: 2, isFull: true, abilities: { join: false } });
    await db.deleteFrom('ride_participants').where('user_id', '=', r.outsider.user.id).where('ride_id', '=', ride.id).execute();
    expect(await listed(r.member, ride.id)).toMatchObject({ participantCount: 1, isFull: false, abilities: { join: true } });
  });

  it('builds again a card kept without its seat count (before migration 010)', async () => {
    const r = await buildRoles(t);
    const ride = await buildRide(r.owner, r.group.id);
    const page = asListed((await r.member.client.get(`/api/rides/${ride.id}`)).json());
    await listed(r.member, ride.id);
    await t.app.ctx.db.updateTable('rides').set({ card_seats: null }).where('id', '=', ride.id).execute();
    expect(await listed(r.member, ride.id)).toEqual(page);
    const kept = await t.app.ctx.db.selectFrom('rides').select(['card_json', 'card_seats']).where('id', '=', ride.id).executeTakeFirstOrThrow();
    expect(kept).toMatchObject({ card_json: expect.any(String), card_seats: 1 });
  });

  it('lists the first upcoming rides by start, whether it sorts them itself or lets the database', async () => {
    const r = await buildRoles(t);
    const starts = [9, 3, 7, 5].map((days) => inDays(days));
    const ids = [];
    for (const start of starts) ids.push((await buildRide(r.owner, r.group.id, { startDate: start, endDate: start })).id);
    const earliestTwo = [ids[1], ids[3]];
    const now = new Date().toISOString();
    for (const readCap of [10, 3]) {
      const rows = await ridesRepository.upcomingCardsOfRider(t.app.ctx.db, r.member.user.id, now, 2, readCap);
      expect(rows.map((row) => row.id), `read cap ${readCap}`).toEqual(earliestTwo);
    }
    const listed = ((await r.member.client.get('/api/rides/upcoming')).json() as Ride[]).map((ride) => ride.id);
    expect(listed).toEqual([ids[1], ids[3], ids[2], ids[0]]);
  });

  it('builds again a card kept by a release with another card format', async () => {
    const r = await buildRoles(t);
    const ride = await buildRide(r.owner, r.group.id);
    const page = asListed((await r.owner.client.get(`/api/rides/${ride.id}`)).json());
    await t.app.ctx.db.updateTable('rides').set({ card_json: '{"name":"old format"}', card_format: RIDE_CARD_FORMAT - 1 }).where('id', '=', ride.id).execute();
    expect(await listed(r.owner, ride.id)).toEqual(page);
    const kept = await t.app.ctx.db.selectFrom('rides').select(['card_json', 'card_format']).where('id', '=', ride.id).executeTakeFirstOrThrow();
    expect(kept.card_format).toBe(RIDE_CARD_FORMAT);
    expect(JSON.parse(kept.card_json!)).toMatchObject({ id: ride.id, name: page.name });
  });

  it('keeps a card only if nothing it shows changed while it was built', async () => {
    const r = await buildRoles(t);
    const ride = await buildRide(r.owner, r.group.id);
    const [read] = await ridesRepository.listByIds(t.app.ctx.db, [ride.id]);
    // A writer changes the ride after the reader read it...
    await r.owner.client.patch(`/api/rides/${ride.id}`, { name: 'Changed Meanwhile' });
    // ...so the card the reader built from the older data is not kept.
    await ridesRepository.storeCard(t.app.ctx.db, ride.id, Number(read!.card_version), { json: '{"name":"stale"}', seats: 1, format: RIDE_CARD_FORMAT });
    expect(await cardOf(ride.id)).toBeNull();
    expect(await listed(r.owner, ride.id)).toMatchObject({ name: 'Changed Meanwhile' });
  });

  it('forgets the card on an update of any column, also one added after the triggers were written; a card write keeps it', async () => {
    const r = await buildRoles(t);
    const ride = await buildRide(r.owner, r.group.id);
    await sql`alter table rides add column later_column text`.execute(t.app.ctx.db);
    await listed(r.owner, ride.id);
    expect(await cardOf(ride.id)).not.toBeNull();
    await sql`update rides set later_column = 'shown on a card one day' where id = ${ride.id}`.execute(t.app.ctx.db);
    expect(await cardOf(ride.id)).toBeNull();
    await listed(r.owner, ride.id);
    expect(await cardOf(ride.id)).not.toBeNull();
  });

  it('keeps the card when a rider joins the waitlist, which the card does not show', async () => {
    const r = await buildRoles(t);
    const ride = await buildRide(r.owner, r.group.id, { maxRiders: 1 });
    await listed(r.owner, ride.id);
    const card = await cardOf(ride.id);
    expect((await r.member.client.post(`/api/rides/${ride.id}/waitlist`)).statusCode).toBe(200);
    expect(await cardOf(ride.id)).toBe(card);
  });
});
