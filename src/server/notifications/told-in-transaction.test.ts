import { describe, expect, it } from 'vitest';
import type { AppContext } from '../context';
import { buildSignedInUser } from '../test/test-app';
import { addMember, buildGroup, buildRide } from '../test/factories';
import { useTestApp } from '../test/use-test-app';
import { runDueDeliveries } from '../deliveries/deliveries.worker';
import { deliverySenders } from '../deliveries/senders';
import { joinGroup, changeMemberRole } from '../groups/membership.service';
import { checkMinimumRiders } from '../rides/minimum-riders';
import { sendRideReminders } from '../rides/reminders';
import { joinRide } from '../rides/ride-seats.service';

// Issue 30 point 2, the transaction rule: a notification and its mails are written in the same
// transaction as what caused them (a join request, a role change, a job's claim of a ride), so a
// process killed right after the commit has still told its riders, and a fresh worker mails them.

const t = useTestApp({ PUBLIC_URL: 'https://rc.test' });

const KILLED = 'killed right after the commit';

/**
 * The app's context as a process that dies the moment its first transaction commits: the
 * transaction runs and commits, then nothing after it runs (no publishing, no second statement).
 */
function dyingAfterCommit(ctx: AppContext): AppContext {
  const db = new Proxy(ctx.db, {
    get(target, prop) {
      if (prop === 'transaction') {
        return () => ({
          execute: async (work: Parameters<ReturnType<typeof target.transaction>['execute']>[0]) => {
            await target.transaction().execute(work as never);
            throw new Error(KILLED);
          },
        });
      }
      const value: unknown = Reflect.get(target, prop);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { ...ctx, db };
}

const HOUR = 3600_000;
type Listed = Array<{ type: string; message: string }>;
const listOf = async (rider: { client: { get: (url: string) => Promise<{ json: () => unknown }> } }, type: string) =>
  ((await rider.client.get('/api/notifications')).json() as Listed).filter((n) => n.type === type);

/** A fresh worker after the kill: the mails sent to `email` whose subject contains `about`. */
async function mailedAfterRestart(email: string, about: string) {
  const before = t.mail.length;
  await runDueDeliveries(t.app.ctx, deliverySenders());
  return t.mail.slice(before).filter((m) => m.to === email && m.subject.includes(about));
}

describe('a process killed right after the commit has still told, and a fresh worker mails', () => {
  it('a join request: every organizer is told and mailed', async () => {
    const owner = await buildSignedInUser(t);
    const group = await buildGroup(owner, { name: `Approval ${Date.now()}`, membershipApprovalRequired: true });
    const rider = await buildSignedInUser(t);
    await expect(joinGroup(dyingAfterCommit(t.app.ctx), rider.user.id, group.id)).rejects.toThrow(KILLED);
    expect(await listOf(owner, 'membership_request')).toEqual([expect.objectContaining({ message: `${rider.user.userId} wants to join ${group.name}` })]);
    expect(await mailedAfterRestart(owner.user.email, 'wants to join')).toHaveLength(1);
  });

  it("a join to an open group, and one through an open group's ride: the owner is told once each", async () => {
    const owner = await buildSignedInUser(t);
    const group = await buildGroup(owner, { membershipApprovalRequired: false });
    const rider = await buildSignedInUser(t);
    await expect(joinGroup(dyingAfterCommit(t.app.ctx), rider.user.id, group.id)).rejects.toThrow(KILLED);
    expect(await listOf(owner, 'member_joined')).toEqual([expect.objectContaining({ message: expect.stringContaining(rider.user.userId) })]);

    const ride = await buildRide(owner, group.id, { name: 'Open to all' });
    const another = await buildSignedInUser(t);
    await expect(joinRide(dyingAfterCommit(t.app.ctx), another.user.id, ride.id)).rejects.toThrow(KILLED);
    expect((await listOf(owner, 'member_joined')).filter((n) => n.message.includes(another.user.userId))).toHaveLength(1);
  });

  it('a role change: the new co-organizer is told', async () => {
    const owner = await buildSignedInUser(t);
    const group = await buildGroup(owner, { membershipApprovalRequired: false });
    const member = await buildSignedInUser(t);
    await addMember(owner, member, group.id);
    await expect(changeMemberRole(dyingAfterCommit(t.app.ctx), owner.user.id, group.id, member.user.id, 'co_organizer')).rejects.toThrow(KILLED);
    expect(await listOf(member, 'made_co_organizer')).toHaveLength(1);
  });

  it("the minimum riders job: the claim and the riders' notifications and mails commit together", async () => {
    const owner = await buildSignedInUser(t);
    const group = await buildGroup(owner, { membershipApprovalRequired: false });
    const rider = await buildSignedInUser(t);
    await addMember(owner, rider, group.id);
    // Off by e-mail by default: this rider switched it on.
    expect((await rider.client.patch('/api/users/current/notification-settings', { type: 'ride_below_minimum', channel: 'email', enabled: true })).statusCode).toBe(200);
    const ride = await buildRide(owner, group.id, { name: 'Stelvio at dawn', minRiders: 4, maxRiders: 6, minRidersDecisionAt: new Date(Date.now() + 48 * HOUR).toISOString() });
    await rider.client.post(`/api/rides/${ride.id}/join`);
    const decided = new Date(Date.now() + 49 * HOUR);
    await expect(checkMinimumRiders(dyingAfterCommit(t.app.ctx), decided)).rejects.toThrow(KILLED);
    expect(await listOf(rider, 'ride_below_minimum')).toHaveLength(1);
    expect(await listOf(owner, 'ride_below_minimum')).toHaveLength(1);
    // The job running again after the restart tells nobody twice.
    await checkMinimumRiders(t.app.ctx, decided);
    expect(await listOf(rider, 'ride_below_minimum')).toHaveLength(1);
    expect(await mailedAfterRestart(rider.user.email, 'Stelvio at dawn has 2 of the 4 riders')).toHaveLength(1);
  });

  it('the in-app reminders job: the claim and the reminders commit together', async () => {
    const owner = await buildSignedInUser(t);
    const group = await buildGroup(owner, { membershipApprovalRequired: false });
    const ride = await buildRide(owner, group.id, { name: 'Passo Giau', startDate: new Date(Date.now() + 20 * HOUR).toISOString(), endDate: new Date(Date.now() + 20 * HOUR).toISOString() });
    await expect(sendRideReminders(dyingAfterCommit(t.app.ctx))).rejects.toThrow(KILLED);
    await sendRideReminders(t.app.ctx);
    expect((await listOf(owner, 'ride_reminder')).filter((n) => n.message.includes(ride.name))).toEqual([expect.objectContaining({ message: "Don't forget about Passo Giau" })]);
  });
});
