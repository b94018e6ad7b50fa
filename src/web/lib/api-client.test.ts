import { afterEach, describe, expect, it, vi } from 'vitest';
import { setupI18n } from '@lingui/core';
import { ApiError, apiGet, apiRequest, describeApiError, errorMessageOf } from './api-client';
import { onlineManager } from '@tanstack/react-query';
import { SAVED_AT_HEADER, savedShown } from './online';

function mockFetch(response: Response) {
  const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function initOf(fetchMock: ReturnType<typeof mockFetch>): RequestInit {
  const call = fetchMock.mock.calls[0];
  if (!call) throw new Error('fetch was not called');
  return call[1] ?? {};
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiRequest', () => {
  it('sends credentials and no body or content type when no body is given', async () => {
    const fetchMock = mockFetch(new Response(JSON.stringify({ success: true }), { status: 200 }));

    const result = await apiRequest<{ success: boolean }>('/api/auth/logout', { method: 'POST' });

    expect(result).toEqual({ success: true });
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/logout', expect.anything());
    const init = initOf(fetchMock);
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('include');
    expect(init.body).toBeUndefined();
    expect(init.headers).toBeUndefined();
  });

  it('sends a JSON body with a JSON content type when a body is given', async () => {
    const fetchMock = mockFetch(new Response(JSON.stringify({ success: true, message: 'sent' }), { status: 200 }));

    await apiRequest('/api/auth/magic-link', { method: 'POST', body: { email: 'rider@example.com' } });

    const init = initOf(fetchMock);
    expect(init.credentials).toBe('include');
    expect(init.headers).toEqual({ 'Content-Type': 'application/json' });
    expect(init.body).toBe(JSON.stringify({ email: 'rider@example.com' }));
  });

  it('reads with GET and parses the JSON answer', async () => {
    const fetchMock = mockFetch(new Response(JSON.stringify([{ id: 'n1' }]), { status: 200 }));

    await expect(apiGet('/api/notifications')).resolves.toEqual([{ id: 'n1' }]);
    expect(initOf(fetchMock).method).toBe('GET');
    expect(initOf(fetchMock).credentials).toBe('include');
  });

  it('throws "status: body" for a non-OK answer', async () => {
    mockFetch(new Response('{"message":"Too many requests"}', { status: 429, statusText: 'Too Many Requests' }));

    await expect(apiRequest('/api/auth/magic-link', { method: 'POST', body: { email: 'a@b.c' } })).rejects.toThrow(
      '429: {"message":"Too many requests"}',
    );
  });

  it('falls back to the status text when the error body is empty', async () => {
    mockFetch(new Response('', { status: 500, statusText: 'Internal Server Error' }));

    await expect(apiGet('/api/users/current')).rejects.toThrow('500: Internal Server Error');
  });

  it('throws on 401 by default', async () => {
    mockFetch(new Response('', { status: 401, statusText: 'Unauthorized' }));

    await expect(apiGet('/api/users/current')).rejects.toThrow('401: Unauthorized');
  });

  it('returns null on 401 when configured to', async () => {
    mockFetch(new Response('{"message":"Sign in"}', { status: 401, statusText: 'Unauthorized' }));

    await expect(apiGet('/api/users/current', { nullOn401: true })).resolves.toBeNull();
  });

  it('still throws other errors when configured to return null on 401', async () => {
    mockFetch(new Response('nope', { status: 403, statusText: 'Forbidden' }));

    await expect(apiGet('/api/users/current', { nullOn401: true })).rejects.toThrow('403: nope');
  });

  it('resolves to undefined for an empty successful answer', async () => {
    mockFetch(new Response(null, { status: 202 }));

    await expect(apiRequest('/api/events', { method: 'POST', body: { category: 'c', event: 'e' } })).resolves.toBeUndefined();
  });
});

describe('a request that gets no answer', () => {
  it('throws an ApiError of status 0 that says to check the connection, not the browser\'s "Failed to fetch"', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockRejectedValue(new TypeError('Failed to fetch')));
    const error = await apiRequest('/api/groups/g1/join', { method: 'POST' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(0);
    expect(errorMessageOf(error)).toBe('Check your connection and try again.');
    // An upload's XHR network error reads the same.
    expect(errorMessageOf(new ApiError(0, 'Network error', ''))).toBe('Check your connection and try again.');
  });

  it('leaves a cancelled request an abort', async () => {
    const controller = new AbortController();
    controller.abort();
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockRejectedValue(new DOMException('The operation was aborted.', 'AbortError')));
    const error = await apiGet('/api/groups', { signal: controller.signal }).catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as Error).name).toBe('AbortError');
  });
});

describe('errorMessageOf', () => {
  it('reads the message of a JSON error body', async () => {
    mockFetch(new Response('{"message":"Username is already taken"}', { status: 409, statusText: 'Conflict' }));
    const error = await apiGet('/api/x').catch((e: unknown) => e);
    expect(errorMessageOf(error)).toBe('Username is already taken');
  });

  it('falls back to the error message', () => {
    expect(errorMessageOf(new Error('boom'))).toBe('boom');
  });
});

describe('ApiError', () => {
  it('keeps the status, the server message and Retry-After for callers', async () => {
    mockFetch(new Response('{"message":"Too many"}', { status: 429, headers: { 'Retry-After': '125' } }));
    const error = await apiRequest('/api/auth/magic-link', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429, serverMessage: 'Too many', retryAfterSeconds: 125, message: '429: {"message":"Too many"}' });
  });

  it('has no Retry-After when the header is absent or a date, and no server message for a non-JSON body', () => {
    expect(new ApiError(503, 'Unavailable', 'oops').retryAfterSeconds).toBeNull();
    expect(new ApiError(503, 'Unavailable', 'oops', 'Wed, 21 Oct 2015 07:28:00 GMT').retryAfterSeconds).toBeNull();
    expect(new ApiError(503, 'Unavailable', 'oops').serverMessage).toBeNull();
  });
});

describe('describeApiError', () => {
  const italian = setupI18n({
    locale: 'it',
    locales: ['it-IT'],
    messages: {
      it: {
        'errors.ride_full': 'Questo giro è al completo',
        'errors.invalid_input': 'Controlla quello che hai inserito.',
        'errors.storage_limit_exceeded': 'I tuoi caricamenti supererebbero il limite di spazio di {limitMb, number} MB',
        'errors.nonexistent_local_time': 'Le {time} non esistono in {zone} il {day, date, utcDay}: quella notte si spostano avanti gli orologi. Scegli un altro orario.',
        'validation.ride.name_too_long': 'Nome troppo lungo',
      },
    },
  });
  const english = setupI18n({ locale: 'en', messages: { en: {} } });
  const refusal = (status: number, body: Record<string, unknown>) => new ApiError(status, 'Refused', JSON.stringify(body));

  it('words a known code in the active language, keeping code and params on the error', () => {
    const error = refusal(409, { message: 'This ride is full', code: 'ride_full' });
    expect(error.code).toBe('ride_full');
    expect(describeApiError(error, italian)).toBe('Questo giro è al completo');
  });

  it("writes sizes and days sent as data in the rider's numbers and calendar (an Italian rider)", () => {
    const tooMuch = refusal(413, { message: 'Your uploads would exceed your 20,000 MB storage limit', code: 'storage_limit_exceeded', params: { limitBytes: 20_000 * 1024 * 1024, limitMb: 20_000 } });
    expect(describeApiError(tooMuch, italian)).toBe('I tuoi caricamenti supererebbero il limite di spazio di 20.000 MB');
    const skipped = refusal(400, { message: '02:30 does not exist…', code: 'nonexistent_local_time', params: { time: '02:30', zone: 'Europe/Rome', day: '2027-03-28' } });
    expect(describeApiError(skipped, italian)).toBe('Le 02:30 non esistono in Europe/Rome il 28 mar 2027: quella notte si spostano avanti gli orologi. Scegli un altro orario.');
  });

  it("writes the skipped time of day on the rider's clock: 2:30 AM in the United States, 02:30 in Italy (issue 31)", () => {
    const skipped = refusal(400, { message: '02:30 does not exist…', code: 'nonexistent_local_time', params: { time: '02:30', zone: 'America/New_York', day: '2027-03-14' } });
    const american = setupI18n({ locale: 'en', locales: ['en-US'], messages: { en: { 'errors.nonexistent_local_time': '{time} does not exist in {zone} on {day, date, utcDay}: the clocks go forward that night. Choose another time.' } } });
    expect(describeApiError(skipped, american)).toMatch(/^2:30\sAM does not exist in America\/New_York on Mar 14, 2027: the clocks go forward that night\. Choose another time\.$/);
    expect(describeApiError(skipped, italian)).toMatch(/^Le 02:30 non esistono in America\/New_York il 14 mar 2027/);
    const afternoon = refusal(400, { message: '14:05 does not exist…', code: 'nonexistent_local_time', params: { time: '14:05', zone: 'America/New_York', day: '2027-03-14' } });
    expect(describeApiError(afternoon, american)).toMatch(/^2:05\sPM does not exist/);
    expect(describeApiError(afternoon, italian)).toMatch(/^Le 14:05 non esistono/);
  });

  it("words invalid_input from the shared schema's message it names; else the English to an English reader, the code's text to the others", () => {
    const named = refusal(400, { message: 'Name too long', code: 'invalid_input', field: 'name', params: { messageId: 'validation.ride.name_too_long' } });
    expect(describeApiError(named, italian)).toBe('Nome troppo lungo');
    const unnamed = refusal(400, { message: 'Too small: expected string to have >=3 characters', code: 'invalid_input', field: 'x' });
    expect(describeApiError(unnamed, italian)).toBe('Controlla quello che hai inserito.');
    expect(describeApiError(unnamed, english)).toBe('Too small: expected string to have >=3 characters');
  });

  it("falls back to the server's English for a code the catalog does not know", () => {
    expect(describeApiError(refusal(409, { message: 'Something new', code: 'something_new' }), italian)).toBe('Something new');
    expect(describeApiError(new Error('boom'), italian)).toBeNull();
  });
});

describe('the server not answering (issue 32 point 5)', () => {
  it("is offline on no answer, on a proxy's 502 to 504 and on the service worker's saved copy, not on the app's own 503", async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(apiGet('/api/rides/upcoming')).rejects.toBeInstanceOf(ApiError);
    expect(onlineManager.isOnline()).toBe(false);

    onlineManager.setOnline(true);
    mockFetch(new Response('<html>Bad Gateway</html>', { status: 502, headers: { 'Content-Type': 'text/html' } }));
    await expect(apiGet('/api/rides/upcoming')).rejects.toBeInstanceOf(ApiError);
    expect(onlineManager.isOnline()).toBe(false);

    onlineManager.setOnline(true);
    mockFetch(new Response(JSON.stringify({ code: 'rate_limited' }), { status: 503, headers: { 'Content-Type': 'application/json' } }));
    await expect(apiGet('/api/rides/upcoming')).rejects.toBeInstanceOf(ApiError);
    expect(onlineManager.isOnline()).toBe(true);

    mockFetch(new Response(JSON.stringify([]), { status: 200, headers: { [SAVED_AT_HEADER]: '1790000000000' } }));
    expect(await apiGet('/api/rides/upcoming')).toEqual([]);
    expect(onlineManager.isOnline()).toBe(false);
    expect(savedShown.at(-1)).toEqual({ path: window.location.pathname, at: 1_790_000_000_000 });

    // An answer that looks live (it may come from the browser's HTTP cache) does not say the server is back.
    mockFetch(new Response(JSON.stringify([]), { status: 200 }));
    await apiGet('/api/rides/upcoming');
    expect(onlineManager.isOnline()).toBe(false);
  });
});
