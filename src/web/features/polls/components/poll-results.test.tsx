import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { Group } from '../../../../shared/groups/group';
import type { Poll } from '../../../../shared/polls/poll';
import { buildCurrentUser, json, mockApi, renderWithApp, resetTestEnvironment } from '../../../test/utils';
import { buildPoll, pollAbilities } from '../../../test/poll-fixture';
import { rideFormFromPoll, emptyRideForm } from '../../../components/rides/ride-form/ride-form-model';
import { PollCard } from './poll-card';
import { PollsTab } from './polls-tab';

// The Create Ride form loads lazily: on a machine shared by many test runs that takes a while.
vi.setConfig({ testTimeout: 20_000 });

afterEach(resetTestEnvironment);

const ana = { id: 'u_ana', userId: 'ana-rides', profileImageUrl: null };
const ben = { id: 'u_ben', userId: 'benedikt-von-hohenzollern-sigmaringen', profileImageUrl: null };

/** A closed poll: Ana and Ben want the 12th, Ben also the 17th, nobody the 10th. */
function closedPoll(overrides: Partial<Poll> = {}): Poll {
  return buildPoll({
    isActive: false,
    yesCount: 2,
    responseCount: 2,
    userResponse: 'yes',
    userPreferredDates: ['2099-07-12'],
    results: [
      { date: '2099-07-10', interestedCount: 0, interested: [], best: false },
      { date: '2099-07-12', interestedCount: 2, interested: [ana, ben], best: true },
      { date: '2099-07-17', interestedCount: 1, interested: [ben], best: false },
    ],
    bestDate: '2099-07-12',
    abilities: pollAbilities({ planRide: true }),
    ...overrides,
  });
}

describe('poll results', () => {
  it('show per date how many riders are interested and who, the best date marked, and the closed state', () => {
    mockApi({});
    renderWithApp(<PollCard poll={closedPoll()} onPlanRide={vi.fn()} />);
    const card = screen.getByRole('article', { name: 'Dolomites weekend' });
    expect(within(card).getByText('Closed')).toBeTruthy();
    expect(within(card).getByText('Voting closed')).toBeTruthy();
    const results = within(card).getByRole('list', { name: 'Results by date' });
    const rows = within(results).getAllByRole('listitem');
    expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual(['Jul 10, 2099', 'Jul 12, 2099, your preferred date, best date', 'Jul 17, 2099']);
    expect(within(rows[0]!).getByText('Nobody yet')).toBeTruthy();
    expect(within(rows[1]!).getByText('2 riders')).toBeTruthy();
    expect(within(rows[1]!).getByText('Best date')).toBeTruthy();
    expect(rows[1]!.textContent).toContain(`ana-rides, ${ben.userId}`);
    expect(within(rows[2]!).getByText('1 rider')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Interested' })).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Close poll' })).toBeNull();
    expect(within(card).getByRole('button', { name: 'Plan this ride' })).toBeTruthy();
  });

  it('show beside the vote while the poll is open, once someone is interested', () => {
    mockApi({});
    renderWithApp(<PollCard poll={closedPoll({ isActive: true, userResponse: null, userPreferredDates: [], abilities: pollAbilities({ respond: true, close: true }) })} />);
    expect(screen.getByRole('button', { name: 'Interested' })).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Results so far' })).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Close poll' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Plan this ride' })).toBeNull();
  });

  it('name nobody when the server sends no names', () => {
    mockApi({});
    const poll = closedPoll();
    renderWithApp(<PollCard poll={{ ...poll, results: poll.results.map((r) => ({ ...r, interested: null })) }} />);
    expect(screen.queryByText(/ana-rides/)).toBeNull();
    expect(screen.getByText('2 riders')).toBeTruthy();
  });
});

describe('Close poll', () => {
  it('asks first, then closes the poll and says so', async () => {
    const requests = mockApi({ 'POST /api/polls/p1/close': () => json(closedPoll()) });
    renderWithApp(<PollCard poll={buildPoll({ abilities: pollAbilities({ respond: true, close: true }) })} />);
    fireEvent.click(screen.getByRole('button', { name: 'Close poll' }));
    const question = await screen.findByRole('alertdialog', { name: 'Close this poll?' });
    fireEvent.click(within(question).getByRole('button', { name: 'Keep open' }));
    expect(requests).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Close poll' }));
    fireEvent.click(within(await screen.findByRole('alertdialog', { name: 'Close this poll?' })).getByRole('button', { name: 'Close poll' }));
    expect(await screen.findByText('Poll closed')).toBeTruthy();
    expect(requests).toEqual([{ method: 'POST', url: '/api/polls/p1/close', body: undefined }]);
  });

  it("says 'Failed to close poll' with the server's reason", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({ 'POST /api/polls/p1/close': () => json({ message: "Only the poll's creator or the group's organizers can close it" }, 403) });
    renderWithApp(<PollCard poll={buildPoll({ abilities: pollAbilities({ close: true }) })} />);
    fireEvent.click(screen.getByRole('button', { name: 'Close poll' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Close poll' }));
    expect(await screen.findByText('Failed to close poll')).toBeTruthy();
    expect(screen.getByText("Only the poll's creator or the group's organizers can close it")).toBeTruthy();
  });
});

describe('Plan this ride', () => {
  const group = {
    id: 'g1',
    name: 'Night Riders',
    timezoneOffset: 'UTC+01:00',
    timezoneName: 'Berlin',
    latitude: null,
    longitude: null,
    abilities: { join: false, leave: true, manage: false, delete: false, invite: false, createRide: true, createPoll: true, viewMembers: true },
  } as unknown as Group;

  it('opens Create Ride filled from the poll: its title, destination, best date and days', async () => {
    mockApi({ 'GET /api/groups/g1/polls': () => json([closedPoll({ durationDays: 3 })]), 'GET /api/users/current': () => json(buildCurrentUser()) });
    renderWithApp(<PollsTab group={group} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Plan this ride' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Ride' });
    expect(within(dialog).getByText('Planned from the poll “Dolomites weekend”.')).toBeTruthy();
    expect(((await within(dialog).findByLabelText('Ride Name', undefined, { timeout: 5000 })) as HTMLInputElement).value).toBe('Dolomites weekend');
    expect(within(dialog).getByDisplayValue('Passo Giau')).toBeTruthy();
  });

  it('fills the description from the poll, the end from the destination and the days from the chosen date and the duration', () => {
    const empty = emptyRideForm({ timezone: 'Europe/Berlin', timezoneOffset: 'UTC+01:00', timezoneName: 'Berlin' }, 'g1');
    expect(rideFormFromPoll(empty, { id: 'p1', title: 'Alps', description: 'Three passes, one night in Bormio', destination: 'Bormio', day: '2099-07-30', durationDays: 3 })).toMatchObject({
      name: 'Alps',
      description: 'Three passes, one night in Bormio',
      endLocation: 'Bormio',
      startDay: '2099-07-30',
      endDay: '2099-08-01',
      duration: 'multi-day',
      groupId: 'g1',
    });
    expect(rideFormFromPoll(empty, { id: 'p1', title: 'Alps', description: null, destination: 'Bormio', day: '2099-07-30', durationDays: 1 })).toMatchObject({
      description: '',
      endDay: '2099-07-30',
      duration: 'full-day',
    });
  });
});
