import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { json, mockApi, renderWithApp, resetTestEnvironment } from '../../../test/utils';
import { buildPoll, pollAbilities } from '../../../test/poll-fixture';
import { PollCard } from './poll-card';

vi.setConfig({ testTimeout: 20_000 });

afterEach(resetTestEnvironment);

describe('PollCard', () => {
  it('votes Interested with the preferred dates picked from the proposed ones', async () => {
    const requests = mockApi({
      'POST /api/polls/p1/respond': () =>
        json(buildPoll({ userResponse: 'yes', userPreferredDates: ['2099-07-17'], yesCount: 2, responseCount: 2, abilities: pollAbilities() })),
    });
    renderWithApp(<PollCard poll={buildPoll()} />);
    const card = screen.getByRole('article', { name: 'Dolomites weekend' });
    fireEvent.click(within(card).getByRole('button', { name: /Jul 17, 2099$/ }));
    fireEvent.click(within(card).getByRole('button', { name: /Jul 10, 2099$/ }));
    fireEvent.click(within(card).getByRole('button', { name: /Jul 10, 2099$/ })); // changed their mind
    expect(within(card).getByRole('button', { name: /Jul 17, 2099$/ }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(within(card).getByRole('button', { name: 'Interested' }));
    expect(await screen.findByText('Response recorded')).toBeTruthy();
    expect(requests[0]).toEqual({
      method: 'POST',
      url: '/api/polls/p1/respond',
      body: { response: 'yes', preferredDates: ['2099-07-17T00:00:00.000Z'] },
    });
  });

  it('votes Not Available without dates', async () => {
    const requests = mockApi({ 'POST /api/polls/p1/respond': () => json(buildPoll({ userResponse: 'no', abilities: pollAbilities() })) });
    renderWithApp(<PollCard poll={buildPoll()} />);
    fireEvent.click(screen.getByRole('button', { name: /Jul 12, 2099$/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Not Available' }));
    await screen.findByText('Response recorded');
    expect(requests[0]!.body).toEqual({ response: 'no' });
  });

  it("shows the rider's own answer, and no buttons, once they voted", () => {
    mockApi({});
    renderWithApp(
      <PollCard poll={buildPoll({ userResponse: 'yes', userPreferredDates: ['2099-07-12'], abilities: pollAbilities() })} />,
    );
    expect(screen.getByText("You're interested")).toBeTruthy();
    expect(screen.getByLabelText('Jul 12, 2099, your preferred date')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Interested' })).toBeNull();
  });

  it('takes no votes once expired', () => {
    mockApi({});
    renderWithApp(<PollCard poll={buildPoll({ isExpired: true, abilities: pollAbilities() })} />);
    expect(screen.getByText('Expired')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Not Available' })).toBeNull();
  });

  it("says 'Failed to respond' when the vote is refused", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({ 'POST /api/polls/p1/respond': () => json({ message: 'This poll is closed' }, 409) });
    renderWithApp(<PollCard poll={buildPoll()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Interested' }));
    expect(await screen.findByText('Failed to respond')).toBeTruthy();
    expect(screen.getByText('This poll is closed')).toBeTruthy();
  });
});
