import { describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { buildApprovedMember, buildRoles, rideBody, type Rider } from '../test/factories';
import { pollSchema, type Poll } from '../../shared/polls/poll';
import { NOT_CLOSER } from './polls.policy';
import { notificationSchema, type Notification } from '../../shared/notifications/notification';
import { useTestApp } from '../test/use-test-app';

/** Poll results, closing a poll and planning its ride (docs/behaviour/polls.md "Polls that become rides"). */
const t = useTestApp();

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const [d10, d20, d30] = [day(10), day(20), day(30)];

function pollOf(res: LightMyRequestResponse): Poll {
  expect(res.statusCode, res.body).toBeLessThan(300);
  return pollSchema.parse(res.json());
}

async function notificationsOf(rider: Rider): Promise<Notification[]> {
  return notificationSchema.array().parse((await rider.client.get('/api/notifications')).json());
}

/**
 * A group whose owner asked when to ride to Bormio: Ana wants the 20th, Ben any date, the owner the
 * 10th or the 20th, Cleo is not available.
 */
async function votedPoll() {
  const r = await buildRoles(t);
  const [ana, ben, cleo] = [await buildApprovedMember(t, r.owner, r.group.id), await buildApprovedMember(t, r.owner, r.group.id), await buildApprovedMember(t, r.owner, r.group.id)];
  const poll = pollOf(
    await r.owner.client.post('/api/polls', { title: 'Stelvio weekend', destination: 'Bormio', durationDays: 2, deadline: `${day(7)}T12:00:00.000Z`, groupId: r.group.id, proposedDates: [d30, d10, d20] }),
  );
  pollOf(await ana.client.post(`/api/polls/${poll.id}/respond`, { response: 'yes', preferredDates: [d20] }));
  pollOf(await ben.client.post(`/api/polls/${poll.id}/respond`, { response: 'yes' }));
  pollOf(await r.owner.client.post(`/api/polls/${poll.id}/respond`, { response: 'yes', preferredDates: [d10, d20] }));
  pollOf(await cleo.client.post(`/api/polls/${poll.id}/respond`, { response: 'no' }));
  return { ...r, ana, ben, cleo, poll };
}

describe('poll results', () => {
  it('count, per proposed date, the riders interested and name them; the most wanted date is best', async () => {
    const w = await votedPoll();
    const seen = pollOf(await w.member.client.get(`/api/polls/${w.poll.id}`));
    const handles = (date: string) => seen.results.find((x) => x.date === date)!.interested!.map((v) => v.userId);
    expect(seen.results.map((x) => [x.date, x.interestedCount, x.best])).toEqual([
      [d10, 2, false],
      [d20, 3, true],
      [d30, 1, false],
    ]);
    expect(seen.bestDate).toBe(d20);
    expect(handles(d20)).toEqual([w.ana.user.userId, w.ben.user.userId, w.owner.user.userId]);
    expect(handles(d30)).toEqual([w.ben.user.userId]);
    expect(seen).toMatchObject({ yesCount: 3, noCount: 1, responseCount: 4 });
    // The lists carry the same results.
    const listed = pollSchema.array().parse((await w.member.client.get(`/api/groups/${w.group.id}/polls`)).json());
    expect(listed[0]!.results).toEqual(seen.results);
    const active = pollSchema.array().parse((await w.member.client.get('/api/polls/active')).json());
    expect(active.find((p) => p.id === w.poll.id)!.results).toEqual(seen.results);
  });

  it('give ties to the earliest date, and no best date while nobody is interested', async () => {
    const r = await buildRoles(t);
    const body = { title: 'Tie', destination: 'Bormio', durationDays: 1, deadline: `${day(7)}T12:00:00.000Z`, groupId: r.group.id, proposedDates: [d20, d10] };
    const poll = pollOf(await r.owner.client.post('/api/polls', body));
    expect(poll.bestDate).toBeNull();
    expect(poll.results.every((x) => !x.best && x.interestedCount === 0 && x.interested!.length === 0)).toBe(true);
    pollOf(await r.member.client.post(`/api/polls/${poll.id}/respond`, { response: 'yes', preferredDates: [d20] }));
    const tied = pollOf(await r.owner.client.post(`/api/polls/${poll.id}/respond`, { response: 'yes', preferredDates: [d10] }));
    expect(tied.bestDate).toBe(d10);
    expect(tied.results.map((x) => x.best)).toEqual([true, false]);
  });

  it('are for the group’s members only', async () => {
    const w = await votedPoll();
    for (const rider of [w.outsider, w.pending, w.guest]) {
      const res = await rider.client.get(`/api/polls/${w.poll.id}`);
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain(w.ana.user.userId);
    }
    expect((await w.anonymous.get(`/api/polls/${w.poll.id}`)).statusCode).toBe(401);
    expect((await w.member.client.get('/api/polls/no-such-poll')).statusCode).toBe(404);
  });
});

describe('POST /api/polls/{id}/close', () => {
  it('lets the creator end the vote: no more votes, and closing again changes nothing', async () => {
    const r = await buildRoles(t);
    const creator = await buildApprovedMember(t, r.owner, r.group.id);
    const poll = pollOf(await creator.client.post('/api/polls', { title: 'When?', destination: 'Alps', durationDays: 1, deadline: `${day(7)}T12:00:00.000Z`, groupId: r.group.id, proposedDates: [d10] }));
    expect(poll.abilities).toEqual({ respond: true, close: true, planRide: false });
    // The dashboard's list knows the group's organizers too.
    const active = pollSchema.array().parse((await r.coOrganizer.client.get('/api/polls/active')).json());
    expect(active.find((p) => p.id === poll.id)!.abilities.close).toBe(true);
    expect(pollSchema.array().parse((await r.member.client.get('/api/polls/active')).json()).find((p) => p.id === poll.id)!.abilities.close).toBe(false);
    const refused = await r.member.client.post(`/api/polls/${poll.id}/close`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(NOT_CLOSER);

    const closed = pollOf(await creator.client.post(`/api/polls/${poll.id}/close`));
    expect(closed).toMatchObject({ isActive: false, abilities: { respond: false, close: false, planRide: true } });
    const vote = await r.member.client.post(`/api/polls/${poll.id}/respond`, { response: 'yes' });
    expect(vote.statusCode).toBe(409);
    expect(vote.json().message).toBe('This poll is closed');
    expect(pollOf(await creator.client.post(`/api/polls/${poll.id}/close`)).isActive).toBe(false);
    expect(pollOf(await r.owner.client.post(`/api/polls/${poll.id}/close`)).isActive).toBe(false);
    // A closed poll leaves the dashboard's open polls.
    expect(pollSchema.array().parse((await r.member.client.get('/api/polls/active')).json()).map((p) => p.id)).not.toContain(poll.id);
    expect((await r.owner.client.post('/api/polls/no-such-poll/close')).statusCode).toBe(404);
  });
});

describe('planning a ride from a poll', () => {
  async function closedPoll() {
    const w = await votedPoll();
    pollOf(await w.owner.client.post(`/api/polls/${w.poll.id}/close`));
    return w;
  }

  it('links the ride to the poll and tells the riders interested in its date, without joining them', async () => {
    const w = await closedPoll();
    const res = await w.owner.client.post('/api/rides', rideBody(w.group.id, { name: 'Stelvio weekend', startDate: `${d30}T08:00:00.000Z`, endDate: `${day(31)}T08:00:00.000Z`, pollId: w.poll.id }));
    expect(res.statusCode, res.body).toBe(201);
    const ride = res.json() as { id: string; poll: unknown; participants: Array<{ id: string }> };
    expect(ride.poll).toEqual({ id: w.poll.id, title: 'Stelvio weekend' });
    expect(ride.participants.map((p) => p.id)).toEqual([w.owner.user.id]);

    // Only Ben wanted the 30th (any date); the others hear of a new ride as usual.
    const planned = (await notificationsOf(w.ben)).filter((n) => n.type === 'poll_ride_planned');
    expect(planned).toHaveLength(1);
    expect(planned[0]).toMatchObject({ title: 'Ride planned from a poll', subject: { kind: 'ride', rideId: ride.id, rideName: 'Stelvio weekend' } });
    expect(planned[0]!.message).toMatch(/^Stelvio weekend on .+ is planned from Stelvio weekend: join if you're riding$/);
    expect((await notificationsOf(w.ben)).some((n) => n.type === 'ride_created')).toBe(false);
    for (const rider of [w.ana, w.cleo, w.member]) {
      const types = (await notificationsOf(rider)).map((n) => n.type);
      expect(types).toContain('ride_created');
      expect(types).not.toContain('poll_ride_planned');
    }
    expect((await notificationsOf(w.owner)).some((n) => n.type === 'poll_ride_planned')).toBe(false);

    // The ride's page names the poll to the group's members only.
    expect((await w.ana.client.get(`/api/rides/${ride.id}`)).json().poll).toEqual({ id: w.poll.id, title: 'Stelvio weekend' });
    for (const rider of [w.outsider, w.pending]) expect((await rider.client.get(`/api/rides/${ride.id}`)).json().poll).toBeNull();
    expect((await w.anonymous.get(`/api/rides/${ride.id}`)).json().poll).toBeNull();
  });

  it('tells everyone interested in the best date', async () => {
    const w = await closedPoll();
    const ride = (await w.member.client.post('/api/rides', rideBody(w.group.id, { startDate: `${d20}T08:00:00.000Z`, endDate: `${d20}T08:00:00.000Z`, pollId: w.poll.id }))).json() as { id: string };
    for (const rider of [w.ana, w.ben, w.owner]) {
      expect((await notificationsOf(rider)).filter((n) => n.type === 'poll_ride_planned').map((n) => n.subject?.rideId)).toEqual([ride.id]);
    }
    expect((await notificationsOf(w.cleo)).some((n) => n.type === 'poll_ride_planned')).toBe(false);
  });

  it.each([
    ['an open poll', 'open', 409, 'Close the poll before planning its ride'],
    ['a poll of another group', 'other', 400, 'The poll belongs to another group'],
    ['an unknown poll', 'unknown', 404, 'Poll not found'],
  ] as const)('refuses %s and stores no ride', async (_case, which, status, message) => {
    const w = await votedPoll();
    const other = await buildRoles(t);
    const otherPoll = pollOf(await other.owner.client.post('/api/polls', { title: 'Elsewhere', destination: 'X', durationDays: 1, deadline: `${day(7)}T12:00:00.000Z`, groupId: other.group.id, proposedDates: [d10] }));
    pollOf(await other.owner.client.post(`/api/polls/${otherPoll.id}/close`));
    const pollId = which === 'open' ? w.poll.id : which === 'other' ? otherPoll.id : 'no-such-poll';
    const res = await w.owner.client.post('/api/rides', rideBody(w.group.id, { startDate: `${d20}T08:00:00.000Z`, endDate: `${d20}T08:00:00.000Z`, pollId }));
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toBe(message);
    expect((await w.owner.client.get(`/api/groups/${w.group.id}/rides`)).json()).toEqual([]);
    expect((await notificationsOf(w.ben)).some((n) => n.type === 'poll_ride_planned' || n.type === 'ride_created')).toBe(false);
  });

  it('is for the group’s members: an outsider cannot plan from its poll', async () => {
    const w = await closedPoll();
    const res = await w.outsider.client.post('/api/rides', rideBody(w.group.id, { pollId: w.poll.id }));
    expect(res.statusCode).toBe(403);
    expect((await w.owner.client.get(`/api/groups/${w.group.id}/rides`)).json()).toEqual([]);
  });

  it('takes a poll whose deadline passed as over', async () => {
    const w = await votedPoll();
    await t.app.ctx.db.updateTable('polls').set({ deadline: new Date(Date.now() - 1000).toISOString() }).where('id', '=', w.poll.id).execute();
    expect(pollOf(await w.member.client.get(`/api/polls/${w.poll.id}`)).abilities.planRide).toBe(true);
    const res = await w.member.client.post('/api/rides', rideBody(w.group.id, { startDate: `${d10}T08:00:00.000Z`, endDate: `${d10}T08:00:00.000Z`, pollId: w.poll.id }));
    expect(res.statusCode, res.body).toBe(201);
  });
});
