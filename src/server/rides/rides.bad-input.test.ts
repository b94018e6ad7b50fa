import { describe, expect, it } from 'vitest';
import { buildRide, buildRoles, inDays } from '../test/factories';
import { useTestApp } from '../test/use-test-app';

/** Dates and ids that once reached code that could not handle them (a 500): now a 400, or what they mean. */
const t = useTestApp();


describe('ride dates the server cannot use', () => {
  it.each([
    ['tomorrow', 'Start date is required'],
    ['+275760-09-13T00:00:00.000Z', 'Start date is required'],
    ['', 'Start date is required'],
  ])('POST /api/rides with startDate %j answers 400 %j and creates nothing', async (startDate, message) => {
    const { owner, group } = await buildRoles(t);
    const res = await owner.client.post('/api/rides', {
      groupId: group.id,
      name: 'Dawn Patrol',
      startLocation: 'Bologna',
      endLocation: 'Parma',
      startDate,
      endDate: inDays(4),
      timezoneOffset: 'UTC+01:00',
      timezoneName: 'Berlin',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, field: 'startDate' });
    expect((await owner.client.get(`/api/groups/${group.id}/rides`)).json()).toEqual([]);
  });

  it.each(['+275760-09-13T00:00:00.000Z', '-271821-04-20T00:00:00.000Z', 'tomorrow'])('PATCH /api/rides/{id} with endDate %j answers 400 and leaves the ride as it was', async (endDate) => {
    const { owner, group } = await buildRoles(t);
    const ride = await buildRide(owner, group.id);
    const before = (await owner.client.get(`/api/rides/${ride.id}`)).json();
    const res = await owner.client.patch(`/api/rides/${ride.id}`, { endDate });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'End date is required', field: 'endDate' });
    expect((await owner.client.get(`/api/rides/${ride.id}`)).json().endDate).toBe(before.endDate);
  });
});

describe('PATCH /api/rides/{id} navigatorId ""', () => {
  it('means no navigator, like null', async () => {
    const { owner, member, group } = await buildRoles(t);
    const ride = await buildRide(owner, group.id);
    await member.client.post(`/api/rides/${ride.id}/join`);
    expect((await owner.client.patch(`/api/rides/${ride.id}`, { navigatorId: member.user.id })).json().navigator).toMatchObject({ id: member.user.id });
    const res = await owner.client.patch(`/api/rides/${ride.id}`, { navigatorId: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json().navigator).toBeNull();
  });
});
