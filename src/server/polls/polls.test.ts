import { describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { buildRoles } from '../test/factories';
import { pollSchema } from '../../shared/polls/poll';
import { useTestApp } from '../test/use-test-app';
import { pollsRepository } from './polls.repository';

/** Every 2xx poll body is read through the contract's schema. */
const onePoll = (res: LightMyRequestResponse) => pollSchema.parse(res.json());
const pollList = (res: LightMyRequestResponse) => pollSchema.array().parse(res.json());

const t = useTestApp();

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const pollBody = (groupId: string, extra: Record<string, unknown> = {}) => ({
  title: 'Alps weekend',
  description: 'Stelvio and Gavia',
  destination: 'Bormio',
  durationDays: 2,
  deadline: new Date(Date.now() + 7 * 86_400_000).toISOString(),
  groupId,
  proposedDates: [`${day(20)}T00:00:00.000Z`, `${day(10)}T00:00:00.000Z`, `${day(10)}T12:00:00.000Z`],
  ...extra,
});

describe('POST /api/polls', () => {
  it('lets a member create a poll with deduplicated, sorted dates and tells the other members', async () => {
    const r = await buildRoles(t);
    const res = await r.member.client.post('/api/polls', pollBody(r.group.id));
    expect(res.statusCode).toBe(201);
    expect(onePoll(res)).toMatchObject({
      title: 'Alps weekend',
      destination: 'Bormio',
      durationDays: 2,
      proposedDates: [day(10), day(20)],
      isActive: true,
      yesCount: 0,
      noCount: 0,
      responseCount: 0,
      userResponse: null,
      groupId: r.group.id,
      creatorId: r.member.user.id,
      abilities: { respond: true },
    });
    expect((await r.owner.client.get('/api/notifications')).json()[0]).toMatchObject({ type: 'poll_created', title: 'New Poll Created', message: 'Vote on: Alps weekend' });
    expect((await r.member.client.get('/api/notifications')).json().some((n: { type: string }) => n.type === 'poll_created')).toBe(false);
  });

  it.each([
    [{ title: '' }, 'Poll title is required'],
    [{ title: 'x'.repeat(256) }, 'Title too long'],
    [{ destination: ' ' }, 'Destination is required'],
    [{ proposedDates: [] }, 'You need to propose at least one date for the ride.'],
    [{ proposedDates: [`${day(-2)}T00:00:00.000Z`] }, 'Proposed dates cannot be in the past'],
    [{ durationDays: 0 }, 'Duration must be at least 1 day'],
    [{ durationDays: 31 }, 'Duration cannot exceed 30 days'],
    [{ durationDays: 6 }, 'Duration must be 1, 2, 3, 4, 5, 7 or 14 days'],
    [{ deadline: new Date(Date.now() - 60_000).toISOString() }, 'Deadline must be in the future'],
  ])('refuses %j', async (extra, message) => {
    const r = await buildRoles(t);
    const res = await r.member.client.post('/api/polls', pollBody(r.group.id, extra));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(pollList(await r.member.client.get(`/api/groups/${r.group.id}/polls`))).toEqual([]);
  });
});

describe('voting', () => {
  it('counts one vote per rider, with preferred dates from the proposed ones', async () => {
    const r = await buildRoles(t);
    const poll = onePoll(await r.owner.client.post('/api/polls', pollBody(r.group.id)));
    const bad = await r.member.client.post(`/api/polls/${poll.id}/respond`, { response: 'yes', preferredDates: [day(15)] });
    expect(bad.statusCode).toBe(400);
    const yes = await r.member.client.post(`/api/polls/${poll.id}/respond`, { userId: 'ignored', response: 'yes', preferredDates: [day(20)] });
    expect(yes.statusCode).toBe(200);
    expect(onePoll(yes)).toMatchObject({ yesCount: 1, noCount: 0, responseCount: 1, userResponse: 'yes', userPreferredDates: [day(20)], abilities: { respond: false } });
    expect((await r.member.client.post(`/api/polls/${poll.id}/respond`, { response: 'no' })).statusCode).toBe(409);
    const no = await r.owner.client.post(`/api/polls/${poll.id}/respond`, { response: 'no', preferredDates: [day(10)] });
    expect(onePoll(no)).toMatchObject({ yesCount: 1, noCount: 1, responseCount: 2, userResponse: 'no', userPreferredDates: [] });
    expect((await r.pending.client.post(`/api/polls/${poll.id}/respond`, { response: 'yes' })).statusCode).toBe(403);
    expect((await r.outsider.client.post(`/api/polls/${poll.id}/respond`, { response: 'yes' })).statusCode).toBe(403);
    expect((await r.anonymous.post(`/api/polls/${poll.id}/respond`, { response: 'yes' })).statusCode).toBe(401);
    expect((await r.member.client.post(`/api/polls/${poll.id}/respond`, { response: 'maybe' })).statusCode).toBe(400);
  });

  it('takes no votes on an expired or inactive poll', async () => {
    const r = await buildRoles(t);
    const expired = onePoll(await r.owner.client.post('/api/polls', pollBody(r.group.id)));
    const inactive = onePoll(await r.owner.client.post('/api/polls', pollBody(r.group.id, { title: 'Closed' })));
    await t.app.ctx.db.updateTable('polls').set({ deadline: new Date(Date.now() - 1000).toISOString() }).where('id', '=', expired.id).execute();
    await t.app.ctx.db.updateTable('polls').set({ is_active: 0 }).where('id', '=', inactive.id).execute();
    for (const id of [expired.id, inactive.id]) {
      const res = await r.member.client.post(`/api/polls/${id}/respond`, { response: 'yes' });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('This poll is closed');
    }
    // The vote itself is written only while the poll is open, so a poll closed after the service
    // read it (a close racing a vote) takes no vote either.
    const vote = (pollId: string) => ({ poll_id: pollId, user_id: r.member.user.id, response: 'yes', preferred_dates: '[]', created_at: new Date().toISOString() });
    for (const id of [expired.id, inactive.id]) expect(await pollsRepository.insertResponseWhileOpen(t.app.ctx.db, vote(id))).toBe(false);
    const stored = await t.app.ctx.db.selectFrom('poll_responses').select('poll_id').where('poll_id', 'in', [expired.id, inactive.id]).execute();
    expect(stored).toEqual([]);
    const listed = pollList(await r.member.client.get(`/api/groups/${r.group.id}/polls`));
    expect(listed.find((p) => p.id === expired.id)).toMatchObject({ isExpired: true, abilities: { respond: false } });
    expect(pollList(await r.member.client.get('/api/polls/active')).map((p) => p.id)).not.toContain(expired.id);
  });

  it('GET /api/polls/active lists open polls of the rider’s groups only', async () => {
    const r = await buildRoles(t);
    const poll = onePoll(await r.owner.client.post('/api/polls', pollBody(r.group.id)));
    expect(pollList(await r.member.client.get('/api/polls/active')).map((p) => p.id)).toContain(poll.id);
    expect(pollList(await r.outsider.client.get('/api/polls/active'))).toEqual([]);
    expect(pollList(await r.pending.client.get('/api/polls/active'))).toEqual([]);
  });

  it('GET /api/groups/{id}/polls is for members', async () => {
    const r = await buildRoles(t);
    expect((await r.member.client.get(`/api/groups/${r.group.id}/polls`)).statusCode).toBe(200);
    expect((await r.pending.client.get(`/api/groups/${r.group.id}/polls`)).statusCode).toBe(403);
    expect((await r.outsider.client.get(`/api/groups/${r.group.id}/polls`)).statusCode).toBe(403);
    expect((await r.anonymous.get(`/api/groups/${r.group.id}/polls`)).statusCode).toBe(401);
  });

  it('deleting the group deletes its polls and invitations', async () => {
    const r = await buildRoles(t);
    await r.owner.client.post('/api/polls', pollBody(r.group.id));
    await r.owner.client.post(`/api/groups/${r.group.id}/invite`, { inviterFirstName: 'A', inviteeName: 'B' });
    await r.owner.client.request('DELETE', `/api/groups/${r.group.id}`);
    expect(await t.app.ctx.db.selectFrom('polls').select('id').where('group_id', '=', r.group.id).execute()).toEqual([]);
    expect(await t.app.ctx.db.selectFrom('invitations').select('id').where('group_id', '=', r.group.id).execute()).toEqual([]);
  });
});
