import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { json, mockApi, renderWithApp, resetTestEnvironment } from '../../../test/utils';
import type { NotificationSettings } from '../../../../shared/notifications/notification-settings';
import { buildNotificationSettings } from '../../../test/notification-settings-fixture';
import { NotificationSettingsCard } from './notification-settings-card';

// Issue 30 point 10: the Notifications card. Types grouped (My rides, My groups, Organizing,
// Account) by channel, each switch shown at once and saved on its own, put back with a visible
// error when the save fails; "Pause all e-mail"; the Organizing group only for organizers.

afterEach(resetTestEnvironment);

const settings = buildNotificationSettings;

/** A PATCH answer the test releases when it wants: to see the switch before the server has answered. */
function deferred() {
  let release: (response: Response) => void = () => undefined;
  const promise = new Promise<Response>((resolve) => (release = resolve));
  return { promise, release };
}

function renderCard(initial: NotificationSettings, patch: (body: unknown) => Response | Promise<Response>) {
  const requests = mockApi({
    'GET /api/auth/sessions': () => json({ sessions: [] }),
    'GET /api/users/current/notification-settings': () => json(initial),
    'PATCH /api/users/current/notification-settings': (request) => patch(request.body),
  });
  renderWithApp(<NotificationSettingsCard userId="u_1" />);
  return requests;
}

/** Flips one switch while the server holds its answer: the switch shows `now` at once. Gives the held answer and the PATCHes sent. */
async function flipWhileSaving(name: string, now: 'true' | 'false') {
  const answer = deferred();
  const requests = renderCard(settings(), () => answer.promise);
  fireEvent.click(await screen.findByRole('switch', { name }));
  await waitFor(() => expect(checked(name)).toBe(now));
  return { answer, patches: () => requests.filter((r) => r.method === 'PATCH') };
}

const switchNamed = (name: string) => screen.getByRole('switch', { name });
const checked = (name: string) => switchNamed(name).getAttribute('aria-checked');

describe('NotificationSettingsCard', () => {
  it('groups the types by section, each with a switch per channel (in the app, by e-mail, by push) named by type and channel', async () => {
    renderCard(settings(), () => json(settings()));
    const card = await screen.findByRole('region', { name: 'Notifications' });
    await within(card).findByRole('group', { name: 'My rides' });
    expect(within(card).getAllByRole('group').map((g) => document.getElementById(g.getAttribute('aria-labelledby') ?? '')?.textContent)).toEqual([
      'My rides',
      'A ride I joined is cancelled',
      'A new comment on a ride I ride or organise',
      'Reminders of a ride I joined',
      'My groups',
      'A new ride in my groups',
      'Account',
      'My address is confirmed',
    ]);
    expect(checked('A ride I joined is cancelled, in the app')).toBe('true');
    expect(checked('A ride I joined is cancelled, by e-mail')).toBe('true');
    expect(checked('A ride I joined is cancelled, by push')).toBe('true');
    expect(checked('A new ride in my groups, in the app')).toBe('false');
    // A reminder by mail and push is never in the app: no switch there.
    const reminders = screen.getByRole('group', { name: 'Reminders of a ride I joined' });
    expect(within(reminders).getAllByRole('switch').map((s) => s.getAttribute('aria-label'))).toEqual(['Reminders of a ride I joined, by e-mail', 'Reminders of a ride I joined, by push']);
    expect(within(reminders).getByText('Not shown in the app')).toBeTruthy();
    expect(checked('A new comment on a ride I ride or organise, by e-mail')).toBe('false');
    expect(checked('A new comment on a ride I ride or organise, by push')).toBe('true');
    // A type that never travels by mail or push has no switch there.
    const confirmed = screen.getByRole('group', { name: 'My address is confirmed' });
    expect(within(confirmed).getAllByRole('switch').map((s) => s.getAttribute('aria-label'))).toEqual(['My address is confirmed, in the app']);
    expect(within(confirmed).getByText('Not sent by e-mail')).toBeTruthy();
    expect(within(card).getByText('Choose where each notification reaches you: in the app (under the bell), by e-mail and as a push to your devices. Each switch works on its own.')).toBeTruthy();
    // Not an organizer: no Organizing group, a word on when it comes.
    expect(screen.queryByRole('group', { name: 'Organizing' })).toBeNull();
    expect(screen.getByText('Organizing notifications (join requests, new members) appear here once you run a group.')).toBeTruthy();
  });

  it('shows the Organizing group to a rider who runs a group', async () => {
    renderCard(settings({ organizes: true }), () => json(settings({ organizes: true })));
    const organizing = await screen.findByRole('group', { name: 'Organizing' });
    expect(within(organizing).getByRole('switch', { name: 'A rider asks to join my group, by push' })).toBeTruthy();
  });

  it('turns a switch at once, before the server answers, and saves only that switch', async () => {
    const { answer, patches } = await flipWhileSaving('A new comment on a ride I ride or organise, by e-mail', 'true');
    expect(patches().map((r) => r.body)).toEqual([{ type: 'ride_comment', channel: 'email', enabled: true }]);
    const saved = settings();
    answer.release(json({ ...saved, types: saved.types.map((s) => (s.type === 'ride_comment' ? { ...s, email: true } : s)) }));
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(checked('A new comment on a ride I ride or organise, by e-mail')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('saves an in-app switch on its own, and says so when that save fails', async () => {
    const { answer, patches } = await flipWhileSaving('A ride I joined is cancelled, in the app', 'false');
    expect(patches().map((r) => r.body)).toEqual([{ type: 'ride_cancelled', channel: 'app', enabled: false }]);
    answer.release(json({ message: 'Internal Server Error' }, 500));
    expect((await screen.findByRole('alert')).textContent).toBe('"A ride I joined is cancelled" in the app could not be saved. It is back as it was; please try again.');
    expect(checked('A ride I joined is cancelled, in the app')).toBe('true');
  });

  it('puts a switch back and says so when its save fails', async () => {
    const { answer } = await flipWhileSaving('A ride I joined is cancelled, by push', 'false');
    answer.release(json({ message: 'Internal Server Error' }, 500));
    expect((await screen.findByRole('alert')).textContent).toBe('"A ride I joined is cancelled" by push could not be saved. It is back as it was; please try again.');
    expect(checked('A ride I joined is cancelled, by push')).toBe('true');
    // The other switches kept theirs.
    expect(checked('A ride I joined is cancelled, by e-mail')).toBe('true');
  });

  it('pauses all e-mail: the e-mail switches rest, push stays', async () => {
    renderCard(settings(), () => json(settings({ emailPaused: true })));
    fireEvent.click(await screen.findByRole('switch', { name: 'Pause all e-mail' }));
    await waitFor(() => expect(checked('Pause all e-mail')).toBe('true'));
    expect((switchNamed('A ride I joined is cancelled, by e-mail') as HTMLButtonElement).disabled).toBe(true);
    expect((switchNamed('A ride I joined is cancelled, by push') as HTMLButtonElement).disabled).toBe(false);
  });

  it('tells a rider without an address that mail needs one, and rests the e-mail switches', async () => {
    renderCard(settings({ hasEmail: false }), () => json(settings({ hasEmail: false })));
    expect(await screen.findByText('Add and confirm an e-mail address to get notifications by e-mail.')).toBeTruthy();
    expect((switchNamed('A new ride in my groups, by e-mail') as HTMLButtonElement).disabled).toBe(true);
  });
});
