import { z } from 'zod';
import { abilitiesSchema } from '../http/abilities';
import { personSummarySchema } from '../users/person';
import { nameText } from '../text/name-text';
import { dateInput } from '../dates/date-input';
import { POLL_MESSAGES } from '../i18n/validation-messages';


export const POLL_DURATION_CHOICES = [1, 2, 3, 4, 5, 7, 14] as const;
export const POLL_DEADLINE_DEFAULT_DAYS = 7;

/** The calendar day (UTC) of an ISO date or date-time: proposed dates are days, not instants. */
export function dayOf(iso: string): string {
  return new Date(iso).toISOString().slice(0, 10);
}

const isoDate = dateInput(POLL_MESSAGES.invalidDate);

/**
 * POST /api/polls (spec 2 section 5, "Poll creation"). Proposed dates in the past are refused,
 * duplicates (same day) dropped and the rest sorted.
 */
export function createPollSchema(now: () => Date = () => new Date()) {
  return z.object({
    title: nameText({ required: POLL_MESSAGES.titleRequired, max: 255, tooLong: POLL_MESSAGES.titleTooLong }),
    description: z.string().trim().max(5000).nullable().optional(),
    destination: z.string({ error: POLL_MESSAGES.destinationRequired }).trim().min(1, POLL_MESSAGES.destinationRequired).max(255),
    durationDays: z
      .number()
      .int()
      .min(1, POLL_MESSAGES.durationMin)
      .max(30, POLL_MESSAGES.durationMax)
      .refine((d) => (POLL_DURATION_CHOICES as readonly number[]).includes(d), POLL_MESSAGES.durationChoice),
    deadline: isoDate.refine((v) => Date.parse(v) > now().getTime(), POLL_MESSAGES.deadlineFuture),
    groupId: z.string().min(1).max(64),
    creatorId: z.string().optional(),
    proposedDates: z
      .array(isoDate, { error: POLL_MESSAGES.datesRequired })
      .max(60)
      .transform((dates) => [...new Set(dates.map(dayOf))].sort())
      .refine((days) => days.length > 0, POLL_MESSAGES.datesRequired)
      .refine((days) => days.every((d) => d >= now().toISOString().slice(0, 10)), POLL_MESSAGES.datesPast),
  });
}
export type CreatePollInput = z.infer<ReturnType<typeof createPollSchema>>;

export const pollResponseSchema = z.object({
  userId: z.string().optional(),
  response: z.enum(['yes', 'no'], { error: 'Response must be yes or no' }),
  preferredDates: z.array(isoDate).max(60).optional(),
});

/** A rider who answered a poll, named by their public handle (API field `userId`) as on ride pages. */
export const pollVoterSchema = personSummarySchema;
export type PollVoter = z.infer<typeof pollVoterSchema>;

/**
 * One proposed date's result: the riders interested in it (a yes naming it among its preferred
 * dates, or a yes naming none, which is a yes to every proposed date). `interested` is the "who",
 * for group members only: null for anyone else. `best` marks the date most riders want (ties go to
 * the earliest); no date is best while nobody is interested.
 */
export const pollDateResultSchema = z.object({
  date: z.string(),
  interestedCount: z.number().int().min(0),
  interested: z.array(pollVoterSchema).nullable(),
  best: z.boolean(),
});
export type PollDateResult = z.infer<typeof pollDateResultSchema>;

/** What the viewer may do with the poll, decided by the server's polls policy. */
export const pollAbilitiesSchema = abilitiesSchema(['respond', 'close', 'planRide']);
export type PollAbilities = z.infer<typeof pollAbilitiesSchema>;

/** A poll as every poll endpoint answers it (spec 2 section 3 "Poll", with results and abilities). */
export const pollSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  destination: z.string(),
  durationDays: z.number().int(),
  deadline: z.string(),
  proposedDates: z.array(z.string()),
  isActive: z.boolean(),
  isExpired: z.boolean(),
  yesCount: z.number().int().min(0),
  noCount: z.number().int().min(0),
  responseCount: z.number().int().min(0),
  userResponse: z.enum(['yes', 'no']).nullable(),
  userPreferredDates: z.array(z.string()),
  results: z.array(pollDateResultSchema),
  /** The best date (see pollDateResultSchema), or null while nobody is interested. */
  bestDate: z.string().nullable(),
  groupId: z.string(),
  groupName: z.string(),
  creatorId: z.string(),
  createdAt: z.string(),
  abilities: pollAbilitiesSchema,
});
export type Poll = z.infer<typeof pollSchema>;
export const pollListSchema = z.array(pollSchema);

/** The poll a ride was planned from, on the ride's own JSON (for group members). */
export const pollLinkSchema = z.object({ id: z.string(), title: z.string() });
export type PollLink = z.infer<typeof pollLinkSchema>;
