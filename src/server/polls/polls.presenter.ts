import type { Poll } from '../../shared/polls/poll';
import { toBool, toCount } from '../db/database';
import type { PollRow } from './polls.repository';

function parseDates(json: string | null): string[] {
  try {
    const value: unknown = JSON.parse(json ?? '[]');
    return Array.isArray(value) ? value.filter((d): d is string => typeof d === 'string') : [];
  } catch {
    return [];
  }
}

/** A rider may vote while the poll is active, before its deadline, and only once (spec 2 section 4). */
export function isOpen(row: Pick<PollRow, 'is_active' | 'deadline'>, now = new Date()): boolean {
  return toBool(row.is_active) && row.deadline > now.toISOString();
}

export function presentPoll(row: PollRow, canVote: boolean, now = new Date()): Poll {
  const yesCount = toCount(row.yes_count);
  const noCount = toCount(row.no_count);
  const userResponse = row.my_response === 'yes' || row.my_response === 'no' ? row.my_response : null;
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    destination: row.destination,
    durationDays: row.duration_days,
    deadline: row.deadline,
    proposedDates: parseDates(row.proposed_dates),
    isActive: toBool(row.is_active),
    isExpired: row.deadline <= now.toISOString(),
    yesCount,
    noCount,
    responseCount: yesCount + noCount,
    userResponse,
    userPreferredDates: parseDates(row.my_preferred_dates),
    groupId: row.group_id,
    groupName: row.group_name,
    creatorId: row.creator_id,
    createdAt: row.created_at,
    abilities: { respond: canVote && isOpen(row, now) && userResponse === null },
  };
}
