import { describe, expect, it } from 'vitest';
import { buildGroup, buildGuest, buildRide, inDays } from '../test/factories';
import { useTestApp } from '../test/use-test-app';

const t = useTestApp();

describe("a group's rides", () => {
  it('come with what is next first, soonest first, then the ended ones, latest first', async () => {
    const owner = await buildGuest(t);
    const group = await buildGroup(owner);
    const at = (days: number) => ({ startDate: inDays(days), endDate: inDays(days) });
    const nextMonth = await buildRide(owner, group.id, at(30));
    const tomorrow = await buildRide(owner, group.id, at(1));
    const lastYear = await buildRide(owner, group.id, at(2));
    const lastWeek = await buildRide(owner, group.id, at(3));
    // Rides cannot be planned in the past: these two are moved there, as time would have done.
    const moveTo = (rideId: string, days: number) => t.app.ctx.db.updateTable('rides').set({ start_date: inDays(days), end_date: inDays(days) }).where('id', '=', rideId).execute();
    await moveTo(lastYear.id, -365);
    await moveTo(lastWeek.id, -7);

    const rides = (await owner.client.get(`/api/groups/${group.id}/rides`)).json() as Array<{ id: string }>;
    expect(rides.map((ride) => ride.id)).toEqual([tomorrow.id, nextMonth.id, lastWeek.id, lastYear.id]);
  });
});
