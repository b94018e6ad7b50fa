import { describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { buildApprovedMember, buildRoles, clientsByRole, inDays, rideBody, type GroupRole } from '../test/factories';
import { pollSchema, type PollAbilities } from '../../shared/polls/poll';
import { pollAbilities, type PollViewer } from './polls.policy';
import { useTestApp } from '../test/use-test-app';

/**
 * One table of roles drives both what the server tells each rider they may do with a poll
 * (`abilities`) and what it lets them do: a role may act exactly when its abilities say so.
 */
const t = useTestApp();

const pollBody = (groupId: string, title: string) => ({ title, destination: 'Bormio', durationDays: 1, deadline: inDays(5), groupId, proposedDates: [inDays(10)] });

type Role = GroupRole | 'creator';
const none: PollAbilities = { respond: false, close: false, planRide: false };
/** `read`: the status of GET /api/polls/{id}; respond and close on an open poll, planRide on a closed one. */
const table: Array<[Role, number, PollAbilities, PollViewer['membership']]> = [
  ['anonymous', 401, none, 'none'],
  ['guest', 403, none, 'none'],
  ['outsider', 403, none, 'none'],
  ['pending', 403, none, 'pending'],
  ['member', 200, { respond: true, close: false, planRide: true }, 'member'],
  ['coOrganizer', 200, { respond: true, close: true, planRide: true }, 'co_organizer'],
  ['creator', 200, { respond: true, close: true, planRide: true }, 'member'],
  ['owner', 200, { respond: true, close: true, planRide: true }, 'owner'],
];

const succeeded = (res: LightMyRequestResponse) => res.statusCode >= 200 && res.statusCode < 300;

describe('poll abilities and enforcement agree for every role', () => {
  it.each(table)('%s', async (role, readStatus, expected, membership) => {
    const r = await buildRoles(t);
    const creator = await buildApprovedMember(t, r.owner, r.group.id);
    const open = pollSchema.parse((await creator.client.post('/api/polls', pollBody(r.group.id, 'Open'))).json());
    const closed = pollSchema.parse((await creator.client.post('/api/polls', pollBody(r.group.id, 'Closed'))).json());
    expect((await creator.client.post(`/api/polls/${closed.id}/close`)).statusCode).toBe(200);
    const client = role === 'creator' ? creator.client : clientsByRole(r)[role];

    // What the server says the role may do.
    const read = await client.get(`/api/polls/${open.id}`);
    expect(read.statusCode).toBe(readStatus);
    let abilities: PollAbilities;
    if (readStatus === 200) {
      const onOpen = pollSchema.parse(read.json()).abilities;
      const onClosed = pollSchema.parse((await client.get(`/api/polls/${closed.id}`)).json()).abilities;
      abilities = { respond: onOpen.respond, close: onOpen.close, planRide: onClosed.planRide };
    } else {
      // Riders who may not see the poll get no abilities from the server: the policy decides for them.
      const viewer = { membership, isCreator: false, hasResponded: false };
      const onOpen = pollAbilities(viewer, { isActive: true, deadline: inDays(5) });
      abilities = { respond: onOpen.respond, close: onOpen.close, planRide: pollAbilities(viewer, { isActive: false, deadline: inDays(5) }).planRide };
    }
    expect(abilities).toEqual(expected);

    // What the server lets the role do.
    const respond = await client.post(`/api/polls/${open.id}/respond`, { response: 'yes' });
    const close = await client.post(`/api/polls/${open.id}/close`);
    const plan = await client.post('/api/rides', rideBody(r.group.id, { startDate: inDays(10), endDate: inDays(10), pollId: closed.id }));
    expect({ respond: succeeded(respond), close: succeeded(close), planRide: succeeded(plan) }).toEqual(expected);
    for (const res of [respond, close, plan]) {
      if (!succeeded(res)) {
        expect(res.statusCode).toBe(role === 'anonymous' ? 401 : 403);
        expect(typeof res.json().message).toBe('string');
      }
    }
  });
});
