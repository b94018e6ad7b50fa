/**
 * The one request helper every call goes through (spec 1 section 7).
 * - Session cookies always travel with the request.
 * - A JSON body (and its content type) is sent only when a body is given.
 * - Any non-OK answer throws an ApiError: its message is `${status}: ${bodyText || statusText}`, and
 *   it keeps the status, the server's `message` and the Retry-After header for callers. No answer at
 *   all (offline, server down) throws an ApiError of status 0 saying CONNECTION_LOST_MESSAGE.
 * - A read may be configured to resolve to null on 401 instead of throwing.
 */
import { msg } from '@lingui/core/macro';
import { i18n } from './i18n/i18n';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRequestOptions {
  method?: HttpMethod;
  /** Serialised as JSON. Leave undefined to send no body and no content type. */
  body?: unknown;
  /** Resolve to null instead of throwing when the server answers 401. */
  nullOn401?: boolean;
  signal?: AbortSignal;
}

/**
 * What a request that got no answer says (no signal, server down), in the words of the list
 * states (`list-states.tsx`): the browser's own text ("Failed to fetch", Safari's "Load failed")
 * and "0: Network error" said nothing a rider could act on.
 */
export const CONNECTION_LOST_MESSAGE = 'Check your connection and try again.';

/** CONNECTION_LOST_MESSAGE as riders read it, in their language: render with `i18n._()` where it is shown. */
export const CONNECTION_LOST = msg`Check your connection and try again.`;

/** Status of an ApiError for a request that got no answer at all (fetch rejected, XHR onerror). */
export const NO_ANSWER = 0;

export class ApiError extends Error {
  readonly status: number;
  readonly bodyText: string;
  /** Seconds from the Retry-After header (429, 503), or null when absent or not a number of seconds. */
  readonly retryAfterSeconds: number | null;

  constructor(status: number, statusText: string, bodyText: string, retryAfter: string | null = null, options?: ErrorOptions) {
    super(status === NO_ANSWER ? CONNECTION_LOST_MESSAGE : `${status}: ${bodyText || statusText}`, options);
    this.name = 'ApiError';
    this.status = status;
    this.bodyText = bodyText;
    const seconds = retryAfter !== null && /^\s*\d+(\.\d+)?\s*$/.test(retryAfter) ? Number(retryAfter) : NaN;
    this.retryAfterSeconds = Number.isFinite(seconds) ? seconds : null;
  }

  /** The `message` of the server's JSON error body, or null. */
  get serverMessage(): string | null {
    return serverMessageOf(this);
  }
}

export async function apiRequest<T>(url: string, options: ApiRequestOptions & { nullOn401: true }): Promise<T | null>;
export async function apiRequest<T>(url: string, options?: ApiRequestOptions): Promise<T>;
export async function apiRequest<T>(url: string, options: ApiRequestOptions = {}): Promise<T | null> {
  const { method = 'GET', body, nullOn401 = false, signal } = options;
  const hasBody = body !== undefined;
  const init: RequestInit = { method, credentials: 'include' };
  if (hasBody) {
    init.headers = { 'Content-Type': 'application/json' };
    init.body = JSON.stringify(body);
  }
  if (signal) init.signal = signal;

  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (error) {
    // A cancelled request stays an abort (TanStack Query cancels reads); anything else got no answer.
    if (signal?.aborted || (error instanceof Error && error.name === 'AbortError')) throw error;
    throw new ApiError(NO_ANSWER, 'Network error', '', null, { cause: error });
  }
  if (nullOn401 && response.status === 401) return null;
  if (!response.ok) {
    const bodyText = await response.text().catch(() => '');
    throw new ApiError(response.status, response.statusText, bodyText, response.headers.get('Retry-After'));
  }
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A read: GET the URL and parse its JSON answer. */
export function apiGet<T>(url: string, options: Omit<ApiRequestOptions, 'method' | 'body'> = {}): Promise<T> {
  return apiRequest<T>(url, { ...options, method: 'GET' });
}

/**
 * The server's error bodies are JSON `{ "message": "..." }`; the Error carries the raw text.
 * This pulls the human message out of an error thrown by apiRequest, for toasts that show it; a
 * request that got no answer says CONNECTION_LOST in the rider's language.
 */
export function errorMessageOf(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === NO_ANSWER) return i18n._(CONNECTION_LOST);
    try {
      const parsed: unknown = JSON.parse(error.bodyText);
      if (parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string') {
        return parsed.message;
      }
    } catch {
      // not JSON: fall through to the raw message
    }
    return error.message;
  }
  return error instanceof Error ? error.message : String(error);
}

/** The `message` of a JSON error body the server sent, or null (network failure, non-JSON body, other error). */
export function serverMessageOf(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  try {
    const parsed: unknown = JSON.parse(error.bodyText);
    if (parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string' && parsed.message) {
      return parsed.message;
    }
  } catch {
    // not JSON
  }
  return null;
}
