import { z } from 'zod';
import { nameText } from '../text/name-text';
import { dateInput } from '../dates/date-input';

export const POLL_DURATION_CHOICES = [1, 2, 3, 4, 5, 7, 14] as const;
export const POLL_DEADLINE_DEFAULT_DAYS = 7;

/** The calendar day (UTC) of an ISO date or date-time: proposed dates are days, not instants. */
export function dayOf(iso: string): string {
  return new Date(iso).toISOString().slice(0, 10);
}

const isoDate = dateInput('Invalid date');

/**
 * POST /api/polls (spec 2 section 5, "Poll creation"). Proposed dates in the past are refused,
 * duplicates (same day) dropped and the rest sorted.
 */
export function createPollSchema(now: () => Date = () => new Date()) {
  return z.object({
    title: nameText({ required: 'Poll title is required', max: 255, tooLong: 'Title too long' }),
    description: z.string().trim().max(5000).nullable().optional(),
    destination: z.string({ error: 'Destination is required' }).trim().min(1, 'Destination is required').max(255),
    durationDays: z
      .number()
      .int()
      .min(1, 'Duration must be at least 1 day')
      .max(30, 'Duration cannot exceed 30 days')
      .refine((d) => (POLL_DURATION_CHOICES as readonly number[]).includes(d), 'Duration must be 1, 2, 3, 4, 5, 7 or 14 days'),
    deadline: isoDate.refine((v) => Date.parse(v) > now().getTime(), 'Deadline must be in the future'),
    groupId: z.string().min(1).max(64),
    creatorId: z.string().optional(),
    proposedDates: z
      .array(isoDate, { error: 'You need to propose at least one date for the ride.' })
      .max(60)
      .transform((dates) => [...new Set(dates.map(dayOf))].sort())
      .refine((days) => days.length > 0, 'You need to propose at least one date for the ride.')
      .refine((days) => days.every((d) => d >= now().toISOString().slice(0, 10)), 'Proposed dates cannot be in the past'),
  });
}
export type CreatePollInput = z.infer<ReturnType<typeof createPollSchema>>;

export const pollResponseSchema = z.object({
  userId: z.string().optional(),
  response: z.enum(['yes', 'no'], { error: 'Response must be yes or no' }),
  preferredDates: z.array(isoDate).max(60).optional(),
});

export interface Poll {
  id: string;
  title: string;
  description: string | null;
  destination: string;
  durationDays: number;
  deadline: string;
  proposedDates: string[];
  isActive: boolean;
  isExpired: boolean;
  yesCount: number;
  noCount: number;
  responseCount: number;
  userResponse: 'yes' | 'no' | null;
  userPreferredDates: string[];
  groupId: string;
  groupName: string;
  creatorId: string;
  createdAt: string;
  abilities: { respond: boolean };
}
