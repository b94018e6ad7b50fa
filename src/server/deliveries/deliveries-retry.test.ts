import { describe, expect, it } from 'vitest';
import type { Mailer } from '../platform/mailer';
import { buildSignedInUser } from '../test/test-app';
import { addMember, buildGroup, buildRide } from '../test/factories';
import { useTestApp } from '../test/use-test-app';
import { nextAttemptAt, runDueDeliveries } from './deliveries.worker';
import { deliverySenders } from './senders';
import { formatDelivery, listDeliveries } from './deliveries.list';

// A mail the SMTP server refuses is tried again with exponential backoff for a day, then recorded
// as failed, and the operator sees both (`npm run deliveries`).

const t = useTestApp();
const MINUTE = 60_000;

describe('retries', () => {
  it('backs off 1, 2, 4... minutes, at most an hour apart, and gives up a day after the row was written', () => {
    const written = '2026-12-01T10:00:00.000Z';
    const at = Date.parse(written);
    expect([1, 2, 3, 4].map((n) => Date.parse(nextAttemptAt(written, n, at)!) - at)).toEqual([MINUTE, 2 * MINUTE, 4 * MINUTE, 8 * MINUTE]);
    expect(Date.parse(nextAttemptAt(written, 12, at)!) - at).toBe(60 * MINUTE);
    expect(nextAttemptAt(written, 30, at + 24 * 60 * MINUTE)).toBeNull();
  });

  it('records the error, tries again when due, lists it for the operator, and fails it after a day', async () => {
    const owner = await buildSignedInUser(t);
    const group = await buildGroup(owner, { membershipApprovalRequired: false });
    const rider = await buildSignedInUser(t);
    await addMember(owner, rider, group.id);
    const ride = await buildRide(owner, group.id);
    let refusals = 0;
    const refusing: Mailer = {
      send: async () => {
        refusals++;
        throw new Error('451 4.3.0 Temporary server error');
      },
    };
    const ctx = { ...t.app.ctx, mailer: refusing };
    const start = Date.now();
    expect(await runDueDeliveries(ctx, deliverySenders(), { now: () => start })).toMatchObject({ sent: 0, retried: 1 });
    const row = async () => t.app.ctx.db.selectFrom('deliveries').selectAll().where('ride_id', '=', ride.id).where('user_id', '=', rider.user.id).executeTakeFirstOrThrow();
    expect(await row()).toMatchObject({ state: 'pending', last_error: '451 4.3.0 Temporary server error', due_at: new Date(start + MINUTE).toISOString() });
    // Not due yet: nobody tries.
    await runDueDeliveries(ctx, deliverySenders(), { now: () => start + 30_000 });
    expect(refusals).toBe(1);
    const listed = (await listDeliveries(t.app.ctx.db, { all: false, limit: 100 })).filter((d) => d.handle === rider.user.userId);
    expect(listed.map(formatDelivery).join('')).toContain(`email ride_created to ${rider.user.userId}: pending (next try ${new Date(start + MINUTE).toISOString()}), 1 attempt\n    last error: 451 4.3.0 Temporary server error`);
    // A day later it is failed for good.
    await runDueDeliveries(ctx, deliverySenders(), { now: () => start + 25 * 60 * MINUTE });
    expect(await row()).toMatchObject({ state: 'failed', attempts: 2 });
    expect((await listDeliveries(t.app.ctx.db, { all: false, limit: 100 })).find((d) => d.handle === rider.user.userId)).toMatchObject({ state: 'failed' });
  });
});
