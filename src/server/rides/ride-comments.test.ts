import { describe, expect, it } from 'vitest';
import { buildRide, buildRoles } from '../test/factories';
import { ridesRepository } from './rides.repository';
import type { RideCommentsPage } from '../../shared/rides/ride';
import { useTestApp } from '../test/use-test-app';

const t = useTestApp();

/** `count` comments by `userId`, one second apart from a fixed day, stored directly (no HTTP round trip each). */
async function seedComments(rideId: string, userId: string, count: number, sameInstant = false): Promise<void> {
  const base = Date.parse('2026-01-01T00:00:00.000Z');
  for (let i = 1; i <= count; i++) {
    await ridesRepository.insertComment(t.app.ctx.db, {
      id: `c-${rideId}-${String(i).padStart(4, '0')}`,
      ride_id: rideId,
      user_id: userId,
      content: `Comment ${i}`,
      created_at: new Date(base + (sameInstant ? 0 : i * 1000)).toISOString(),
    });
  }
}

const contents = (page: RideCommentsPage) => page.comments.map((c) => c.content);

describe('GET /api/rides/{id}/comments, paged', () => {
  it('answers the newest 50 in the order they were written, and the earlier pages through `before`', async () => {
    // An open group: anyone reads its rides' comments (an approval group's are for its members, ride-roster.test.ts).
    const r = await buildRoles(t, { membershipApprovalRequired: false });
    const ride = await buildRide(r.owner, r.group.id);
    await seedComments(ride.id, r.member.user.id, 120);

    const newest = (await r.anonymous.get(`/api/rides/${ride.id}/comments`)).json() as RideCommentsPage;
    expect(newest.comments).toHaveLength(50);
    expect(contents(newest)[0]).toBe('Comment 71');
    expect(contents(newest).at(-1)).toBe('Comment 120');
    expect(newest.hasEarlier).toBe(true);
    expect(newest.comments[0]!.user).toMatchObject({ userId: r.member.user.userId });

    const second = (await r.anonymous.get(`/api/rides/${ride.id}/comments?before=${newest.comments[0]!.id}`)).json() as RideCommentsPage;
    expect([contents(second)[0], contents(second).at(-1), second.hasEarlier]).toEqual(['Comment 21', 'Comment 70', true]);
    const last = (await r.anonymous.get(`/api/rides/${ride.id}/comments?before=${second.comments[0]!.id}`)).json() as RideCommentsPage;
    expect([last.comments.length, contents(last)[0], last.hasEarlier]).toEqual([20, 'Comment 1', false]);
  });

  it('neither skips nor repeats comments written in the same millisecond', async () => {
    const r = await buildRoles(t);
    const ride = await buildRide(r.owner, r.group.id);
    await seedComments(ride.id, r.member.user.id, 7, true);
    const seen: string[] = [];
    let before = '';
    for (;;) {
      const page = (await r.member.client.get(`/api/rides/${ride.id}/comments?limit=3${before ? `&before=${before}` : ''}`)).json() as RideCommentsPage;
      seen.unshift(...page.comments.map((c) => c.id));
      if (!page.hasEarlier) break;
      before = page.comments[0]!.id;
    }
    expect(seen.sort()).toEqual([1, 2, 3, 4, 5, 6, 7].map((i) => `c-${ride.id}-000${i}`));
  });

  it('refuses a cursor from another ride and a bad limit with a clear 400; an unknown ride is 404', async () => {
    const r = await buildRoles(t);
    const ride = await buildRide(r.owner, r.group.id);
    const other = await buildRide(r.owner, r.group.id);
    const posted = (await r.member.client.post(`/api/rides/${other.id}/comments`, { content: 'Elsewhere' })).json();
    const wrongRide = await r.member.client.get(`/api/rides/${ride.id}/comments?before=${posted.id}`);
    expect([wrongRide.statusCode, wrongRide.json().message]).toEqual([400, 'No such comment on this ride']);
    for (const limit of ['0', '101', 'many']) expect((await r.member.client.get(`/api/rides/${ride.id}/comments?limit=${limit}`)).statusCode).toBe(400);
    expect((await r.member.client.get('/api/rides/nope/comments')).statusCode).toBe(404);
  });
});

describe('POST /api/rides/{id}/comments', () => {
  it('stores and answers the 501st comment (201, the comment itself), and the newest page shows it', async () => {
    const r = await buildRoles(t);
    const ride = await buildRide(r.owner, r.group.id);
    await seedComments(ride.id, r.owner.user.id, 500);
    const res = await r.member.client.post(`/api/rides/${ride.id}/comments`, { content: 'Number 501' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ id: expect.any(String), content: 'Number 501', createdAt: expect.any(String), user: { id: r.member.user.id, userId: r.member.user.userId } });
    const newest = (await r.member.client.get(`/api/rides/${ride.id}/comments`)).json() as RideCommentsPage;
    expect(newest.comments.at(-1)).toEqual(res.json());
    expect(newest.hasEarlier).toBe(true);
  });

  it('refuses a comment of nothing visible, like an empty one', async () => {
    const r = await buildRoles(t);
    const ride = await buildRide(r.owner, r.group.id);
    for (const content of ['   ', '\u200b\u200b', ' \u202e\u202c\u200f ', '\ufeff']) {
      const res = await r.member.client.post(`/api/rides/${ride.id}/comments`, { content });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: 'Comment cannot be empty', field: 'content' });
    }
    // Invisible characters beside visible text are the writer's business.
    expect((await r.member.client.post(`/api/rides/${ride.id}/comments`, { content: 'See you \u200bthere' })).statusCode).toBe(201);
    expect(((await r.member.client.get(`/api/rides/${ride.id}/comments`)).json() as RideCommentsPage).comments).toHaveLength(1);
  });
});
