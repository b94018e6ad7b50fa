import { describe, expect, it } from 'vitest';
import { buildSignedInUser, createTestApp } from '../test/test-app';
import { addMember, buildGroup, buildRide } from '../test/factories';
import { useTestApp } from '../test/use-test-app';
import { localToSent } from '../../shared/timezones/zoned-time';
import { runDueDeliveries } from '../deliveries/deliveries.worker';
import { deliverySenders } from '../deliveries/senders';
import { housekeepingJobs } from '../housekeeping';
import { enqueueReminderDeliveries, reminderStillDue } from './reminder-deliveries';

// Reminders by e-mail and push (issue 30 point 6) at the times each rider chose, once per rider,
// ride and choice, on both engines. The ride is on Rome's clock on the Sunday Sydney leaves summer
// time (2027-04-04, 03:00 -> 02:00), so a rider in Sydney is reminded on two different offsets.

const t = useTestApp({ PUBLIC_URL: 'https://rc.test' });

const START = localToSent('2027-04-04', '09:00', 'Europe/Rome'); // 07:00Z, 17:00 in Sydney (AEST)
const at = (iso: string) => new Date(iso);

async function setUp(reminderTimes: string[]) {
  const owner = await buildSignedInUser(t);
  const group = await buildGroup(owner, { membershipApprovalRequired: false });
  const rider = await buildSignedInUser(t);
  await addMember(owner, rider, group.id);
  expect((await rider.client.patch(`/api/users/${rider.user.id}`, { timezone: 'Australia/Sydney', reminderTimes })).statusCode).toBe(200);
  const ride = await buildRide(owner, group.id, { name: 'Futa Pass', startDate: START.iso, endDate: START.iso, timezone: 'Europe/Rome', timezoneOffset: START.offset, timezoneName: 'Rome', maxRiders: 2 });
  expect((await rider.client.post(`/api/rides/${ride.id}/join`)).statusCode).toBe(200);
  return { owner, group, rider, ride };
}

async function deliveriesOf(rideId: string, userId: string) {
  const rows = await t.app.ctx.db.selectFrom('deliveries').selectAll().where('ride_id', '=', rideId).where('user_id', '=', userId).where('type', '=', 'ride_reminder_due').orderBy('created_at').execute();
  return rows.map((r) => ({ channel: r.channel, type: r.type, reminder: (JSON.parse(r.params) as { reminder: string }).reminder, state: r.state }));
}

describe('reminders by e-mail at the times a rider chose', () => {
  it('reminds a rider in Sydney of a ride in Rome at 18:00 the evening before and 07:00 the morning of on their clock, across their change of season, once each', async () => {
    const { rider, ride } = await setUp(['evening_before', 'morning_of', 'two_hours_before']);
    const run = (iso: string) => enqueueReminderDeliveries(t.app.ctx, at(iso));
    // Before 18:00 AEDT (07:00Z) on the Saturday, nothing is due.
    await run('2027-04-03T06:59:00.000Z');
    expect(await deliveriesOf(ride.id, rider.user.id)).toEqual([]);
    // 18:00 the evening before (AEDT, +11), twice, and on "another server": one mail.
    await run('2027-04-03T07:00:00.000Z');
    await run('2027-04-03T07:05:00.000Z');
    await enqueueReminderDeliveries({ ...t.app.ctx }, at('2027-04-03T07:10:00.000Z'));
    expect(await deliveriesOf(ride.id, rider.user.id)).toEqual([{ channel: 'email', type: 'ride_reminder_due', reminder: 'evening_before', state: 'pending' }]);
    // 07:00 the morning of, on standard time now (AEST, +10): 21:00Z the day before.
    await run('2027-04-03T20:59:00.000Z');
    expect(await deliveriesOf(ride.id, rider.user.id)).toHaveLength(1);
    await run('2027-04-03T21:00:00.000Z');
    // 2 hours before the start.
    await run('2027-04-04T05:00:00.000Z');
    expect((await deliveriesOf(ride.id, rider.user.id)).map((d) => d.reminder)).toEqual(['evening_before', 'morning_of', 'two_hours_before']);

    // The mail says what and when, on the ride's clock and the rider's, with the ride's link.
    const sentBefore = t.mail.length;
    await runDueDeliveries(t.app.ctx, deliverySenders(), { now: () => Date.parse('2027-04-04T05:00:30.000Z') });
    const mails = t.mail.slice(sentBefore).filter((m) => m.to === rider.user.email && m.subject.startsWith('Reminder:'));
    expect(mails.map((m) => m.subject)).toEqual(Array(3).fill('Reminder: Futa Pass starts on Apr 4, 2027 at 09:00 (Europe/Rome), Apr 4, 2027 at 17:00 your time'));
    expect(mails[0]!.text).toContain(`https://rc.test/rides/${ride.id}`);
    expect(mails[0]!.text).toContain('Your time: Apr 4, 2027 at 17:00 (Australia/Sydney)');
    // Sent rows keep their key: a run within the grace adds nothing more.
    await run('2027-04-04T05:10:00.000Z');
    expect(await deliveriesOf(ride.id, rider.user.id)).toHaveLength(3);
    expect((await deliveriesOf(ride.id, rider.user.id)).every((d) => d.state === 'sent')).toBe(true);
  });

  it('keeps to the default (the evening before), reminds nobody who chose none, nor the waitlist, and never after the start', async () => {
    const { owner, rider, ride } = await setUp([]);
    const waiting = await buildSignedInUser(t);
    await addMember(owner, waiting, ride.groupId!);
    const third = await buildSignedInUser(t);
    await addMember(owner, third, ride.groupId!);
    // The seats are taken (the owner and the rider): the next two wait.
    expect((await waiting.client.post(`/api/rides/${ride.id}/waitlist`)).statusCode).toBe(200);
    await enqueueReminderDeliveries(t.app.ctx, at('2027-04-03T16:00:30.000Z')); // 18:00 in Rome the evening before
    await enqueueReminderDeliveries(t.app.ctx, at('2027-04-04T05:00:00.000Z'));
    expect(await deliveriesOf(ride.id, rider.user.id)).toEqual([]);
    expect(await deliveriesOf(ride.id, waiting.user.id)).toEqual([]);
    // The owner never chose: the evening before, on their clock (UTC: 18:00Z).
    await enqueueReminderDeliveries(t.app.ctx, at('2027-04-03T18:00:00.000Z'));
    expect(await deliveriesOf(ride.id, owner.user.id)).toEqual([{ channel: 'email', type: 'ride_reminder_due', reminder: 'evening_before', state: 'pending' }]);
    // Joined too late for a reminder's hour: not sent late.
    expect((await rider.client.patch(`/api/users/${rider.user.id}`, { reminderTimes: ['evening_before'] })).statusCode).toBe(200);
    await enqueueReminderDeliveries(t.app.ctx, at('2027-04-03T09:00:00.000Z'));
    expect(await deliveriesOf(ride.id, rider.user.id)).toEqual([]);
    // A retry after the start, or after the rider left, sends nothing.
    expect(await reminderStillDue(t.app.ctx, { userId: owner.user.id, rideId: ride.id }, Date.parse(START.iso))).toBeNull();
    expect((await reminderStillDue(t.app.ctx, { userId: owner.user.id, rideId: ride.id }, Date.parse(START.iso) - 1))?.id).toBe(ride.id);
    expect(await reminderStillDue(t.app.ctx, { userId: waiting.user.id, rideId: ride.id }, Date.parse(START.iso) - 1)).toBeNull();
  });

  it('sends one reminder per rider when two servers run the job and the workers at once', async () => {
    // Another server on the same database (the SQLite file, or PostgreSQL as in two-servers.test.ts).
    const other = await createTestApp({ PUBLIC_URL: 'https://rc.test', ...(t.config.databaseUrl ? { DATABASE_URL: t.config.databaseUrl } : { DATA_DIR: t.config.dataDir }) });
    try {
      const { owner, rider } = await setUp(['two_hours_before']);
      const now = at('2027-04-04T05:01:00.000Z');
      const job = (app: typeof t) => housekeepingJobs(app.app.ctx).find((j) => j.name === 'ride-reminder-deliveries')!;
      expect(job(t)).toBeDefined();
      await Promise.all([enqueueReminderDeliveries(t.app.ctx, now), enqueueReminderDeliveries(other.app.ctx, now), enqueueReminderDeliveries(t.app.ctx, now), enqueueReminderDeliveries(other.app.ctx, now)]);
      const work = (app: typeof t) => runDueDeliveries(app.app.ctx, deliverySenders(), { now: () => now.getTime() + 1000 });
      await Promise.all([work(t), work(other), work(t), work(other)]);
      const reminders = [...t.mail, ...other.mail].filter((m) => m.subject.startsWith('Reminder: Futa Pass'));
      expect(reminders.filter((m) => m.to === rider.user.email)).toHaveLength(1);
      // The owner never chose: the evening before only, so nothing now.
      expect(reminders.filter((m) => m.to === owner.user.email)).toHaveLength(0);
    } finally {
      await other.close();
    }
  });

  it('runs as a housekeeping job', () => {
    expect(housekeepingJobs(t.app.ctx).map((job) => job.name)).toContain('ride-reminder-deliveries');
  });
});
