import { describe, expect, it } from 'vitest';
import { buildGroup, buildRide, buildRoles, inDays } from '../test/factories';
import { useTestApp } from '../test/use-test-app';

const t = useTestApp();

describe('GET /api/dashboard/stats', () => {
  it('counts upcoming rides, active groups and planned kilometres', async () => {
    const r = await buildRoles(t);
    const first = await buildRide(r.owner, r.group.id);
    await buildRide(r.owner, r.group.id);
    await r.member.client.post(`/api/rides/${first.id}/join`);
    const stats = (await r.member.client.get('/api/dashboard/stats')).json();
    expect(stats).toEqual({ upcomingRides: 2, activeGroups: 1, milesPlanned: Math.round(first.totalDistanceKm! * 10) / 10 });
    expect((await r.outsider.client.get('/api/dashboard/stats')).json()).toEqual({ upcomingRides: 0, activeGroups: 0, milesPlanned: 0 });
    expect((await r.anonymous.get('/api/dashboard/stats')).statusCode).toBe(401);
  });

  it('counts only active groups the rider owns or joined, not a pending request or a quiet group', async () => {
    const r = await buildRoles(t);
    await buildRide(r.owner, r.group.id);
    expect((await r.pending.client.get('/api/dashboard/stats')).json().activeGroups).toBe(0);

    // A group with no upcoming ride and nothing new for 30 days is not active.
    const quiet = await buildGroup(r.member);
    await t.app.ctx.db.updateTable('group_members').set({ joined_at: inDays(-60) }).where('group_id', '=', quiet.id).execute();
    expect((await r.member.client.get('/api/dashboard/stats')).json().activeGroups).toBe(1);
    // A poll created this week wakes it up.
    const poll = { groupId: quiet.id, title: 'Spring trip', description: 'Coast road', destination: 'Rimini', durationDays: 1, deadline: inDays(7), proposedDates: [inDays(20)] };
    expect((await r.member.client.post('/api/polls', poll)).statusCode).toBe(201);
    expect((await r.member.client.get('/api/dashboard/stats')).json().activeGroups).toBe(2);
  });
});
