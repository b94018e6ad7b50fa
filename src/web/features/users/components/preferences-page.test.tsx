import { pseudoMessage } from '../../../../../build/i18n-pseudo';
import { LOCALES } from '../../../../shared/i18n/locales';
import { describeDevice } from '../../../../shared/auth/sessions';
import { i18n } from '@lingui/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { buildCurrentUser, json, mockApi, renderWithApp, resetTestEnvironment, stubResizeObserver } from '../../../test/utils';
import type { CurrentUser } from '../../../../shared/users/current-user';
import { PreferencesPage } from './preferences-page';
import { buildNotificationSettings } from '../../../test/notification-settings-fixture';
import { timezoneToDetect } from './browser-zone';
import { untranslatedTexts, usePseudoLocale } from '../../../test/pseudo-locale';
import { formatDate } from '../../../lib/format-date';
import { timeAgo } from '../../../lib/format';

beforeEach(stubResizeObserver);

afterEach(() => {
  resetTestEnvironment();
  vi.useRealTimers();
});

let notificationSettings = buildNotificationSettings();

function renderPage(user: CurrentUser, path = '/preferences', overrides: Record<string, () => Response> = {}) {
  let current = user;
  const requests = mockApi({
    'GET /api/users/current': () => json(current),
    'PATCH /api/users/u_1': (request) => {
      current = { ...current, ...(request.body as Partial<CurrentUser>) };
      return json({ ...current, emailConfirmationSentTo: null });
    },
    'POST /api/auth/magic-link': () => json({ success: true, message: 'sent' }),
    'GET /api/auth/sessions': () => json({ sessions: [] }),
    'GET /api/users/current/calendar': () => json({ url: 'https://roadcaptain.test/api/calendar/feed.ics', scope: 'groups' }),
    'GET /api/users/current/notification-settings': () => json(notificationSettings),
    'PATCH /api/users/current/notification-settings': (request) => {
      const body = request.body as { type?: string; channel?: 'email' | 'push'; enabled?: boolean; emailPaused?: boolean };
      if (body.emailPaused !== undefined) notificationSettings = { ...notificationSettings, emailPaused: body.emailPaused };
      else notificationSettings = { ...notificationSettings, types: notificationSettings.types.map((t) => (t.type === body.type ? { ...t, [body.channel ?? 'email']: body.enabled ?? null } : t)) };
      return json(notificationSettings);
    },
    'POST /api/auth/email-change/resend': () => json({ success: true, emailConfirmationSentTo: current.pendingEmail }),
    'POST /api/auth/email-change/cancel': () => {
      current = { ...current, pendingEmail: null };
      return json({ success: true });
    },
    ...overrides,
  });
  const view = renderWithApp(<PreferencesPage />, { path });
  return { ...view, requests };
}

describe('PreferencesPage', () => {
  it('shows every text of the page in the rider’s language (the pseudo-language here), riders’ data aside', async () => {
    usePseudoLocale();
    const joined = '2025-01-01T10:00:00.000Z';
    const lastSeen = new Date(Date.now() - 3 * 86_400_000).toISOString();
    const user = buildCurrentUser({ id: 'u_1', userId: 'gravel-grinder', email: 'ada@example.com', location: 'Bologna, Italy', firstName: 'Ada', bio: 'Twisties only', createdAt: joined });
    const sessions = [
      { id: 's_1', device: 'Firefox on Linux', browser: 'Firefox', system: 'Linux', current: true, push: false, createdAt: '2025-03-04T10:00:00.000Z', lastSeenAt: new Date().toISOString() },
      { id: 's_2', device: 'Safari on iPhone', browser: 'Safari', system: 'iPhone', current: false, push: true, createdAt: '2025-03-01T10:00:00.000Z', lastSeenAt: lastSeen },
    ];
    const { container } = renderPage(user, '/preferences', { 'GET /api/auth/sessions': () => json({ sessions }) });
    await screen.findByText(pseudoMessage('A ride I joined is cancelled'), undefined, { timeout: 5000 });
    // The device in the page's language; only the browser's and the system's names are data.
    await screen.findByText(describeDevice({ browser: 'Safari', system: 'iPhone' }, i18n));
    const page = container.querySelector('section[aria-labelledby="preferences-title"]')!;
    // Riders' data, the app's name, and dates and times as the date helpers write them.
    const data = [
      ...['gravel-grinder', 'ada@example.com', 'Bologna, Italy', 'Ada', 'Twisties only', 'RoadCaptain'],
      ...sessions.flatMap((s) => [s.browser, s.system]),
      // Each language in its own name, as every app's language list shows it.
      ...Object.values(LOCALES),
      'Pseudo-language (en-XA)',
      'UTC',
      ...[joined, ...sessions.map((s) => s.createdAt)].map((iso) => formatDate(iso)),
      timeAgo(lastSeen),
    ];
    // Texts of the shared fields this page uses (e-mail, location search, time zone), translated in their own folders.
    const sharedFields = [
      'Email Address',
      'placeholder="you@example.com"',
      '“Bologna, Italy” is kept as text only (not on the map).',
      'Pick a place on the map',
      'placeholder="Search for a town or city"',
      'aria-label="Suggested locations"',
      'Timezone',
      'Local time in',
    ];
    const isZone = (text: string) => /^(UTC[+-]\d\d:\d\d - )?UTC$|^\w{3}, \w{3} \d+$/.test(text);
    expect(untranslatedTexts(page, data).filter((text) => !sharedFields.includes(text) && !isZone(text))).toEqual([]);
  });

  it('shows "Loading profile..." and then the cards', async () => {
    renderPage(buildCurrentUser({ id: 'u_1', userId: 'gravel-grinder', createdAt: '2025-03-04T10:00:00.000Z', location: 'Bologna, Italy' }));
    expect(screen.getByText('Loading profile...')).toBeTruthy();
    expect(await screen.findByText('Member since Mar 4, 2025')).toBeTruthy();
    expect(screen.getByText('GR')).toBeTruthy();
    expect(screen.getByText('Bologna, Italy')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View Public Profile' }).getAttribute('href')).toBe('/profile/gravel-grinder');
  });

  it('opens with the profile form, then the four cards, then the app settings and the calendar (the order a phone shows them)', async () => {
    renderPage(buildCurrentUser({ id: 'u_1', userId: 'gravel-grinder' }));
    await screen.findByRole('region', { name: 'Profile Information' });
    const order = screen
      .getAllByRole('region')
      .map((region) => region.getAttribute('aria-label') ?? document.getElementById(region.getAttribute('aria-labelledby') ?? '')?.textContent)
      // The toasts' region is "Notifications (F8)".
      .filter((name) => name !== 'Preferences' && name !== 'Notifications (F8)');
    expect(order.slice(0, 5)).toEqual(['Profile Information', 'Your account', 'Public Profile', 'Security', 'Privacy']);
    expect(order.slice(5)).toEqual(['Site Settings', 'Calendar', 'Notifications']);
  });

  it('lists the e-mail switches by section and saves one at once (issue 30 point 3)', async () => {
    const { requests } = renderPage(buildCurrentUser({ id: 'u_1' }));
    // The card loads its own settings after the page's user (a slower machine needs more than the default second).
    const cancelled = await screen.findByRole('switch', { name: 'A ride I joined is cancelled, by e-mail' }, { timeout: 5000 });
    expect(cancelled.getAttribute('aria-checked')).toBe('true');
    // A type not offered by mail has no switch.
    expect(screen.queryByRole('switch', { name: 'My address is confirmed, by e-mail' })).toBeNull();
    fireEvent.click(cancelled);
    await waitFor(() => expect(screen.getByRole('switch', { name: 'A ride I joined is cancelled, by e-mail' }).getAttribute('aria-checked')).toBe('false'));
    expect(requests.filter((r) => r.method === 'PATCH').map((r) => r.body)).toEqual([{ type: 'ride_cancelled', channel: 'email', enabled: false }]);
    fireEvent.click(screen.getByRole('switch', { name: 'Pause all e-mail' }));
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Pause all e-mail' }).getAttribute('aria-checked')).toBe('true'));
  });

  it('says so when the e-mail settings cannot be loaded, and tries again', async () => {
    let fail = true;
    renderPage(buildCurrentUser({ id: 'u_1' }), '/preferences', { 'GET /api/users/current/notification-settings': () => (fail ? json({ message: 'boom' }, 500) : json(notificationSettings)) });
    expect(await screen.findByText('Your notification settings could not be loaded.', {}, { timeout: 5000 })).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('switch', { name: 'A ride I joined is cancelled, by e-mail' })).toBeTruthy();
  });

  it('saves a privacy switch at once, keeps them exclusive, and ignores turning one off', async () => {
    const { requests } = renderPage(buildCurrentUser({ id: 'u_1', profileVisibility: 'public' }));
    const groups = await screen.findByRole('switch', { name: 'Group Members Only' });
    const pub = screen.getByRole('switch', { name: 'Public' });
    expect(pub.getAttribute('aria-checked')).toBe('true');

    fireEvent.click(pub);
    expect(requests.filter((r) => r.method === 'PATCH')).toHaveLength(0);

    fireEvent.click(groups);
    expect(await screen.findByText('Your profile is now visible to group members only')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'PATCH').map((r) => r.body)).toEqual([{ profileVisibility: 'groups' }]);
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Group Members Only' }).getAttribute('aria-checked')).toBe('true'));
    expect(screen.getByRole('switch', { name: 'Public' }).getAttribute('aria-checked')).toBe('false');

    fireEvent.click(screen.getByRole('switch', { name: 'Private' }));
    expect(await screen.findByText('Your profile is now completely private')).toBeTruthy();
  });

  it('asks for an e-mail before sending a magic link, then sends one to it', async () => {
    const { requests } = renderPage(buildCurrentUser({ id: 'u_1', email: null }));
    fireEvent.click(await screen.findByRole('button', { name: 'Send Magic Link' }));
    expect(await screen.findByText('Please enter your email address first.')).toBeTruthy();
    expect(requests.some((r) => r.url === '/api/auth/magic-link')).toBe(false);
    cleanup();

    const second = renderPage(buildCurrentUser({ id: 'u_1', email: 'rider@example.com' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Send Magic Link' }));
    expect(await screen.findByText('Check your email for the secure login link.')).toBeTruthy();
    expect(second.requests.find((r) => r.url === '/api/auth/magic-link')?.body).toEqual({ email: 'rider@example.com' });
  });

  it('pulses the e-mail field for highlight=email and takes the parameter out of the address', async () => {
    const { router } = renderPage(buildCurrentUser({ id: 'u_1' }), '/preferences?highlight=email&tab=x');
    const email = await screen.findByLabelText('Email Address');
    expect(email.getAttribute('data-highlighted')).toBe('true');
    await waitFor(() => expect(router.state.location.search).toBe('?tab=x'));
    expect(router.state.location.pathname).toBe('/preferences');
  });

  it('stops the pulse after 10 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderPage(buildCurrentUser({ id: 'u_1' }), '/preferences?highlight=email');
    const email = await screen.findByLabelText('Email Address');
    expect(email.getAttribute('data-highlighted')).toBe('true');
    vi.advanceTimersByTime(9_900);
    expect(screen.getByLabelText('Email Address').getAttribute('data-highlighted')).toBe('true');
    vi.advanceTimersByTime(200);
    await waitFor(() => expect(screen.getByLabelText('Email Address').getAttribute('data-highlighted')).toBeNull());
  });

  it('saves the site settings', async () => {
    const { requests } = renderPage(buildCurrentUser({ id: 'u_1', preferredUnits: 'kilometers', timezone: 'Europe/Berlin', timezoneOffset: 'UTC+01:00', timezoneName: 'Berlin' }));
    fireEvent.click(await screen.findByRole('radio', { name: /Miles \(Imperial\)/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Profile updated')).toBeTruthy();
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({ preferredUnits: 'miles', gpxPrivacyZone: '500m', timezone: 'Europe/Berlin', timezoneOffset: 'UTC+01:00', timezoneName: 'Berlin' });
  });

  it('shows the GPX privacy zone (500 m unless changed) and saves another', async () => {
    const { requests } = renderPage(buildCurrentUser({ id: 'u_1', timezone: 'Europe/Berlin', timezoneOffset: 'UTC+01:00', timezoneName: 'Berlin' }));
    const group = await screen.findByRole('radiogroup', { name: 'GPX Privacy Zone' });
    expect(document.getElementById(group.getAttribute('aria-describedby')!)?.textContent).toContain('never see this much of the start and end of each track');
    expect((screen.getByRole('radio', { name: /500 m/ }) as HTMLElement).getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByRole('radio', { name: /1 km/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Profile updated')).toBeTruthy();
    expect(requests.find((r) => r.method === 'PATCH')?.body).toMatchObject({ gpxPrivacyZone: '1km' });
  });
});

describe('timezoneToDetect', () => {
  it("offers the browser's zone only while the rider's is the UTC default", () => {
    // The browser's named zone (Intl.DateTimeFormat().resolvedOptions().timeZone).
    expect(timezoneToDetect({ timezone: 'UTC' }, 'Asia/Kolkata')).toMatchObject({ zone: 'Asia/Kolkata', label: 'UTC+05:30 - Mumbai' });
    expect(timezoneToDetect({ timezone: 'UTC' }, 'UTC')).toBeNull();
    // Chromium names some zones by an older alias: stored by the list's name.
    expect(timezoneToDetect({ timezone: 'UTC' }, 'Asia/Calcutta')).toMatchObject({ zone: 'Asia/Kolkata', label: 'UTC+05:30 - Mumbai' });
    expect(timezoneToDetect({ timezone: 'UTC' }, 'Asia/Katmandu')).toMatchObject({ zone: 'Asia/Kathmandu', label: 'UTC+05:45 - Kathmandu' });
    expect(timezoneToDetect({ timezone: 'UTC' }, undefined)).toBeNull();
    expect(timezoneToDetect({ timezone: 'Europe/Berlin' }, 'Asia/Kolkata')).toBeNull();
  });
});

describe('an address waiting for confirmation', () => {
  const address = 'a.very.long.address.for.a.rider.who.likes.long.names@motorcycle-touring-club-of-northern-italy.example.com';

  it('is shown from the current user, so it survives a reload, with Resend and Cancel', async () => {
    const { requests } = renderPage(buildCurrentUser({ id: 'u_1', email: 'old@example.com', pendingEmail: address }));
    expect(await screen.findByText(address)).toBeTruthy();
    expect(screen.getByText(/Waiting for confirmation of/)).toBeTruthy();
    // The e-mail field is described by the notice.
    const field = screen.getByLabelText('Email Address');
    expect(document.getElementById(field.getAttribute('aria-describedby')!)?.textContent).toContain(`Waiting for confirmation of ${address}`);

    fireEvent.click(screen.getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText(`We sent a new link to ${address}.`)).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.url)).toEqual(['/api/auth/email-change/resend']);
    // Resend is not a form submit.
    expect(requests.some((r) => r.method === 'PATCH')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Address change cancelled')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(/Waiting for confirmation of/)).toBeNull());
    expect(requests.some((r) => r.method === 'PATCH')).toBe(false);
  });

  it('shows the server’s reason when a resend is refused', async () => {
    renderPage(buildCurrentUser({ id: 'u_1', pendingEmail: address }), '/preferences', {
      'POST /api/auth/email-change/resend': () => json({ message: 'Too many sign-in links requested. Please try again later.' }, 429),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Resend' }));
    expect(await screen.findByText('Too many sign-in links requested. Please try again later.')).toBeTruthy();
  });

  it('is not shown when nothing waits', async () => {
    renderPage(buildCurrentUser({ id: 'u_1', email: 'old@example.com' }));
    await screen.findByLabelText('Email Address');
    expect(screen.queryByText(/Waiting for confirmation of/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Resend' })).toBeNull();
  });
});

/** A browser whose own zone is Asia/Kolkata. */
function browserInKolkata() {
  const resolved = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
    return { ...resolved.call(this), timeZone: 'Asia/Kolkata' };
  });
}

describe('a detected time zone', () => {
  it('is saved at once, and "Timezone detected" follows the save', async () => {
    browserInKolkata();
    const { requests } = renderPage(buildCurrentUser({ id: 'u_1' }));
    expect(await screen.findByText('Set to UTC+05:30 - Mumbai')).toBeTruthy();
    expect(screen.getByText('Timezone detected')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'PATCH').map((r) => r.body)).toEqual([{ timezone: 'Asia/Kolkata', timezoneOffset: 'UTC+05:30', timezoneName: 'Mumbai' }]);
  });

  it('says nothing when the save fails, and leaves the zone in the form for Save Settings', async () => {
    browserInKolkata();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    let patches = 0;
    const { requests } = renderPage(buildCurrentUser({ id: 'u_1' }), '/preferences', {
      'PATCH /api/users/u_1': () => (++patches === 1 ? json({ message: 'down' }, 503) : json({ ...buildCurrentUser({ id: 'u_1' }), emailConfirmationSentTo: null })),
    });
    // The failed save has been handled (its error logged): a success toast could no longer follow.
    await waitFor(() => expect(logged).toHaveBeenCalledWith('Saving the detected time zone failed', expect.anything()));
    expect(patches).toBe(1);
    expect(screen.queryByText('Timezone detected')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(patches).toBe(2));
    expect(requests.filter((r) => r.method === 'PATCH')[1]!.body).toMatchObject({ timezone: 'Asia/Kolkata', timezoneOffset: 'UTC+05:30', timezoneName: 'Mumbai' });
    expect(screen.queryByText('Timezone detected')).toBeNull();
  });
});
