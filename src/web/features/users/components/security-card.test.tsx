import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { buildCurrentUser, json, mockApi, renderWithApp, resetTestEnvironment } from '../../../test/utils';
import type { Session } from '../../../../shared/auth/sessions';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { describeDevice } from '../../../../shared/auth/sessions';
import { usePseudoLocale } from '../../../test/pseudo-locale';
import { SecurityCard } from './security-card';
import { CalendarCard } from './calendar-card';

afterEach(resetTestEnvironment);

const hoursAgo = (h: number) => new Date(Date.now() - h * 3600 * 1000).toISOString();

function threeSessions(): Session[] {
  return [
    { id: '11111111-1111-4111-8111-111111111111', device: 'Chrome on Android', browser: 'Chrome', system: 'Android', createdAt: '2025-03-04T10:00:00.000Z', lastSeenAt: hoursAgo(0), current: true, push: true },
    { id: '22222222-2222-4222-8222-222222222222', device: 'Safari on iPhone', browser: 'Safari', system: 'iPhone', createdAt: '2025-03-01T10:00:00.000Z', lastSeenAt: hoursAgo(50), current: false, push: false },
    { id: '33333333-3333-4333-8333-333333333333', device: 'Firefox on Windows', browser: 'Firefox', system: 'Windows', createdAt: '2025-02-01T10:00:00.000Z', lastSeenAt: hoursAgo(0.2), current: false, push: false },
  ];
}

const OLD_FEED = 'https://rides.example/api/calendar/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics';
const NEW_FEED = 'https://rides.example/api/calendar/BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB.ics';

function renderCard(initial: Session[] = threeSessions(), overrides: Record<string, () => Response> = {}) {
  let sessions = initial;
  const requests = mockApi({
    'GET /api/auth/sessions': () => json({ sessions }),
    'POST /api/auth/sessions/sign-out-others': () => {
      const signedOut = sessions.filter((s) => !s.current).length;
      sessions = sessions.filter((s) => s.current);
      return json({ success: true, signedOut, calendarFeed: { url: NEW_FEED, scope: 'groups' } });
    },
    'DELETE /api/auth/sessions/22222222-2222-4222-8222-222222222222': () => {
      sessions = sessions.filter((s) => s.id !== '22222222-2222-4222-8222-222222222222');
      return json({ success: true, calendarFeed: { url: NEW_FEED, scope: 'groups' } });
    },
    ...overrides,
  });
  renderWithApp(<SecurityCard user={buildCurrentUser({ email: 'rider@example.com' })} onEmailMissing={() => {}} />);
  return requests;
}

describe('SecurityCard: signed-in devices', () => {
  it('lists the sessions in plain words, marks this device and says when the others were last active', async () => {
    renderCard();
    const list = await screen.findByRole('list', { name: 'Signed-in devices' }, { timeout: 5000 });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(within(items[0]!).getByText('Chrome on Android')).toBeTruthy();
    expect(within(items[0]!).getByText('This device')).toBeTruthy();
    expect(within(items[0]!).queryByRole('button')).toBeNull();
    expect(within(items[1]!).getByText(/Last active 2 days ago/)).toBeTruthy();
    expect(within(items[2]!).getByText(/Active in the last hour/)).toBeTruthy();
    expect(screen.getByText('Signed in Feb 1, 2025')).toBeTruthy();
  });

  it('writes each device in the language the page shows, not the English the server sends for API clients', async () => {
    usePseudoLocale();
    renderCard();
    const list = await screen.findByRole('list', { name: i18n._(msg`Signed-in devices`) }, { timeout: 5000 });
    const first = within(list).getAllByRole('listitem')[0]!;
    const shown = describeDevice({ browser: 'Chrome', system: 'Android' }, i18n);
    expect(shown).toMatch(/^\[Chrome .+ Android/);
    expect(within(first).getByText(shown)).toBeTruthy();
    expect(within(first).queryByText('Chrome on Android')).toBeNull();
  });

  it('"Sign out other devices" asks the server and shows what is left', async () => {
    const requests = renderCard();
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out other devices' }));
    expect(await screen.findByText(/^2 other devices were signed out\./)).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.url)).toEqual(['/api/auth/sessions/sign-out-others']);
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Signed-in devices' })).getAllByRole('listitem')).toHaveLength(1));
    expect((screen.getByRole('button', { name: 'Sign out other devices' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('No other device is signed in.')).toBeTruthy();
  });

  it('says before and after that the calendar address is reset too, and Preferences shows the new one without a reload', async () => {
    const requests = mockApi({
      'GET /api/auth/sessions': () => json({ sessions: threeSessions() }),
      'GET /api/users/current/calendar': () => json({ url: OLD_FEED, scope: 'groups' }),
      'POST /api/auth/sessions/sign-out-others': () => json({ success: true, signedOut: 2, calendarFeed: { url: NEW_FEED, scope: 'groups' } }),
    });
    const user = buildCurrentUser({ email: 'rider@example.com' });
    renderWithApp(
      <>
        <SecurityCard user={user} onEmailMissing={() => {}} />
        <CalendarCard userId={user.id} />
      </>,
    );
    const address = (await screen.findByLabelText('Your private calendar address', {}, { timeout: 5000 })) as HTMLInputElement;
    expect(address.value).toBe(OLD_FEED);
    const button = await screen.findByRole('button', { name: 'Sign out other devices', description: 'Signing out a device also resets your calendar address, so it stops seeing your rides.' });
    fireEvent.click(button);
    expect(await screen.findByText('2 other devices were signed out. Your calendar address was reset too: subscribe again with the new address.')).toBeTruthy();
    await waitFor(() => expect(address.value).toBe(NEW_FEED));
    expect(requests.filter((r) => r.url === '/api/users/current/calendar')).toHaveLength(1);
  });

  it('does not speak of a calendar address when the rider has none', async () => {
    renderCard(threeSessions(), {
      'POST /api/auth/sessions/sign-out-others': () => json({ success: true, signedOut: 1, calendarFeed: null }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out other devices' }));
    expect(await screen.findByText('1 other device was signed out.')).toBeTruthy();
  });

  it('signs out one device by its id, with a button that names it and says the calendar address is reset too', async () => {
    const requests = renderCard();
    fireEvent.click(
      await screen.findByRole('button', { name: /^Sign out Safari on iPhone/, description: 'Signing out a device also resets your calendar address, so it stops seeing your rides.' }),
    );
    expect(await screen.findByText('Safari on iPhone is no longer signed in. Your calendar address was reset too: subscribe again with the new address.')).toBeTruthy();
    expect(requests.find((r) => r.method === 'DELETE')?.url).toBe('/api/auth/sessions/22222222-2222-4222-8222-222222222222');
    await waitFor(() => expect(screen.queryByText('Safari on iPhone')).toBeNull());
  });

  it('says so when signing out fails', async () => {
    renderCard(threeSessions(), { 'POST /api/auth/sessions/sign-out-others': () => json({ message: 'boom' }, 500) });
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out other devices' }));
    expect(await screen.findByText('Could not sign out other devices')).toBeTruthy();
  });

  it('disables "Sign out other devices" when this is the only device', async () => {
    renderCard(threeSessions().slice(0, 1));
    expect(((await screen.findByRole('button', { name: 'Sign out other devices' })) as HTMLButtonElement).disabled).toBe(true);
  });

  it('offers to try again when the list cannot be loaded', async () => {
    renderCard(threeSessions(), { 'GET /api/auth/sessions': () => json({ message: 'boom' }, 500) });
    expect(await screen.findByText('Your devices could not be loaded.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
