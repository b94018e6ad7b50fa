import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { CurrentUser } from '../../shared/users/current-user';
import { ToastProvider, Toaster } from '../components/ui/toast';
import { createQueryClient } from '../lib/query-client';

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
    createdAt: '2025-01-01T00:00:00.000Z',
    pendingEmail: null,
    ...overrides,
  };
}

export interface RecordedRequest {
  method: string;
  url: string;
  body: unknown;
}

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

/**
 * Replaces fetch with a table of `"METHOD /path"` handlers; unknown calls answer 404.
 * Returns the list of requests made, in order.
 */
export function mockApi(handlers: Record<string, Handler>) {
  const requests: RecordedRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const request = { method, url, body };
    requests.push(request);
    const handler = handlers[`${method} ${url.split('?')[0]}`];
    return handler ? handler(request) : new Response('{"message":"Not found"}', { status: 404, statusText: 'Not Found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return requests;
}

export function json(data: unknown, status = 200): Response {
  return new Response(JSON.stringify(data), { status, headers: { 'Content-Type': 'application/json' } });
}

export function Providers({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        {children}
        <Toaster />
      </ToastProvider>
    </QueryClientProvider>
  );
}

/** Renders `element` on every path of a memory router, so navigation can be read from `router.state`. */
export function renderWithApp(element: ReactElement, { path = '/', queryClient = createQueryClient() } = {}) {
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [path] });
  const result = render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...result, router, queryClient };
}
