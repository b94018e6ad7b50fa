import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app';
import { buildGroup, buildGuest, buildRide, buildRoles, rideBody, type Rider } from '../test/factories';
import { housekeepingJobs } from '../housekeeping';
import { checkMinimumRiders } from './minimum-riders';
import { useTestApp } from '../test/use-test-app';

const t = useTestApp();

const HOUR = 3600_000;
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();
const belowMinimum = async (rider: Rider) =>
  ((await rider.client.get('/api/notifications')).json() as Array<{ type: string; message: string }>).filter((n) => n.type === 'ride_below_minimum');

/** A ride four days away needing 4 riders, decided in two days, with its owner and one rider. */
async function rideBelowMinimum(extra: Record<string, unknown> = {}) {
  const owner = await buildGuest(t);
  const group = await buildGroup(owner);
  const ride = await buildRide(owner, group.id, { name: 'Grossglockner loop', minRiders: 4, maxRiders: 6, minRidersDecisionAt: inHours(48), ...extra });
  const rider = await buildGuest(t);
  await rider.client.post(`/api/rides/${ride.id}/join`);
  return { owner, group, ride, rider };
}

describe('the minimum riders decision time', () => {
  it('is optional (none by default), set on create and edit, and must come before the start', async () => {
    const owner = await buildGuest(t);
    const group = await buildGroup(owner);
    const plain = await buildRide(owner, group.id);
    expect((await owner.client.get(`/api/rides/${plain.id}`)).json().minRidersDecision).toEqual({ at: null, due: false, kept: false });

    const late = await owner.client.post('/api/rides', { ...rideInput(group.id), minRidersDecisionAt: inHours(97) });
    expect(late.statusCode).toBe(400);
    expect(late.body).toContain('The decision time must be before the start');
    expect((await owner.client.post('/api/rides', { ...rideInput(group.id), minRidersDecisionAt: 'soon' })).statusCode).toBe(400);

    const at = inHours(24);
    const set = await owner.client.patch(`/api/rides/${plain.id}`, { minRidersDecisionAt: at });
    expect(set.json().minRidersDecision).toEqual({ at, due: false, kept: false });
    const after = await owner.client.patch(`/api/rides/${plain.id}`, { minRidersDecisionAt: inHours(200) });
    expect(after.statusCode).toBe(400);
    expect(after.json().message).toContain('The decision time must be before the start');
    // Moving the start before the decision is refused the same way.
    expect((await owner.client.patch(`/api/rides/${plain.id}`, { startDate: inHours(12), endDate: inHours(12) })).json()).toMatchObject({ message: 'The decision time must be before the start' });
    expect((await owner.client.patch(`/api/rides/${plain.id}`, { minRidersDecisionAt: null })).json().minRidersDecision.at).toBeNull();
  });

  it('tells the owner and the riders "{ride} has {n} of the {min} riders it needs", once, even with several processes at it', async () => {
    const { owner, rider, ride } = await rideBelowMinimum();
    await checkMinimumRiders(t.app.ctx, new Date(Date.now() + 47 * HOUR));
    expect(await belowMinimum(owner)).toEqual([]);
    const at = new Date(Date.now() + 49 * HOUR);
    await Promise.all([checkMinimumRiders(t.app.ctx, at), checkMinimumRiders(t.app.ctx, at), checkMinimumRiders(t.app.ctx, at)]);
    await checkMinimumRiders(t.app.ctx, new Date(Date.now() + 50 * HOUR));
    for (const seated of [owner, rider]) {
      expect(await belowMinimum(seated)).toEqual([expect.objectContaining({ title: 'Not enough riders yet', message: 'Grossglockner loop has 2 of the 4 riders it needs', subject: expect.objectContaining({ kind: 'ride', rideName: 'Grossglockner loop' }) })]);
    }
    expect((await rider.client.get(`/api/rides/${ride.id}`)).json().abilities.decideMinimum).toBe(false);
  });

  it('tells once when two app processes on the same database check at the same time', async () => {
    const { owner, rider } = await rideBelowMinimum();
    const second = await createTestApp(t.config.databaseUrl ? { DATABASE_URL: t.config.databaseUrl } : { DATA_DIR: t.config.dataDir });
    try {
      const at = new Date(Date.now() + 49 * HOUR);
      const both = () => Promise.all([checkMinimumRiders(t.app.ctx, at), checkMinimumRiders(second.app.ctx, at), checkMinimumRiders(t.app.ctx, at), checkMinimumRiders(second.app.ctx, at)]);
      // The claim and the notifications are one transaction. Two SQLite connections in one process
      // cannot interleave write transactions (better-sqlite3 waits for the lock synchronously, so
      // the holder never resumes): there each server checks in turn; on PostgreSQL all at once.
      if (t.config.databaseUrl) await both();
      else for (const ctx of [t.app.ctx, second.app.ctx, t.app.ctx, second.app.ctx]) await checkMinimumRiders(ctx, at);
    } finally {
      await second.close();
    }
    for (const seated of [owner, rider]) expect(await belowMinimum(seated)).toHaveLength(1);
  });

  it('tells nobody when the ride has its minimum, or was cancelled', async () => {
    const met = await rideBelowMinimum({ minRiders: 2 });
    const cancelled = await rideBelowMinimum();
    await cancelled.owner.client.patch(`/api/rides/${cancelled.ride.id}`, { status: 'cancelled' });
    await checkMinimumRiders(t.app.ctx, new Date(Date.now() + 49 * HOUR));
    for (const who of [met.owner, met.rider, cancelled.owner, cancelled.rider]) expect(await belowMinimum(who)).toEqual([]);
  });

  it('runs as a housekeeping job', () => {
    expect(housekeepingJobs(t.app.ctx).some((j) => j.name === 'minimum-riders-decisions')).toBe(true);
  });
});

describe('keeping or cancelling a ride below its minimum', () => {
  it('is offered to the owner once the time has passed; Keep is the owner’s alone and ends the question', async () => {
    const r = await buildRoles(t);
    const ride = await buildRide(r.owner, r.group.id, { minRiders: 3, minRidersDecisionAt: inHours(1) });
    const early = await r.owner.client.post(`/api/rides/${ride.id}/keep`);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ message: 'There is no minimum riders decision to make' });

    // The decision time passes: set it in the past directly, as the clock would.
    await t.app.ctx.db.updateTable('rides').set({ min_riders_decision_at: new Date(Date.now() - 60_000).toISOString() }).where('id', '=', ride.id).execute();
    expect((await r.owner.client.get(`/api/rides/${ride.id}`)).json()).toMatchObject({ minRidersDecision: { due: true, kept: false }, abilities: { decideMinimum: true } });
    expect((await r.anonymous.post(`/api/rides/${ride.id}/keep`)).statusCode).toBe(401);
    for (const who of [r.member, r.pending, r.guest, r.outsider]) {
      expect((await who.client.post(`/api/rides/${ride.id}/keep`)).statusCode).toBe(403);
      expect((await who.client.get(`/api/rides/${ride.id}`)).json().abilities.decideMinimum).toBe(false);
    }
    const kept = await r.owner.client.post(`/api/rides/${ride.id}/keep`);
    expect(kept.json()).toMatchObject({ status: 'confirmed', minRidersDecision: { due: false, kept: true }, abilities: { decideMinimum: false } });
    expect((await r.owner.client.post(`/api/rides/${ride.id}/keep`)).statusCode).toBe(409);
  });

  it('cancelling (the edit’s status) ends the question too', async () => {
    const { owner, ride } = await rideBelowMinimum({ minRidersDecisionAt: inHours(1) });
    await t.app.ctx.db.updateTable('rides').set({ min_riders_decision_at: new Date(Date.now() - 60_000).toISOString() }).where('id', '=', ride.id).execute();
    expect((await owner.client.patch(`/api/rides/${ride.id}`, { status: 'cancelled' })).json()).toMatchObject({ status: 'cancelled', minRidersDecision: { due: false } });
  });
});

/** A ride starting in four days (96 hours: its decision time must come before). */
function rideInput(groupId: string) {
  const start = inHours(96);
  return rideBody(groupId, { startDate: start, endDate: start });
}
