import { describe, expect, it } from 'vitest';
import { buildRoles, inDays } from '../test/factories';
import { pollSchema } from '../../shared/polls/poll';
import { useTestApp } from '../test/use-test-app';

/**
 * Poll dates outside 1900 to 9999 are refused like unreadable ones: a deadline in the year 275760
 * was stored, and a proposed day "+275760-09-13" compared as text read as a day in the past.
 */
const t = useTestApp();

const END_OF_TIME = '+275760-09-13T00:00:00.000Z';

const pollBody = (groupId: string, extra: Record<string, unknown> = {}) => ({
  title: 'Alps weekend',
  destination: 'Bormio',
  durationDays: 2,
  deadline: inDays(5),
  groupId,
  proposedDates: [inDays(10)],
  ...extra,
});

describe('poll dates out of range', () => {
  it.each([{ deadline: END_OF_TIME }, { proposedDates: [END_OF_TIME] }, { proposedDates: ['tomorrow'] }])('POST /api/polls with %j answers 400 Invalid date and creates nothing', async (extra) => {
    const { owner, group } = await buildRoles(t);
    const res = await owner.client.post('/api/polls', pollBody(group.id, extra));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid date');
    expect((await owner.client.get(`/api/groups/${group.id}/polls`)).json()).toEqual([]);
  });

  it('POST /api/polls/{id}/respond with a preferred date out of range answers 400 and records no answer', async () => {
    const { owner, member, group } = await buildRoles(t);
    const poll = pollSchema.parse((await owner.client.post('/api/polls', pollBody(group.id))).json());
    const res = await member.client.post(`/api/polls/${poll.id}/respond`, { response: 'yes', preferredDates: [END_OF_TIME] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid date');
    const polls = pollSchema.array().parse((await member.client.get(`/api/groups/${group.id}/polls`)).json());
    expect(polls[0]).toMatchObject({ userResponse: null, responseCount: 0 });
  });
});
