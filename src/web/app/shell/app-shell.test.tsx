import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { buildCurrentUser, json, mockApi, renderRoutes } from '../../test/utils';
import type { CurrentUser } from '../../../shared/users/current-user';
import { useQuery } from '@tanstack/react-query';
import { AppShell } from './app-shell';

afterEach(() => {
  localStorage.clear();
  vi.useRealTimers();
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function Page() {
  return <h1>Page</h1>;
}

function renderShell(user: CurrentUser, path = '/') {
  const requests = mockApi({
    'GET /api/users/current': () => json(user),
    'GET /api/app-config': () => json({ appName: 'Throttle Club', tileUrl: '', tileAttribution: '', placeSearch: 'towns' }),
    'GET /api/notifications': () => json([]),
    'GET /api/groups': () => json([]),
    'POST /api/users/mark-welcome-seen': () => json({ success: true }),
    'POST /api/events': () => new Response(null, { status: 202 }),
    [`PATCH /api/users/${user.id}`]: () => json({ ...user, timezone: 'Asia/Kolkata', timezoneOffset: 'UTC+05:30', timezoneName: 'Mumbai', emailConfirmationSentTo: null }),
  });
  const { router } = renderRoutes([
    {
      path: '/',
      Component: AppShell,
      children: [
        { index: true, Component: Page },
        { path: '*', Component: Page },
      ],
    },
  ], { path });
  return { router, requests };
}

describe('AppShell', () => {
  it('shows a spinner while the current user loads, then the navigation and the page', async () => {
    renderShell(buildCurrentUser());
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Page' })).toBeTruthy();
    const nav = screen.getAllByRole('navigation', { name: 'Main' })[0]!;
    expect(within(nav).getAllByRole('link').map((a) => a.textContent)).toEqual([
      'Dashboard',
      'Upcoming Rides',
      'My Groups',
      'Ride Finder',
      'Media Gallery',
      'Preferences',
      'Report Bug',
    ]);
  });

  it('marks the active link with aria-current, including sub-paths', async () => {
    renderShell(buildCurrentUser(), '/groups/g1');
    await screen.findByRole('heading', { name: 'Page' });
    const nav = screen.getAllByRole('navigation', { name: 'Main' })[0]!;
    expect(within(nav).getByRole('link', { name: 'My Groups' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBeNull();
  });

  it('names the product from /api/app-config and shows the user chip with initials', async () => {
    renderShell(buildCurrentUser({ userId: 'gravel-grinder' }));
    await waitFor(() => expect(screen.getAllByText('Throttle Club').length).toBeGreaterThan(0));
    expect(screen.getAllByText('GR').length).toBeGreaterThan(0);
    // The menu is built once the page has painted (shell-menus.tsx); a look-alike stands in, hidden from assistive technology.
    expect((await screen.findAllByRole('button', { name: /^Account menu:\s*gravel-grinder/ })).length).toBeGreaterThan(0);
  });

  it('closes the drawer when a link is chosen', async () => {
    const { router } = renderShell(buildCurrentUser());
    await screen.findByRole('heading', { name: 'Page' });

    fireEvent.click(screen.getByRole('button', { name: 'Open navigation' }));
    const drawer = await screen.findByRole('dialog', { name: 'Navigation' });
    fireEvent.click(within(drawer).getByRole('link', { name: 'Ride Finder' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Navigation' })).toBeNull());
    expect(router.state.location.pathname).toBe('/finder');
  });

  it('welcomes a first-time visitor by the product name', async () => {
    renderShell(buildCurrentUser({ isFirstVisit: true }));
    expect(await screen.findByRole('dialog', { name: 'Welcome to Throttle Club!' })).toBeTruthy();
  });

  it("waits for the page's own reads before it builds its extras (the welcome, the account menu): they come after what the page shows", async () => {
    let answer: (response: Response) => void = () => {};
    const pageRead = new Promise<Response>((resolve) => {
      answer = resolve;
    });
    function RidePage() {
      const ride = useQuery({ queryKey: ['ride-under-test'], queryFn: () => fetch('/api/rides/r1').then((response) => response.json() as Promise<{ name: string }>) });
      return <h1>{ride.data?.name ?? 'Loading the ride'}</h1>;
    }
    mockApi({
      'GET /api/users/current': () => json(buildCurrentUser({ isFirstVisit: true, userId: 'gravel-grinder' })),
      'GET /api/app-config': () => json({ appName: 'Throttle Club', tileUrl: '', tileAttribution: '', placeSearch: 'towns' }),
      'GET /api/notifications': () => json([]),
      'GET /api/groups': () => json([]),
      'GET /api/rides/r1': () => pageRead,
    });
    renderRoutes([{ path: '/', Component: AppShell, children: [{ index: true, Component: RidePage }] }], { path: '/' });
    await screen.findByRole('heading', { name: 'Loading the ride' });
    // Two frames, each followed by a task: more than the shell waits after its reads are in (lib/page-settled.ts).
    // Nothing of the extras while the ride's read is out.
    for (let frame = 0; frame < 2; frame++) await act(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Account menu/ })).toBeNull();

    answer(json({ name: 'Passo della Futa' }));
    await screen.findByRole('heading', { name: 'Passo della Futa' });
    expect(await screen.findByRole('dialog', { name: 'Welcome to Throttle Club!' })).toBeTruthy();
    // Behind the modal welcome, so hidden from assistive technology until it closes.
    expect((await screen.findAllByRole('button', { name: /^Account menu:\s*gravel-grinder/, hidden: true })).length).toBeGreaterThan(0);
  });

  it("opens a first visit's welcome after the account menu is on screen, in a build of its own (a modal restyles the whole page)", async () => {
    const menuCameWithDialog: boolean[] = [];
    const observer = new MutationObserver(() => {
      if (menuCameWithDialog.length > 0) return;
      if (screen.queryAllByRole('button', { name: /^Account menu/, hidden: true }).length > 0) menuCameWithDialog.push(screen.queryByRole('dialog') !== null);
    });
    observer.observe(document.body, { childList: true, subtree: true });
    try {
      renderShell(buildCurrentUser({ isFirstVisit: true, userId: 'gravel-grinder' }));
      expect(await screen.findByRole('dialog', { name: 'Welcome to Throttle Club!' })).toBeTruthy();
      expect(menuCameWithDialog).toEqual([false]);
    } finally {
      observer.disconnect();
    }
  });

  it('does not hold its extras back for a read that failed and is being tried again (the server is down: the offline banner is what the rider needs)', async () => {
    function RidePage() {
      const ride = useQuery({ queryKey: ['ride-failing'], queryFn: () => fetch('/api/rides/r1').then((response) => (response.ok ? (response.json() as Promise<{ name: string }>) : Promise.reject(new Error('down')))), retry: 3, retryDelay: 60_000 });
      return <h1>{ride.failureCount > 0 ? 'Trying the ride again' : 'Loading the ride'}</h1>;
    }
    mockApi({
      'GET /api/users/current': () => json(buildCurrentUser({ isFirstVisit: true })),
      'GET /api/app-config': () => json({ appName: 'Throttle Club', tileUrl: '', tileAttribution: '', placeSearch: 'towns' }),
      'GET /api/notifications': () => json([]),
      'GET /api/groups': () => json([]),
      'GET /api/rides/r1': () => json({ message: 'Bad gateway' }, 502),
    });
    renderRoutes([{ path: '/', Component: AppShell, children: [{ index: true, Component: RidePage }] }], { path: '/' });
    await screen.findByRole('heading', { name: 'Trying the ride again' });
    // Well before the next try (a minute away) and the shell's own limit (3 s).
    expect(await screen.findByRole('dialog', { name: 'Welcome to Throttle Club!' }, { timeout: 2_000 })).toBeTruthy();
  });

  it('does not show the welcome on invitation pages', async () => {
    renderShell(buildCurrentUser({ isFirstVisit: true }), '/invite/abc');
    await screen.findByRole('heading', { name: 'Page' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens the login dialog from the welcome dialog', async () => {
    const { requests } = renderShell(buildCurrentUser({ isFirstVisit: true }));
    fireEvent.click(await screen.findByRole('button', { name: 'Login as existing user' }));
    expect(await screen.findByRole('dialog', { name: 'Login to Existing Account' })).toBeTruthy();
    expect(requests.map((r) => r.url)).toContain('/api/users/mark-welcome-seen');
  });

  it('Logout leads to the signed-out page without reading the current user again (no new guest)', async () => {
    const requests = mockApi({
      'GET /api/users/current': () => json(buildCurrentUser({ userId: 'gravel-grinder', email: 'g@example.com' })),
      'GET /api/app-config': () => json({ appName: 'Throttle Club', tileUrl: '', tileAttribution: '', placeSearch: 'towns' }),
      'GET /api/notifications': () => json([]),
      'GET /api/groups': () => json([]),
      'POST /api/auth/logout': () => json({ success: true }),
    });
    const { router } = renderRoutes([
      { path: '/signed-out', Component: () => <h1>Signed out</h1> },
      { path: '/', Component: AppShell, children: [{ index: true, Component: Page }] },
    ]);
    const [menuButton] = await screen.findAllByRole('button', { name: /^Account menu:\s*gravel-grinder/ });
    fireEvent.pointerDown(menuButton!, { button: 0, pointerType: 'mouse' });
    // From here the clock jumps instead of a real wait: whatever logout schedules runs before the check.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Signed out' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/signed-out');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(requests.filter((r) => r.url === '/api/users/current')).toHaveLength(1);
  });
});

/** A browser whose own zone is Asia/Kolkata. */
function browserInKolkata() {
  const resolved = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
    return { ...resolved.call(this), timeZone: 'Asia/Kolkata' };
  });
}

describe('the rider’s time zone (issue 29)', () => {
  const patches = (requests: Array<{ method: string; url: string; body: unknown }>) => requests.filter((r) => r.method === 'PATCH');

  it('is the browser’s, saved on the first load of a rider (or guest) who has none, wherever they land', async () => {
    browserInKolkata();
    const { requests } = renderShell(buildCurrentUser({ id: 'u_7', email: null }), '/groups/g1');
    await screen.findByRole('heading', { name: 'Page' });
    await waitFor(() => expect(patches(requests).map((r) => [r.url, r.body])).toEqual([['/api/users/u_7', { timezone: 'Asia/Kolkata', timezoneOffset: 'UTC+05:30', timezoneName: 'Mumbai' }]]));
  });

  it('never replaces a zone the rider has, and is offered once per browser (a rider who then picks UTC keeps it)', async () => {
    browserInKolkata();
    const first = renderShell(buildCurrentUser({ timezone: 'Europe/Berlin', timezoneOffset: 'UTC+01:00', timezoneName: 'Berlin' }));
    await screen.findByRole('heading', { name: 'Page' });
    expect(patches(first.requests)).toEqual([]);
    cleanup();

    const second = renderShell(buildCurrentUser());
    await waitFor(() => expect(patches(second.requests)).toHaveLength(1));
    cleanup();
    // The rider chose UTC since: the next load leaves it.
    const third = renderShell(buildCurrentUser());
    await screen.findByRole('heading', { name: 'Page' });
    expect(patches(third.requests)).toEqual([]);
  });
});
