import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Poll } from '../../../../shared/polls/poll';
import { buildPoll, pollAbilities } from '../../../test/poll-fixture';
import { json, mockApi, renderWithApp, resetTestEnvironment } from '../../../test/utils';
import { ActivePolls } from './active-polls';

afterEach(resetTestEnvironment);

function poll(overrides: Partial<Poll> = {}): Poll {
  return buildPoll({ description: null, deadline: '2026-12-20T12:00:00.000Z', proposedDates: ['2027-01-10'], yesCount: 2, noCount: 1, responseCount: 3, groupName: 'Apennine Riders', creatorId: 'u2', ...overrides });
}

describe('ActivePolls (dashboard)', () => {
  it("answers Interested with { response: 'yes' } and shows the answer", async () => {
    let current = poll();
    const requests = mockApi({
      'GET /api/polls/active': () => json([current]),
      'POST /api/polls/p1/respond': () => {
        current = poll({ userResponse: 'yes', yesCount: 3, abilities: pollAbilities() });
        return json(current);
      },
    });
    renderWithApp(<ActivePolls />);
    const item = await screen.findByRole('article', { name: 'Dolomites weekend' });
    expect(item.textContent).toContain('Passo Giau');
    fireEvent.click(within(item).getByRole('button', { name: 'Interested' }));
    await waitFor(() => expect(within(item).queryByRole('button', { name: 'Interested' })).toBeNull());
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ response: 'yes' });
    expect(item.textContent).toContain('3 interested');
  });

  it("answers Not Available with { response: 'no' }, and says 'Failed to respond' when refused", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const requests = mockApi({
      'GET /api/polls/active': () => json([poll()]),
      'POST /api/polls/p1/respond': () => json({ message: 'This poll is closed' }, 409),
    });
    renderWithApp(<ActivePolls />);
    const item = await screen.findByRole('article', { name: 'Dolomites weekend' });
    fireEvent.click(within(item).getByRole('button', { name: 'Not Available' }));
    expect(await screen.findByText('Failed to respond')).toBeTruthy();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ response: 'no' });
  });

  it('says so when there are no active polls', async () => {
    mockApi({ 'GET /api/polls/active': () => json([]) });
    renderWithApp(<ActivePolls />);
    expect(await screen.findByText('No active polls right now.')).toBeTruthy();
  });
});
