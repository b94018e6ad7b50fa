import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { format } from 'date-fns';
import type { Group } from '../../../shared/groups/group';
import { buildCurrentUser, json, mockApi, renderWithApp, resetTestEnvironment, type RecordedRequest } from '../../test/utils';
import { CreateRideDialog, CreateRideFromUrl } from './create-ride-dialog';
import { untranslatedTexts, usePseudoLocale } from '../../test/pseudo-locale';
import { activateLocale } from '../../lib/i18n/i18n';
import { resetTestLanguage } from '../../test/language';

// The form loads lazily and fills many fields: on a machine shared by many test runs that takes a while.
vi.setConfig({ testTimeout: 20_000 });

afterEach(resetTestEnvironment);

function group(id: string, name: string, membershipStatus: Group['membershipStatus'], timezone = { timezoneOffset: 'UTC+01:00', timezoneName: 'Berlin', timezone: 'Europe/Berlin' }): Group {
  const insider = membershipStatus === 'owner' || membershipStatus === 'member';
  return {
    id,
    name,
    slug: name.toLowerCase().replace(/\W+/g, '-'),
    membershipStatus,
    ...timezone,
    abilities: { join: false, leave: insider, manage: false, delete: false, invite: false, createRide: insider, createPoll: insider, viewMembers: insider },
  } as Group;
}

const bologna = [{ place_id: 'b', display_name: 'Bologna, Emilia-Romagna, Italy', lat: '44.4938', lon: '11.3387', type: 'city' }];
const imola = [
  { place_id: 'i', display_name: 'Imola, Emilia-Romagna, Italy', lat: '44.3533', lon: '11.7141', type: 'town' },
  { place_id: 'i2', display_name: 'Imola, Somewhere Else', lat: '10', lon: '10', type: 'village' },
];

/** The search as the server answers it: Imola and Bologna by name, nothing for anything else. */
function searchAnswer(request: RecordedRequest): Response {
  const q = new URLSearchParams(request.url.split('?')[1]).get('q') ?? '';
  if (q.startsWith('Imo')) return json(imola);
  if (q.startsWith('Bolo')) return json(bologna);
  return json([]);
}

function api(groups: Group[] | (() => Promise<Response>), extra: Record<string, (r: RecordedRequest) => Response> = {}) {
  return mockApi({
    'GET /api/users/current': () => json(buildCurrentUser()),
    'GET /api/groups': typeof groups === 'function' ? groups : () => json(groups),
    'GET /api/search-location': searchAnswer,
    ...extra,
  });
}

async function openDialog(element = <CreateRideDialog open onOpenChange={vi.fn()} />) {
  renderWithApp(element);
  const dialog = await screen.findByRole('dialog', { name: 'Create Ride' });
  // The form loads lazily; on a busy machine that takes a while.
  await within(dialog).findByLabelText('Ride Name', undefined, { timeout: 5000 });
  return dialog;
}

/** Opens a date field's calendar and picks `date`. */
async function pickDay(dialog: HTMLElement, label: string, date: Date) {
  fireEvent.click(within(dialog).getByLabelText(label));
  await screen.findByRole('grid', undefined, { timeout: 5000 });
  const caption = format(date, 'MMMM yyyy');
  for (let i = 0; i < 24 && !screen.queryByText(caption); i++) fireEvent.click(screen.getByRole('button', { name: 'Go to the Next Month' }));
  const day = [...document.querySelectorAll<HTMLButtonElement>('.rdp-day:not(.rdp-outside) button')].find((b) => b.textContent === String(date.getDate()));
  if (!day) throw new Error(`no day ${date.getDate()} in ${caption}`);
  fireEvent.click(day);
  await waitFor(() => expect(screen.queryByRole('grid')).toBeNull());
}

const daysAhead = (n: number) => new Date(Date.now() + n * 86_400_000);

describe('CreateRideDialog', () => {
  it('shows every text of the form, repeats included, in the rider’s language (the pseudo-language here), riders’ data aside', async () => {
    usePseudoLocale();
    api([group('g1', 'Apennine Riders', 'member')]);
    renderWithApp(<CreateRideDialog open onOpenChange={vi.fn()} />);
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(dialog.querySelector('form')).not.toBeNull(), { timeout: 15_000 });
    await within(dialog).findByRole('option', { name: 'Apennine Riders' });
    const repeats = within(dialog).getAllByRole('checkbox')[0]!;
    fireEvent.click(repeats);
    fireEvent.click(within(dialog).getAllByRole('checkbox').at(-1)!);
    fireEvent.submit(dialog.querySelector('form')!);
    await waitFor(() => expect(dialog.querySelector('[aria-invalid="true"]')).not.toBeNull());
    // Texts that come from other folders, translated there: the duration labels (lib/rides), the time
    // zone, place search and dialog parts. The messages the server shares with the form (src/shared/rides)
    // and the repeat rule are translated here too.
    const elsewhere = [
      ...['Half Day', 'Full Day', 'Overnight', 'Multi-Day'],
      ...['Timezone', 'Local time in', 'Cancel', 'aria-label="Close"', 'placeholder="Search for a town or city"', 'aria-label="Suggested locations"'],
    ];
    // The zone's name and clock.
    const fromElsewhere = (text: string) => elsewhere.includes(text) || /^(UTC[+-]\d\d:\d\d - )?UTC$|^\w{3}, \w{3} \d+$/.test(text);
    expect(untranslatedTexts(dialog, ['Apennine Riders', 'UTC']).filter((text) => !fromElsewhere(text))).toEqual([]);
  });

  it('shows the messages it shares with the server in the rider’s language: an Italian rider leaving fields empty, then a name too long', async () => {
    await act(() => activateLocale('it'));
    onTestFinished(resetTestLanguage);
    api([group('g1', 'Apennine Riders', 'owner')], { 'GET /api/users/current': () => json(buildCurrentUser({ language: 'it' })) });
    renderWithApp(<CreateRideDialog open onOpenChange={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Crea giro' });
    const name = await within(dialog).findByLabelText('Nome del giro', undefined, { timeout: 5000 });
    fireEvent.submit(dialog.querySelector('form')!);
    await within(dialog).findByText('Il nome del giro è obbligatorio');
    const alerts = within(dialog).getAllByRole('alert').map((alert) => alert.textContent);
    expect(alerts).toEqual(expect.arrayContaining(['Scegli un gruppo', 'Il nome del giro è obbligatorio', 'Il luogo di partenza è obbligatorio', 'Il luogo di arrivo è obbligatorio']));
    expect(within(dialog).queryByText('Ride name is required')).toBeNull();

    fireEvent.change(name, { target: { value: 'x'.repeat(256) } });
    fireEvent.submit(dialog.querySelector('form')!);
    await within(dialog).findByText('Nome troppo lungo');
    expect(name.getAttribute('aria-invalid')).toBe('true');
  });

  it('lists only the groups the rider may plan rides in', async () => {
    api([group('g1', 'Apennine Riders', 'owner'), group('g2', 'Pending Crew', 'pending'), group('g3', 'Coast Cruisers', 'member')]);
    const dialog = await openDialog();
    const select = await within(dialog).findByRole('combobox', { name: 'Group' });
    await waitFor(() => expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Select a group', 'Apennine Riders', 'Coast Cruisers']));
  });

  it("says 'Loading groups...' and then 'No groups available'", async () => {
    let answer: (r: Response) => void = () => {};
    api(() => new Promise<Response>((resolve) => (answer = resolve)));
    const dialog = await openDialog();
    const select = within(dialog).getByRole('combobox', { name: 'Group' }) as HTMLSelectElement;
    expect(select.textContent).toBe('Loading groups...');
    expect(select.disabled).toBe(true);
    answer(json([group('g2', 'Pending Crew', 'pending')]));
    await waitFor(() => expect(select.textContent).toBe('No groups available'));
  });

  it('shows the validation messages of spec 2 section 5', async () => {
    api([group('g1', 'Apennine Riders', 'owner')]);
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByLabelText('Start Time'), { target: { value: '9am' } });
    fireEvent.change(within(dialog).getByLabelText('Min Riders'), { target: { value: '5' } });
    fireEvent.change(within(dialog).getByLabelText('Max Riders'), { target: { value: '3' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Ride' }));
    for (const message of [
      'Group selection is required',
      'Ride name is required',
      'Start location is required',
      'End location is required',
      'Start date is required',
      'End date is required',
      'Please enter a valid time (HH:MM)',
      'Maximum riders must be at least the minimum',
    ]) {
      expect(await within(dialog).findByText(message)).toBeTruthy();
    }
  });

  it('switches the duration to multi-day when the days differ, and never back', async () => {
    api([group('g1', 'Apennine Riders', 'owner')]);
    const dialog = await openDialog();
    const duration = within(dialog).getByLabelText('Duration') as HTMLSelectElement;
    expect(duration.value).toBe('full-day');
    await pickDay(dialog, 'Start Date', daysAhead(10));
    // The end day follows an empty end: same day, duration unchanged.
    expect(within(dialog).getByLabelText('End Date').textContent).toContain(format(daysAhead(10), 'MMM d, yyyy'));
    expect(duration.value).toBe('full-day');
    await pickDay(dialog, 'End Date', daysAhead(12));
    expect(duration.value).toBe('multi-day');
    await pickDay(dialog, 'End Date', daysAhead(10));
    expect(duration.value).toBe('multi-day');
  });

  it('takes the time zone from the chosen group', async () => {
    api([group('g1', 'Tokyo Touring', 'owner', { timezoneOffset: 'UTC+09:00', timezoneName: 'Tokyo', timezone: 'Asia/Tokyo' })]);
    const dialog = await openDialog();
    const select = within(dialog).getByRole('combobox', { name: 'Group' });
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(2));
    fireEvent.change(select, { target: { value: 'g1' } });
    await waitFor(() => expect(within(dialog).getByLabelText(/Timezone/).textContent).toContain('UTC+09:00 - Tokyo'));
  });

  it('creates the ride with the spec payload, says so and closes', async () => {
    const requests = api([], {
      'POST /api/rides': (r) => json({ id: 'r1', name: (r.body as { name: string }).name, groupId: 'g9' }, 201),
    });
    const onOpenChange = vi.fn();
    const dialog = await openDialog(
      <CreateRideDialog
        open
        onOpenChange={onOpenChange}
        fixedGroup={{ id: 'g9', name: 'Apennine Riders', timezoneOffset: 'UTC+01:00', timezoneName: 'Berlin', timezone: 'Europe/Berlin', latitude: 44.49, longitude: 11.34 }}
      />,
    );
    expect(within(dialog).getByText('Apennine Riders')).toBeTruthy();
    expect(within(dialog).queryByRole('combobox', { name: 'Group' })).toBeNull();
    expect(within(dialog).getByLabelText(/Timezone/).textContent).toContain('UTC+01:00 - Berlin');

    fireEvent.change(within(dialog).getByLabelText('Ride Name'), { target: { value: 'Futa Loop' } });
    fireEvent.change(within(dialog).getByLabelText('Start Location'), { target: { value: 'Bolo' } });
    fireEvent.click(await within(dialog).findByRole('option', { name: /Bologna/ }));
    // Typed but not picked: on leaving the field it is placed with the best suggestion, shown under it.
    const end = within(dialog).getByLabelText('End Location') as HTMLInputElement;
    fireEvent.change(end, { target: { value: 'Imola' } });
    fireEvent.blur(end);
    const note = await within(dialog).findByText('Imola → Imola, Emilia-Romagna, Italy');
    expect(end.value).toBe('Imola, Emilia-Romagna, Italy');
    expect(end.getAttribute('aria-describedby')).toContain(note.closest('[aria-live]')!.id);
    expect(note.closest('[aria-live]')!.getAttribute('aria-live')).toBe('polite');
    // Typed stops are looked up around the group.
    expect(requests.some((r) => r.url === '/api/search-location?q=Imola&near=44.4900%2C11.3400')).toBe(true);
    const start = daysAhead(10);
    await pickDay(dialog, 'Start Date', start);
    fireEvent.change(within(dialog).getByLabelText('Start Time'), { target: { value: '08:30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Ride' }));

    expect(await screen.findByText('Your ride has been successfully created!')).toBeTruthy();
    expect(screen.getByText('Ride created')).toBeTruthy();
    expect(onOpenChange).toHaveBeenCalledWith(false);
    const post = requests.find((r) => r.method === 'POST');
    const day = format(start, 'yyyy-MM-dd');
    expect(post?.body).toEqual({
      groupId: 'g9',
      name: 'Futa Loop',
      description: '',
      startLocation: 'Bologna, Emilia-Romagna, Italy',
      startLatitude: 44.4938,
      startLongitude: 11.3387,
      midpointLocation: '',
      endLocation: 'Imola, Emilia-Romagna, Italy',
      endLatitude: 44.3533,
      endLongitude: 11.7141,
      startDate: new Date(`${day}T07:30:00.000Z`).toISOString(),
      endDate: new Date(Date.parse(`${day}T00:00:00.000Z`) - 3_600_000).toISOString(),
      duration: 'full-day',
      minRiders: 1,
      maxRiders: 10,
      timezoneOffset: 'UTC+01:00',
      timezoneName: 'Berlin',
      timezone: 'Europe/Berlin',
      ownerId: 'u_1',
    });
  });

  /** Fills the form for a ride in Rome's group "Crew" and ticks "This ride repeats": the start's weekday. */
  async function fillRepeatingRide(dialog: HTMLElement) {
    fireEvent.change(within(dialog).getByLabelText('Ride Name'), { target: { value: 'Sunday breakfast' } });
    fireEvent.change(within(dialog).getByLabelText('Start Location'), { target: { value: 'Bolo' } });
    fireEvent.click(await within(dialog).findByRole('option', { name: /Bologna/ }));
    fireEvent.change(within(dialog).getByLabelText('End Location'), { target: { value: 'Imo' } });
    fireEvent.click(await within(dialog).findByRole('option', { name: 'Imola, Emilia-Romagna, Italy' }));
    const start = daysAhead(10);
    await pickDay(dialog, 'Start Date', start);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /This ride repeats/ }));
    return (['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const)[new Date(`${format(start, 'yyyy-MM-dd')}T00:00:00Z`).getUTCDay()]!;
  }

  const crew = { id: 'g9', name: 'Crew', timezone: 'Europe/Rome', timezoneOffset: 'UTC+01:00', timezoneName: 'Rome' };

  it('sends "Repeats": every two weeks on the start day\'s weekday, in the named zone, with a break in August', async () => {
    const requests = api([], { 'POST /api/rides': (r) => json({ id: 'r1', name: (r.body as { name: string }).name, groupId: 'g9' }, 201) });
    const dialog = await openDialog(<CreateRideDialog open onOpenChange={vi.fn()} fixedGroup={crew} />);
    const weekday = await fillRepeatingRide(dialog);
    fireEvent.change(within(dialog).getByLabelText('How many'), { target: { value: '2' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Take a break every year' }));
    expect(within(dialog).getByText(/This ride repeats: Every 2 weeks on/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Ride' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'POST')).toBe(true));
    const post = requests.find((r) => r.method === 'POST')!.body as Record<string, unknown>;
    expect(post.repeats).toEqual({ rule: { frequency: 'weekly', weekdays: [weekday], interval: 2, until: null, count: null, pause: { from: '08-01', until: '08-31' } }, timezone: 'Europe/Rome' });
  });

  it("shows zod's own message for a rule without one in the rider's language: too many rides, in English, then in Italian (issue 31)", async () => {
    onTestFinished(resetTestLanguage);
    const requests = api([]);
    const dialog = await openDialog(<CreateRideDialog open onOpenChange={vi.fn()} fixedGroup={crew} />);
    await fillRepeatingRide(dialog);
    fireEvent.change(within(dialog).getByLabelText('Ends'), { target: { value: 'count' } });
    fireEvent.change(within(dialog).getByLabelText('Number of rides'), { target: { value: '600' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Ride' }));
    // The series' count has no message of its own (SERIES_COUNT_MAX): zod's, in the rider's words, not "Too big: expected number to be <=520".
    expect((await within(dialog).findByText('Enter 520 or less')).getAttribute('role')).toBe('alert');
    await act(() => activateLocale('it'));
    expect(await within(dialog).findByText('Inserisci al massimo 520')).toBeTruthy();
    expect(within(dialog).queryByText(/Too big|expected number/)).toBeNull();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it("says 'Failed to create ride' when the server refuses", async () => {
    api([], { 'POST /api/rides': () => json({ message: 'boom' }, 500) });
    const dialog = await openDialog(<CreateRideDialog open onOpenChange={vi.fn()} fixedGroup={{ id: 'g9', name: 'Crew', timezoneOffset: 'UTC+00:00', timezoneName: 'UTC', timezone: 'UTC' }} />);
    fireEvent.change(within(dialog).getByLabelText('Ride Name'), { target: { value: 'Futa Loop' } });
    fireEvent.change(within(dialog).getByLabelText('Start Location'), { target: { value: 'Bologna' } });
    fireEvent.blur(within(dialog).getByLabelText('Start Location'));
    await within(dialog).findByText('Bologna → Bologna, Emilia-Romagna, Italy');
    fireEvent.change(within(dialog).getByLabelText('End Location'), { target: { value: 'Imola' } });
    fireEvent.blur(within(dialog).getByLabelText('End Location'));
    await within(dialog).findByText('Imola → Imola, Emilia-Romagna, Italy');
    await pickDay(dialog, 'Start Date', daysAhead(3));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Ride' }));
    expect(await screen.findByText('Failed to create ride')).toBeTruthy();
    expect(screen.getByText('Please try again later.')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Create Ride' })).toBeTruthy();
  });
});

describe('CreateRideDialog: a typed stop is never saved somewhere the rider did not see', () => {
  const crew = { id: 'g9', name: 'Crew', timezoneOffset: 'UTC+00:00', timezoneName: 'UTC', timezone: 'UTC' };

  async function fillAllButTheEnd(dialog: HTMLElement) {
    fireEvent.change(within(dialog).getByLabelText('Ride Name'), { target: { value: 'Futa Loop' } });
    fireEvent.change(within(dialog).getByLabelText('Start Location'), { target: { value: 'Bolo' } });
    fireEvent.click(await within(dialog).findByRole('option', { name: /Bologna/ }));
    await pickDay(dialog, 'Start Date', daysAhead(3));
  }

  it('says when nothing matches, blocks saving until the rider decides, and saves the kept text with null coordinates', async () => {
    const requests = api([], { 'POST /api/rides': (r) => json({ id: 'r1', name: (r.body as { name: string }).name, groupId: 'g9' }, 201) });
    const dialog = await openDialog(<CreateRideDialog open onOpenChange={vi.fn()} fixedGroup={crew} />);
    await fillAllButTheEnd(dialog);
    const end = within(dialog).getByLabelText('End Location');
    fireEvent.change(end, { target: { value: 'Xyzzy' } });
    fireEvent.blur(end);
    expect(await within(dialog).findByText('No place found for “Xyzzy”. Pick another, or keep it as text only.')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Ride' }));
    expect(await within(dialog).findByText('Pick a place from the suggestions, or keep it as text only')).toBeTruthy();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep as text only (not on the map)' }));
    expect(await within(dialog).findByText('“Xyzzy” is kept as text only (not on the map).')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Ride' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'POST')).toBe(true));
    const post = requests.find((r) => r.method === 'POST')!.body as Record<string, unknown>;
    expect(post.endLocation).toBe('Xyzzy');
    expect(post).toMatchObject({ endLatitude: null, endLongitude: null });
  });

  it('"Pick another" goes back to the typed text with its suggestions, and a picked one replaces the resolution', async () => {
    api([]);
    const dialog = await openDialog(<CreateRideDialog open onOpenChange={vi.fn()} fixedGroup={crew} />);
    const end = within(dialog).getByLabelText('End Location') as HTMLInputElement;
    fireEvent.change(end, { target: { value: 'Imola' } });
    fireEvent.blur(end);
    await within(dialog).findByText('Imola → Imola, Emilia-Romagna, Italy');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Pick another' }));
    expect(end.value).toBe('Imola');
    expect(document.activeElement).toBe(end);
    fireEvent.click(await within(dialog).findByRole('option', { name: 'Imola, Somewhere Else' }));
    expect(end.value).toBe('Imola, Somewhere Else');
    expect(within(dialog).queryByText(/Imola →/)).toBeNull();
  });

  it('Enter in a typed field resolves it instead of submitting', async () => {
    const requests = api([]);
    const dialog = await openDialog(<CreateRideDialog open onOpenChange={vi.fn()} fixedGroup={crew} />);
    const end = within(dialog).getByLabelText('End Location');
    fireEvent.change(end, { target: { value: 'Imola' } });
    fireEvent.keyDown(end, { key: 'Enter' });
    expect(await within(dialog).findByText('Imola → Imola, Emilia-Romagna, Italy')).toBeTruthy();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });
});

describe('CreateRideFromUrl', () => {
  it('opens on ?action=create-ride and drops the parameter when closed', async () => {
    api([group('g1', 'Apennine Riders', 'owner')]);
    const { router } = renderWithApp(<CreateRideFromUrl />, { path: '/groups?action=create-ride' });
    const dialog = await screen.findByRole('dialog', { name: 'Create Ride' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.queryByRole('dialog', { name: 'Create Ride' })).toBeNull();
  });
});
