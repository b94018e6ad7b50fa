import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { buildCurrentUser, json, mockApi, renderWithApp, type RecordedRequest, resetTestEnvironment } from '../../../test/utils';
import { ProfileForm } from './profile-form';
import { useCurrentUser } from '../../../api/users';

afterEach(() => {
  resetTestEnvironment();
  vi.useRealTimers();
});

function renderForm(overrides: Parameters<typeof buildCurrentUser>[0] = {}, taken: string[] = []) {
  const user = buildCurrentUser({ id: 'u_1', userId: 'swift-rider-42', ...overrides });
  const requests = mockApi({
    'PATCH /api/users/u_1': (request: RecordedRequest) => json({ ...user, ...(request.body as object), emailConfirmationSentTo: null }),
    'GET /api/users/current': () => json(user),
  });
  // mockApi matches exact paths: answer every check-username path from one handler.
  const fetchMock = vi.mocked(fetch);
  const inner = fetchMock.getMockImplementation()!;
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.startsWith('/api/users/check-username/')) {
      requests.push({ method: 'GET', url, body: undefined });
      const name = decodeURIComponent(url.split('/').pop()!.split('?')[0]!);
      return json({ available: !taken.includes(name.toLowerCase()) });
    }
    return inner(input, init);
  });
  renderWithApp(<ProfileForm user={user} highlightEmail={null} />);
  const field = screen.getByLabelText('User ID') as HTMLInputElement;
  return { user, requests, field, checks: () => requests.filter((r) => r.url.startsWith('/api/users/check-username/')) };
}

/** A new handle typed into `field`, shown free, and saved; the server then refuses the save with `status` and `message`. */
/** The codes the server sends with these refusals (src/shared/http/error-codes.ts). */
const REFUSAL_CODES: Record<string, string> = { 'Username is already taken': 'username_taken', 'Username change limit reached': 'username_change_limit' };

async function saveRefusedHandle(field: HTMLInputElement, handle: string, status: number, message: string) {
  vi.mocked(fetch).mockImplementation(async (input, init) => {
    if (init?.method === 'PATCH') return new Response(JSON.stringify({ message, code: REFUSAL_CODES[message] }), { status });
    if (String(input).startsWith('/api/users/check-username/')) return json({ available: true });
    return json({});
  });
  fireEvent.change(field, { target: { value: handle } });
  await screen.findByRole('img', { name: 'Username is available' });
  fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
}

describe('ProfileForm: the username', () => {
  it('checks availability 500 ms after typing stops, from 3 characters, only when it differs', async () => {
    // The clock moves only when the test says so: the debounce is measured, not waited for.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { field, checks } = renderForm();

    fireEvent.change(field, { target: { value: 'ab' } });
    await vi.advanceTimersByTimeAsync(700);
    expect(checks()).toHaveLength(0);

    fireEvent.change(field, { target: { value: 'swift-rider-42' } });
    await vi.advanceTimersByTimeAsync(700);
    expect(checks()).toHaveLength(0);

    fireEvent.change(field, { target: { value: 'canyon' } });
    await vi.advanceTimersByTimeAsync(200);
    fireEvent.change(field, { target: { value: 'canyon-carver' } });
    await vi.advanceTimersByTimeAsync(499);
    // Still typing: nothing asked yet.
    expect(checks()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    // vi.waitFor moves the fake clock between its checks.
    await vi.waitFor(() => expect(screen.getByRole('img', { name: 'Username is available' })).toBeTruthy());
    expect(checks().map((r) => r.url)).toEqual(['/api/users/check-username/canyon-carver?excludeUserId=u_1']);
  });

  it('shows a red cross for a taken handle and refuses to save it', async () => {
    const { field, requests } = renderForm({}, ['taken-name']);
    fireEvent.change(field, { target: { value: 'taken-name' } });
    expect(await screen.findByRole('img', { name: 'Username is taken' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Username not available')).toBeTruthy();
    expect(screen.getByText('This username is already taken. Please choose another.')).toBeTruthy();
    expect(requests.some((r) => r.method === 'PATCH')).toBe(false);
  });

  it('saves a free handle with the other fields, and leaves an empty e-mail out', async () => {
    const { field, requests } = renderForm({ firstName: 'Ada' });
    fireEvent.change(field, { target: { value: 'canyon-carver' } });
    await screen.findByRole('img', { name: 'Username is available' });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Your profile has been successfully updated.')).toBeTruthy();
    const patch = requests.find((r) => r.method === 'PATCH')!;
    expect(patch.url).toBe('/api/users/u_1');
    expect(patch.body).toEqual({ userId: 'canyon-carver', firstName: 'Ada', lastName: null, bio: null, location: null, latitude: null, longitude: null });
  });

  it('validates the handle length with the spec message', async () => {
    const { field, requests } = renderForm();
    fireEvent.change(field, { target: { value: 'ab' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('User ID must be at least 3 characters')).toBeTruthy();
    expect(requests.some((r) => r.method === 'PATCH')).toBe(false);
  });

  it('counts the changes left, and disables the field after 2', () => {
    const { field } = renderForm({ userIdChangesCount: 1 });
    expect(screen.getByText('Can only be changed 1 more time')).toBeTruthy();
    expect(field.disabled).toBe(false);
    cleanup();

    const limited = renderForm({ userIdChangesCount: 2 });
    expect(screen.getByText('Username change limit reached (2/2 changes used)')).toBeTruthy();
    expect(limited.field.disabled).toBe(true);
  });

  it('maps the server refusal of a taken handle to the spec text', async () => {
    const { field } = renderForm();
    await saveRefusedHandle(field, 'raced-name', 409, 'Username is already taken');
    expect(await screen.findByText('Update failed')).toBeTruthy();
    expect(screen.getByText('This username is already taken. Please choose a different one.')).toBeTruthy();
  });

  it('shows the limit toast when the server refuses a third change', async () => {
    const { field } = renderForm({ userIdChangesCount: 1 });
    await saveRefusedHandle(field, 'third-name', 403, 'Username change limit reached');
    expect(await screen.findByText('Username change limit reached')).toBeTruthy();
    expect(screen.getByText('You can only change your username 2 times.')).toBeTruthy();
  });
});

describe('ProfileForm: the e-mail', () => {
  it('tells the rider a confirmation link went to a new address', async () => {
    let user = buildCurrentUser({ id: 'u_1' });
    mockApi({
      'PATCH /api/users/u_1': () => {
        user = { ...user, pendingEmail: 'new@example.com' };
        return json({ ...user, emailConfirmationSentTo: 'new@example.com' });
      },
      'GET /api/users/current': () => json(user),
    });
    // As on the page: the form shows the current user as the server has it.
    function FromServer() {
      const { data } = useCurrentUser();
      return data ? <ProfileForm user={data} highlightEmail={null} /> : null;
    }
    renderWithApp(<FromServer />);
    fireEvent.change(await screen.findByLabelText('Email Address'), { target: { value: 'new@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Check your inbox')).toBeTruthy();
    expect(screen.getByText('We sent a confirmation link to new@example.com.')).toBeTruthy();
    await waitFor(() => expect(screen.getByText(/Waiting for confirmation of/)).toBeTruthy());
    expect(screen.getAllByText('new@example.com').length).toBeGreaterThan(0);
  });

  it('maps an address held by another account to the spec text', async () => {
    const user = buildCurrentUser({ id: 'u_1' });
    mockApi({ 'PATCH /api/users/u_1': () => new Response('{"message":"Email address is already in use"}', { status: 409 }) });
    renderWithApp(<ProfileForm user={user} highlightEmail={null} />);
    fireEvent.change(screen.getByLabelText('Email Address'), { target: { value: 'held@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('This email address is already registered to another account. Please use a different email.')).toBeTruthy();
  });

  it('rejects an invalid address with the spec message', async () => {
    const requests = mockApi({});
    renderWithApp(<ProfileForm user={buildCurrentUser()} highlightEmail={null} />);
    fireEvent.change(screen.getByLabelText('Email Address'), { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Invalid email address')).toBeTruthy();
    expect(requests.filter((r) => r.url.startsWith('/api/users'))).toHaveLength(0);
  });
});

describe('ProfileForm: the location is never saved somewhere the rider did not see', () => {
  it('blocks saving a typed location nothing matches until the rider keeps it as text only', async () => {
    const { requests } = renderForm();
    const fetchMock = vi.mocked(fetch);
    const inner = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => (String(input).startsWith('/api/search-location') ? json([]) : inner(input, init)));
    const location = screen.getByLabelText('Location', { selector: 'input' });
    fireEvent.change(location, { target: { value: 'Xyzzy' } });
    fireEvent.blur(location);
    expect(await screen.findByText('No place found for “Xyzzy”. Pick another, or keep it as text only.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Pick a place from the suggestions, or keep it as text only')).toBeTruthy();
    expect(requests.some((r) => r.method === 'PATCH')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Keep as text only (not on the map)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'PATCH')).toBe(true));
    expect(requests.find((r) => r.method === 'PATCH')!.body).toMatchObject({ location: 'Xyzzy', latitude: null, longitude: null });
  });
});
