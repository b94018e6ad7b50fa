import type { ReactElement, ReactNode } from 'react';
import { cleanup, render as renderInDocument, type RenderOptions } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { I18nProvider } from '@lingui/react';
import { afterEach, beforeEach, onTestFinished, vi } from 'vitest';
import type { AppConfig } from '../../shared/http/app-config';
import type { CurrentUser } from '../../shared/users/current-user';
import { PREFERENCE_DEFAULTS } from '../../shared/users/preferences';
import { AppProviders } from '../app/providers';
import { resetToasts } from '../components/ui/toast-store';
import { createQueryClient } from '../lib/query-client';
import { i18n } from '../lib/i18n/i18n';

export function buildCurrentUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: 'u_1',
    userId: 'swift-rider-42',
    userIdChangesCount: 0,
    email: null,
    firstName: null,
    lastName: null,
    bio: null,
    location: null,
    latitude: null,
    longitude: null,
    motorcycles: [],
    profileImageUrl: null,
    backgroundImageUrl: null,
    isFirstVisit: false,
    profileVisibility: 'public',
    preferredUnits: 'kilometers',
    gpxPrivacyZone: '500m',
    timezoneOffset: 'UTC+00:00',
    timezoneName: 'UTC',
    timezone: 'UTC',
    createdAt: '2025-01-01T00:00:00.000Z',
    pendingEmail: null,
    ...PREFERENCE_DEFAULTS,
    ...overrides,
  };
}

export interface RecordedRequest {
  method: string;
  url: string;
  body: unknown;
}

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

/** The installation's settings, which any page may read (GET /api/app-config); a test may answer its own. */
export const TEST_APP_CONFIG: AppConfig = { appName: 'RoadCaptain', tileUrl: '', tileAttribution: '', tileOffline: { cacheMb: 100, prefetch: false, prefetchMaxTiles: 3000 }, placeSearch: 'towns', pseudoLocale: false };

/**
 * Replaces fetch with a table of `"METHOD /path"` handlers (GET /api/app-config answers
 * TEST_APP_CONFIG unless given). A call no handler expects fails the test (its fetch rejects as the
 * network would, and the test is failed when it ends), so a test never passes on a stray request
 * answered by accident; a test that means a 404 says so in a handler.
 * Returns the list of requests made, in order.
 */
export function mockApi(givenHandlers: Record<string, Handler>) {
  const handlers: Record<string, Handler> = { 'GET /api/app-config': () => json(TEST_APP_CONFIG), ...givenHandlers };
  const requests: RecordedRequest[] = [];
  const unexpected: string[] = [];
  onTestFinished(() => {
    if (unexpected.length > 0) throw new Error(`mockApi: requests nobody expected: ${unexpected.join(', ')}`);
  });
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const request = { method, url, body };
    requests.push(request);
    const handler = handlers[`${method} ${url.split('?')[0]}`];
    if (handler) return handler(request);
    unexpected.push(`${method} ${url}`);
    throw new TypeError(`mockApi: no handler for ${method} ${url}`);
  });
  vi.stubGlobal('fetch', fetchMock);
  return requests;
}

/**
 * The current user as the server keeps them, on top of `mockApi`: GET /api/users/current answers the
 * user as saved so far, and PATCH /api/users/{id} merges its body in. `handlers` answer the rest.
 */
export function mockCurrentUser(user: CurrentUser, handlers: Record<string, Handler> = {}) {
  let current = user;
  return mockApi({
    'GET /api/users/current': () => json(current),
    [`PATCH /api/users/${user.id}`]: (request) => {
      current = { ...current, ...(request.body as Partial<CurrentUser>) };
      return json({ ...current, emailConfirmationSentTo: null });
    },
    ...handlers,
  });
}

export function json(data: unknown, status = 200): Response {
  return new Response(JSON.stringify(data), { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * Uploads go through XMLHttpRequest (for progress), which mockApi does not see: this answers every
 * upload with `status` and the JSON `body` (undone by resetTestEnvironment or vi.unstubAllGlobals).
 */
export function answerUploadsWith(status: number, body: unknown) {
  class AnsweringRequest {
    status = 0;
    statusText = '';
    responseText = '';
    withCredentials = false;
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    open() {}
    abort() {}
    send() {
      queueMicrotask(() => {
        this.status = status;
        this.responseText = JSON.stringify(body);
        this.onload?.();
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', AnsweringRequest);
}

/** For `beforeEach` when a Radix control that measures itself (Slider, Switch, RadioGroup) renders: jsdom has no ResizeObserver. */
export function stubResizeObserver() {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
}

/** The app's own providers (queries, toasts); tests pass a fresh query client each. */
export const Providers = AppProviders;

/**
 * Renders a part on its own (no queries, no router) inside the app's I18nProvider, as the app renders
 * everything: components read the language from it (`useLingui`) and re-render when it changes. Tests
 * render through this, `renderRoutes` or `renderWithApp`, never `@testing-library/react`'s render.
 */
export function render(ui: ReactElement, options: Omit<RenderOptions, 'queries'> = {}) {
  return renderInDocument(ui, { wrapper: InLanguage, ...options });
}

function InLanguage({ children }: { children: ReactNode }) {
  return <I18nProvider i18n={i18n}>{children}</I18nProvider>;
}

/** Renders `routes` in a memory router opened at `path`, inside the app's providers; navigation is read from `router.state`. */
export function renderRoutes(routes: RouteObject[], { path = '/', queryClient = createQueryClient() } = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...result, router, queryClient };
}

/** Renders `element` on every path of a memory router, so navigation can be read from `router.state`. */
export function renderWithApp(element: ReactElement, options: { path?: string; queryClient?: ReturnType<typeof createQueryClient> } = {}) {
  return renderRoutes([{ path: '*', element }], options);
}

/**
 * For the tests of one file: jsdom has no object URLs, so a picked file's preview is 'blob:preview'.
 * Call it before the file's own afterEach, so the stub outlives the unmounting there.
 */
export function stubObjectUrls() {
  const objectUrls = URL as unknown as { createObjectURL?: unknown; revokeObjectURL?: unknown };
  beforeEach(() => {
    objectUrls.createObjectURL = vi.fn(() => 'blob:preview');
    objectUrls.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    delete objectUrls.createObjectURL;
    delete objectUrls.revokeObjectURL;
  });
}

/** For `afterEach`: unmounts, forgets toasts, and undoes `mockApi` and every stub and spy, so no test sees another's. */
export function resetTestEnvironment() {
  cleanup();
  resetToasts();
  // What a browser keeps between loads (the zone offered once, features/users/components/browser-zone.tsx).
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
}
