import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { json, mockApi, renderWithApp, resetTestEnvironment } from '../../../test/utils';
import { CalendarCard } from './calendar-card';

afterEach(resetTestEnvironment);

const FIRST = 'https://rides.example/api/calendar/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics';
const SECOND = 'https://rides.example/api/calendar/BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB.ics';

function renderCard(overrides: Record<string, () => Response> = {}) {
  let feed = { url: FIRST, scope: 'groups' };
  const requests = mockApi({
    'GET /api/users/current/calendar': () => json(feed),
    'POST /api/users/current/calendar': () => {
      const body = JSON.parse(JSON.stringify(requests[requests.length - 1]!.body)) as { reset?: true; scope?: string };
      feed = { url: body.reset ? SECOND : feed.url, scope: body.scope ?? feed.scope };
      return json(feed);
    },
    ...overrides,
  });
  renderWithApp(<CalendarCard userId="u1" />);
  return requests;
}

describe('CalendarCard', () => {
  it('shows the private address with Copy, and how to subscribe on phones', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderCard();
    const address = (await screen.findByLabelText('Your private calendar address', {}, { timeout: 5000 })) as HTMLInputElement;
    expect(address.value).toBe(FIRST);
    expect(address.readOnly).toBe(true);
    expect(screen.getByText(/Anyone with this address can see your rides/)).toBeTruthy();
    expect(screen.getByText(/Add Subscribed Calendar/)).toBeTruthy();
    expect(screen.getByText(/From URL/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Copy address' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(FIRST));
    expect(await screen.findByText('Calendar address copied')).toBeTruthy();
  });

  it('Reset asks first, then shows the new address', async () => {
    const requests = renderCard();
    fireEvent.click(await screen.findByRole('button', { name: 'Reset address' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(/stop updating/)).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reset address' }));
    await waitFor(() => expect((screen.getByLabelText('Your private calendar address') as HTMLInputElement).value).toBe(SECOND));
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([{ reset: true }]);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('the switch chooses joined rides only or all group rides', async () => {
    const requests = renderCard();
    const toggle = await screen.findByRole('switch', { name: 'All rides of my groups' }, { timeout: 5000 });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'));
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([{ scope: 'joined' }]);
  });

  it('says so when the address cannot be loaded, and tries again', async () => {
    let fail = true;
    renderCard({ 'GET /api/users/current/calendar': () => (fail ? json({ message: 'boom' }, 500) : json({ url: FIRST, scope: 'groups' })) });
    expect(await screen.findByText('Your calendar address could not be loaded.', {}, { timeout: 5000 })).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(((await screen.findByLabelText('Your private calendar address')) as HTMLInputElement).value).toBe(FIRST);
  });
});
