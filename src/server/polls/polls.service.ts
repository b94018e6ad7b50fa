import type { AppContext } from '../context';
import { nowIso } from '../db/database';
import { isUniqueViolation } from '../db/unique-violation';
import { badRequest, conflict, forbidden, notFound } from '../platform/errors';
import { newId } from '../platform/tokens';
import { notify } from '../notifications/notifications.service';
import { notificationTexts } from '../../shared/notifications/notification';
import { dayOf, type CreatePollInput, type Poll } from '../../shared/polls/poll';
import { groupsRepository } from '../groups/groups.repository';
import { loadGroup } from '../groups/groups.service';
import { membershipStatusOf } from '../groups/groups.presenter';
import { isInsider } from '../groups/groups.policy';
import { pollsRepository } from './polls.repository';
import { isOpen, presentPoll } from './polls.presenter';

async function requireMembership(ctx: AppContext, userId: string, groupId: string) {
  const group = await loadGroup(ctx, groupId, userId);
  if (!isInsider(membershipStatusOf(group, userId))) throw forbidden('Only group members can take part in polls');
  return group;
}

/** POST /api/polls: members create polls; the other members are told. */
export async function createPoll(ctx: AppContext, userId: string, input: CreatePollInput): Promise<Poll> {
  const group = await requireMembership(ctx, userId, input.groupId);
  const id = newId();
  await pollsRepository.insert(ctx.db, {
    id,
    group_id: group.id,
    creator_id: userId,
    title: input.title,
    description: input.description || null,
    destination: input.destination,
    duration_days: input.durationDays,
    deadline: new Date(input.deadline).toISOString(),
    proposed_dates: JSON.stringify(input.proposedDates),
    is_active: 1,
    created_at: nowIso(),
  });
  const { title, message } = notificationTexts.pollCreated(input.title);
  for (const memberId of await groupsRepository.memberIds(ctx.db, group.id)) {
    if (memberId !== userId) await notify(ctx, memberId, 'poll_created', title, message, { groupId: group.id });
  }
  return presentPoll((await pollsRepository.findById(ctx.db, id, userId))!, true);
}

export async function listGroupPolls(ctx: AppContext, userId: string, groupId: string): Promise<Poll[]> {
  await requireMembership(ctx, userId, groupId);
  return (await pollsRepository.listForGroup(ctx.db, groupId, userId)).map((row) => presentPoll(row, true));
}

export async function listActivePolls(ctx: AppContext, userId: string): Promise<Poll[]> {
  return (await pollsRepository.listActiveForMember(ctx.db, userId, nowIso())).map((row) => presentPoll(row, true));
}

/**
 * POST /api/polls/{id}/respond: once per rider, while the poll is open. Preferred dates go with a
 * yes only and must be among the proposed dates.
 */
export async function respondToPoll(ctx: AppContext, userId: string, pollId: string, input: { response: 'yes' | 'no'; preferredDates?: string[] }): Promise<Poll> {
  const poll = await pollsRepository.findById(ctx.db, pollId, userId);
  if (!poll) throw notFound('Poll not found');
  await requireMembership(ctx, userId, poll.group_id);
  if (!isOpen(poll)) throw conflict('This poll is closed');
  if (poll.my_response) throw conflict('You have already responded to this poll');

  const proposed = new Set<string>(JSON.parse(poll.proposed_dates) as string[]);
  const preferred = input.response === 'yes' ? [...new Set((input.preferredDates ?? []).map(dayOf))].sort() : [];
  if (preferred.some((d) => !proposed.has(d))) throw badRequest('Preferred dates must be among the proposed dates');
  try {
    await pollsRepository.insertResponse(ctx.db, { poll_id: pollId, user_id: userId, response: input.response, preferred_dates: JSON.stringify(preferred), created_at: nowIso() });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('You have already responded to this poll');
    throw error;
  }
  return presentPoll((await pollsRepository.findById(ctx.db, pollId, userId))!, true);
}
