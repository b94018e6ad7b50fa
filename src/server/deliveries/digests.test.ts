import { describe, expect, it } from 'vitest';
import { buildSignedInUser } from '../test/test-app';
import { addMember, buildGroup, buildRide } from '../test/factories';
import { useTestApp } from '../test/use-test-app';
import { housekeepingJobs } from '../housekeeping';
import { runDueDeliveries } from './deliveries.worker';
import { deliverySenders } from './senders';
import { nextDigestAt, runDigests } from './digests';

// Digests (issue 30 point 7), on both engines: an item a rider takes as a digest is not mailed
// alone; at the digest's time its rider gets one mail listing the period's items, once.

const t = useTestApp({ PUBLIC_URL: 'https://rc.test' });

/** An open group's owner, and a member of it who takes its new rides as a digest (with the other settings given). */
async function memberTakingDigest(settings: Record<string, string>) {
  const owner = await buildSignedInUser(t);
  const group = await buildGroup(owner, { membershipApprovalRequired: false });
  const rider = await buildSignedInUser(t);
  await addMember(owner, rider, group.id);
  expect((await rider.client.patch(`/api/users/${rider.user.id}`, settings)).statusCode).toBe(200);
  return { owner, group, rider };
}

const heldOf = (userId: string) => t.app.ctx.db.selectFrom('deliveries').selectAll().where('user_id', '=', userId).where('channel', '=', 'email').orderBy('created_at').execute();

describe('digests', () => {
  it('the next digest time is 08:00 on the rider’s clock, and for weekly the next Monday', () => {
    const now = Date.parse('2027-03-27T10:00:00.000Z'); // a Saturday, the night before Rome's summer time
    expect(nextDigestAt('daily', 'Europe/Rome', now)).toBe('2027-03-28T06:00:00.000Z'); // 08:00 CEST
    expect(nextDigestAt('weekly', 'Europe/Rome', now)).toBe('2027-03-29T06:00:00.000Z'); // Monday
    expect(nextDigestAt('daily', 'Australia/Sydney', Date.parse('2027-03-27T20:00:00.000Z'))).toBe('2027-03-27T21:00:00.000Z'); // 08:00 AEDT the next local day
  });

  it('gathers the new rides of a rider who takes them daily into one mail at 08:00; another rider gets one mail per ride', async () => {
    const owner = await buildSignedInUser(t);
    const group = await buildGroup(owner, { membershipApprovalRequired: false });
    const digesting = await buildSignedInUser(t);
    const immediate = await buildSignedInUser(t);
    await addMember(owner, digesting, group.id);
    await addMember(owner, immediate, group.id);
    expect((await digesting.client.patch(`/api/users/${digesting.user.id}`, { timezone: 'Europe/Rome', newRidesDigest: 'daily' })).statusCode).toBe(200);
    const first = await buildRide(owner, group.id, { name: 'Digest run one' });
    const second = await buildRide(owner, group.id, { name: 'Digest run two' });

    const before = t.mail.length;
    await runDueDeliveries(t.app.ctx, deliverySenders());
    const mailed = () => t.mail.slice(before);
    expect(mailed().filter((m) => m.to === immediate.user.email && m.subject.includes('has been added to your group'))).toHaveLength(2);
    expect(mailed().filter((m) => m.to === digesting.user.email)).toEqual([]);
    const held = await heldOf(digesting.user.id);
    expect(held.map((r) => r.state)).toEqual(['held', 'held']);
    const dueAt = Date.parse(held[0]!.due_at);

    // Before its time nothing is gathered; at it, one digest, however often the job runs.
    expect(await runDigests(t.app.ctx, dueAt - 1000)).toBe(0);
    expect(await runDigests(t.app.ctx, dueAt)).toBe(1);
    expect(await runDigests(t.app.ctx, dueAt + 60_000)).toBe(0);
    await runDueDeliveries(t.app.ctx, deliverySenders(), { now: () => dueAt + 1000 });
    await runDueDeliveries(t.app.ctx, deliverySenders(), { now: () => dueAt + 120_000 });
    const digests = mailed().filter((m) => m.to === digesting.user.email);
    expect(digests.map((m) => m.subject)).toEqual(['New rides in your groups: 2']);
    expect(digests[0]!.text).toContain(`- ${first.name} has been added to your group`);
    expect(digests[0]!.text).toContain(`- ${second.name} has been added to your group`);
    expect((await heldOf(digesting.user.id)).map((r) => r.state).sort()).toEqual(['digested', 'digested', 'sent']);
  });

  it('leaves out what the rider has already opened in the app, and sends no digest when that was everything', async () => {
    const { owner, group, rider } = await memberTakingDigest({ newRidesDigest: 'daily' });
    const seen = await buildRide(owner, group.id, { name: 'Seen in the app' });
    const unseen = await buildRide(owner, group.id, { name: 'Not seen yet' });
    const told = (await rider.client.get('/api/notifications')).json<Array<{ id: string; subject?: { rideId: string | null } }>>();
    const ofSeen = told.find((n) => n.subject?.rideId === seen.id)!;
    expect((await rider.client.patch(`/api/notifications/${ofSeen.id}/read`)).statusCode).toBe(200);

    const before = t.mail.length;
    const dueAt = Date.parse((await heldOf(rider.user.id))[0]!.due_at);
    expect(await runDigests(t.app.ctx, dueAt)).toBe(1);
    await runDueDeliveries(t.app.ctx, deliverySenders(), { now: () => dueAt + 1000 });
    const digests = t.mail.slice(before).filter((m) => m.to === rider.user.email);
    expect(digests.map((m) => m.subject)).toEqual(['New rides in your groups: 1']);
    expect(digests[0]!.text).toContain(`- ${unseen.name} has been added to your group`);
    expect(digests[0]!.text).not.toContain(seen.name);

    // The next day: one new ride, opened before 08:00; nothing is mailed, nothing stays held.
    const later = await buildRide(owner, group.id, { name: 'Opened before the digest' });
    const ofLater = (await rider.client.get('/api/notifications')).json<Array<{ id: string; subject?: { rideId: string | null } }>>().find((n) => n.subject?.rideId === later.id)!;
    expect((await rider.client.patch(`/api/notifications/${ofLater.id}/read`)).statusCode).toBe(200);
    const heldLater = (await heldOf(rider.user.id)).filter((r) => r.state === 'held');
    expect(heldLater).toHaveLength(1);
    expect(await runDigests(t.app.ctx, Date.parse(heldLater[0]!.due_at))).toBe(0);
    expect((await heldOf(rider.user.id)).filter((r) => r.state === 'held')).toEqual([]);
  });

  it('gathers join requests for an organizer who takes them daily', async () => {
    const owner = await buildSignedInUser(t);
    expect((await owner.client.patch(`/api/users/${owner.user.id}`, { organizerDigest: 'daily' })).statusCode).toBe(200);
    const group = await buildGroup(owner, { membershipApprovalRequired: true });
    const asking = await buildSignedInUser(t);
    await asking.client.post(`/api/groups/${group.id}/join`);
    const [held] = (await heldOf(owner.user.id)).filter((r) => r.type === 'membership_request');
    expect(held).toMatchObject({ state: 'held' });
    const before = t.mail.length;
    await runDigests(t.app.ctx, Date.parse(held!.due_at));
    await runDueDeliveries(t.app.ctx, deliverySenders(), { now: () => Date.parse(held!.due_at) + 1000 });
    const mails = t.mail.slice(before).filter((m) => m.to === owner.user.email);
    expect(mails.map((m) => m.subject)).toEqual(['Join requests and new members in your groups: 1']);
    expect(mails[0]!.text).toContain(`- ${asking.user.userId} wants to join ${group.name}`);
  });

  it("writes each item with today's names in the rider's language, and a deleted ride with the name it had", async () => {
    const { owner, group, rider } = await memberTakingDigest({ newRidesDigest: 'daily', language: 'de' });
    const renamed = await buildRide(owner, group.id, { name: 'Queued as Passo Rolle' });
    const deleted = await buildRide(owner, group.id, { name: 'Deleted Dawn Run' });
    // After the items were queued: one ride renamed, the other deleted.
    expect((await owner.client.patch(`/api/rides/${renamed.id}`, { name: 'Passo Rolle and Valles' })).statusCode).toBe(200);
    expect((await owner.client.delete(`/api/rides/${deleted.id}`)).statusCode).toBeLessThan(300);

    const before = t.mail.length;
    const dueAt = Date.parse((await heldOf(rider.user.id))[0]!.due_at);
    expect(await runDigests(t.app.ctx, dueAt)).toBe(1);
    await runDueDeliveries(t.app.ctx, deliverySenders(), { now: () => dueAt + 1000 });
    const [digest, ...more] = t.mail.slice(before).filter((m) => m.to === rider.user.email);
    expect(more).toEqual([]);
    expect(digest!.subject).toBe('Neue Ausfahrten in deinen Gruppen: 2');
    expect(digest!.text).toContain('- Passo Rolle and Valles wurde zu deiner Gruppe hinzugefügt');
    expect(digest!.text).not.toContain('Queued as Passo Rolle');
    expect(digest!.text).toContain('- Deleted Dawn Run wurde zu deiner Gruppe hinzugefügt');
  });

  it('has no switch of its own: its mail’s unsubscribe link stops the mails it gathers, and what waits is not sent', async () => {
    const { owner, group, rider } = await memberTakingDigest({ newRidesDigest: 'weekly' });
    await buildRide(owner, group.id, { name: 'Weekly one' });
    let dueAt = Date.parse((await heldOf(rider.user.id))[0]!.due_at);
    let before = t.mail.length;
    expect(await runDigests(t.app.ctx, dueAt)).toBe(1);
    await runDueDeliveries(t.app.ctx, deliverySenders(), { now: () => dueAt + 1000 });
    const [digest] = t.mail.slice(before).filter((m) => m.to === rider.user.email);
    const link = /^<https:\/\/rc\.test(\/api\/notifications\/unsubscribe\/[^>]+)>$/.exec(digest!.headers?.['List-Unsubscribe'] ?? '')?.[1];
    expect(link).toBeDefined();

    // The next week's item waits; the rider then stops the digest from its mail (no cookie).
    await buildRide(owner, group.id, { name: 'Weekly two' });
    const waiting = (await heldOf(rider.user.id)).filter((r) => r.state === 'held');
    expect(waiting).toHaveLength(1);
    const stopped = await t.app.inject({ method: 'POST', url: link!, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect(stopped.statusCode).toBe(200);
    const settings = (await rider.client.get('/api/users/current/notification-settings')).json<{ types: Array<{ type: string; email: boolean | null }> }>();
    expect(settings.types.find((s) => s.type === 'ride_created')).toMatchObject({ email: false });
    dueAt = Date.parse(waiting[0]!.due_at);
    before = t.mail.length;
    await runDigests(t.app.ctx, dueAt);
    await runDueDeliveries(t.app.ctx, deliverySenders(), { now: () => dueAt + 1000 });
    expect(t.mail.slice(before).filter((m) => m.to === rider.user.email)).toEqual([]);
  });

  it('runs as a housekeeping job', () => {
    expect(housekeepingJobs(t.app.ctx).map((job) => job.name)).toContain('digests');
  });
});
