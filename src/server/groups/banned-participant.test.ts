import { describe, expect, it, vi } from 'vitest';
import { addMember, buildGuest, buildRide, buildRoles, inDays } from '../test/factories';
import { fileOf, PHOTO, postMultipart, type Part } from '../media/media.test-helpers';
import { useTestApp } from '../test/use-test-app';

// Attack round on issue 27.2: "Remove and don't let them rejoin" must also silence a banned rider
// on the rides they once rode with the group (past rides, and rides under way at the removal).

vi.setConfig({ testTimeout: 90_000 });

const t = useTestApp();

const toRide = (rideId: string, file: Part): Part[] => [{ name: 'associatedType', value: 'ride' }, { name: 'associatedId', value: rideId }, file];

describe('a banned rider who rode the group’s rides', () => {
  it('no longer comments on them nor adds photos to them', async () => {
    const w = await buildRoles(t, { membershipApprovalRequired: false });
    const rider = await buildGuest(t);
    await addMember(w.owner, rider, w.group.id);
    const past = await buildRide(w.owner, w.group.id);
    const underWay = await buildRide(w.owner, w.group.id);
    for (const ride of [past, underWay]) expect((await rider.client.post(`/api/rides/${ride.id}/join`)).statusCode).toBe(200);
    const db = t.app.ctx.db;
    await db.updateTable('rides').set({ start_date: inDays(-3), end_date: inDays(-2) }).where('id', '=', past.id).execute();
    await db.updateTable('rides').set({ start_date: inDays(-1), end_date: inDays(2) }).where('id', '=', underWay.id).execute();

    expect((await w.owner.client.request('DELETE', `/api/groups/${w.group.id}/members/${rider.user.id}`, { ban: true })).statusCode).toBe(200);

    for (const ride of [past, underWay]) {
      const comment = await rider.client.post(`/api/rides/${ride.id}/comments`, { content: 'you cannot get rid of me' });
      expect(comment.statusCode, ride.name).toBe(403);
      const page = (await rider.client.get(`/api/rides/${ride.id}`)).json();
      expect(page.abilities.comment).toBe(false);
      const photo = await postMultipart(t, '/api/media', rider.client, toRide(ride.id, fileOf(PHOTO, 'photo.jpg')));
      expect(photo.statusCode, ride.name).toBe(403);
    }
  });
});
