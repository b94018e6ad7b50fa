import type { Poll, PollAbilities, PollDateResult, PollVoter } from '../../shared/polls/poll';
import { toBool, toCount } from '../db/database';
import type { PollRow, YesVoterRow } from './polls.repository';

export function parseDates(json: string | null): string[] {
  try {
    const value: unknown = JSON.parse(json ?? '[]');
    return Array.isArray(value) ? value.filter((d): d is string => typeof d === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * A yes with preferred dates is interest in those dates; a yes naming none (the dashboard's
 * Interested button) is interest in every proposed date.
 */
export function isInterestedIn(preferredDates: string[], day: string): boolean {
  return preferredDates.length === 0 || preferredDates.includes(day);
}

/** Per proposed date, who is interested; the best date has the most riders, ties going to the earliest. */
export function pollResults(proposedDates: string[], yesVoters: YesVoterRow[], seeVoters: boolean): { results: PollDateResult[]; bestDate: string | null } {
  const voters = yesVoters.map((v) => ({ preferred: parseDates(v.preferred_dates), person: { id: v.id, userId: v.handle, profileImageUrl: v.profile_image_url } satisfies PollVoter }));
  const tallies = [...proposedDates].sort().map((date) => ({ date, interested: voters.filter((v) => isInterestedIn(v.preferred, date)).map((v) => v.person) }));
  // Dates are sorted, so the first of the highest counts is the earliest of them.
  const best = tallies.reduce<(typeof tallies)[number] | null>((top, t) => (t.interested.length > (top?.interested.length ?? 0) ? t : top), null);
  return {
    results: tallies.map((t) => ({ date: t.date, interestedCount: t.interested.length, interested: seeVoters ? t.interested : null, best: t === best })),
    bestDate: best?.date ?? null,
  };
}

export function presentPoll(row: PollRow, viewer: { abilities: PollAbilities; seeVoters: boolean }, yesVoters: YesVoterRow[], now = new Date()): Poll {
  const yesCount = toCount(row.yes_count);
  const noCount = toCount(row.no_count);
  const userResponse = row.my_response === 'yes' || row.my_response === 'no' ? row.my_response : null;
  const proposedDates = parseDates(row.proposed_dates);
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    destination: row.destination,
    durationDays: row.duration_days,
    deadline: row.deadline,
    proposedDates,
    isActive: toBool(row.is_active),
    isExpired: row.deadline <= now.toISOString(),
    yesCount,
    noCount,
    responseCount: yesCount + noCount,
    userResponse,
    userPreferredDates: parseDates(row.my_preferred_dates),
    ...pollResults(proposedDates, yesVoters, viewer.seeVoters),
    groupId: row.group_id,
    groupName: row.group_name,
    creatorId: row.creator_id,
    createdAt: row.created_at,
    abilities: viewer.abilities,
  };
}
