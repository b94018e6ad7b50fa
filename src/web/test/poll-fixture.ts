import type { Poll, PollAbilities } from '../../shared/polls/poll';

const noAbilities: PollAbilities = { respond: false, close: false, planRide: false };

/** Abilities for component tests: none but those named. */
export function pollAbilities(granted: Partial<PollAbilities> = {}): PollAbilities {
  return { ...noAbilities, ...granted };
}

/** A poll as the API presents it (open, one rider interested in every date), for component tests. */
export function buildPoll(overrides: Partial<Poll> = {}): Poll {
  const proposedDates = overrides.proposedDates ?? ['2099-07-10', '2099-07-12', '2099-07-17'];
  const voter = { id: 'u_ana', userId: 'ana-rides', profileImageUrl: null };
  return {
    id: 'p1',
    title: 'Dolomites weekend',
    description: 'Two passes a day',
    destination: 'Passo Giau',
    durationDays: 2,
    deadline: '2099-07-01T10:00:00.000Z',
    proposedDates,
    isActive: true,
    isExpired: false,
    yesCount: 1,
    noCount: 0,
    responseCount: 1,
    userResponse: null,
    userPreferredDates: [],
    results: proposedDates.map((date, i) => ({ date, interestedCount: 1, interested: [voter], best: i === 0 })),
    bestDate: proposedDates[0] ?? null,
    groupId: 'g1',
    groupName: 'Night Riders',
    creatorId: 'u_owner',
    createdAt: '2099-06-01T00:00:00.000Z',
    abilities: pollAbilities({ respond: true }),
    ...overrides,
  };
}
