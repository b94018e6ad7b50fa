/**
 * The one request helper every call goes through (spec 1 section 7).
 * - Session cookies always travel with the request.
 * - A JSON body (and its content type) is sent only when a body is given.
 * - Any non-OK answer throws an ApiError: its message is `${status}: ${bodyText || statusText}`, and
 *   it keeps the status, the server's `code` and `params`, its English `message` and the Retry-After
 *   header for callers. `describeApiError` words the refusal in the rider's language from the code. No answer at
 *   all (offline, server down) throws an ApiError of status 0 saying CONNECTION_LOST_MESSAGE.
 * - A read may be configured to resolve to null on 401 instead of throwing.
 */
import { msg } from '@lingui/core/macro';
import type { I18n } from '@lingui/core';
import type { ErrorCode } from '../../shared/http/error-codes';
import { MESSAGE_FORMATS } from '../../shared/http/error-values';
import { clockTimeIn } from '../../shared/rides/ride-time';
import { ERRORS_GROUP } from '../../shared/i18n/catalog-index';
import { SOURCE_LOCALE } from '../../shared/i18n/locales';
import { i18n, loadMessageGroup } from './i18n/i18n';
import { SAVED_AT_HEADER, serverUnreachable } from './online';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRequestOptions {
  method?: HttpMethod;
  /** Serialised as JSON. Leave undefined to send no body and no content type. */
  body?: unknown;
  /** Resolve to null instead of throwing when the server answers 401. */
  nullOn401?: boolean;
  signal?: AbortSignal;
  /** The browser's HTTP cache mode (the connection probe reads past it: api/connection.ts). */
  cache?: RequestCache;
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
  /** The refusal's stable code (src/shared/http/error-codes.ts), or null when the body had none. */
  readonly code: ErrorCode | null;
  /** The named values of the code's message. */
  readonly params: Readonly<Record<string, string | number>> | undefined;

  constructor(status: number, statusText: string, bodyText: string, retryAfter: string | null = null, options?: ErrorOptions) {
    super(status === NO_ANSWER ? CONNECTION_LOST_MESSAGE : `${status}: ${bodyText || statusText}`, options);
    this.name = 'ApiError';
    this.status = status;
    this.bodyText = bodyText;
    const seconds = retryAfter !== null && /^\s*\d+(\.\d+)?\s*$/.test(retryAfter) ? Number(retryAfter) : NaN;
    this.retryAfterSeconds = Number.isFinite(seconds) ? seconds : null;
    const body = parseErrorBody(bodyText);
    this.code = typeof body?.code === 'string' ? (body.code as ErrorCode) : null;
    this.params = body?.params && typeof body.params === 'object' ? (body.params as Record<string, string | number>) : undefined;
  }

  /** The server's refusal in the rider's language (describeApiError), or null. */
  get serverMessage(): string | null {
    return serverMessageOf(this);
  }
}

function parseErrorBody(bodyText: string): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(bodyText);
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * Codes whose English `message` says more than the code's own text: `invalid_input` carries the
 * shared schema's message for the field (its id in `params.messageId` when it is one of theirs: the
 * forms check the same schemas before sending), and Fastify's own refusals name what they could not read.
 */
const SPECIFIC_MESSAGE: ReadonlySet<string> = new Set(['invalid_input', 'invalid_request']);

/**
 * The server's refusal as the rider reads it: the text of its `code` in the active language, with
 * its `params` (issue 31 point 7); for a refusal whose English says more (SPECIFIC_MESSAGE), the
 * shared schema's message in the active language where the server named it, else that English to an
 * English reader and the code's text to the others; the server's English `message` for a code this
 * catalog does not know; null when the error is not a refusal with a JSON body (no answer, another error).
 */
export function describeApiError(error: unknown, i18nInstance: I18n = i18n): string | null {
  if (!(error instanceof ApiError)) return null;
  const body = parseErrorBody(error.bodyText);
  const english = typeof body?.message === 'string' && body.message ? body.message : null;
  const { code, params } = error;
  const id = code && SPECIFIC_MESSAGE.has(code) ? (params?.messageId ?? (i18nInstance.locale === SOURCE_LOCALE ? null : `errors.${code}`)) : code && `errors.${code}`;
  // Sizes and days are sent as data and written in the rider's numbers and calendar (error-values.ts), a time of day on their clock.
  return typeof id === 'string' && i18nInstance.messages[id] !== undefined ? i18nInstance._(id, onRidersClock(i18nInstance, params), { formats: MESSAGE_FORMATS }) : english;
}

/**
 * A refusal's or a notice's parameters with its time of day (`time`, "02:30" as the rider typed it) on
 * the reader's clock, "2:30 AM" in the United States, "02:30" in Italy (`clockTimeIn`); the rest as sent.
 */
export function onRidersClock(i18nInstance: I18n, params: Record<string, string | number> | undefined): Record<string, string | number> | undefined {
  return typeof params?.time === 'string' ? { ...params, time: clockTimeIn(params.time, i18nInstance.locales?.[0] ?? i18nInstance.locale) } : params;
}

export async function apiRequest<T>(url: string, options: ApiRequestOptions & { nullOn401: true }): Promise<T | null>;
export async function apiRequest<T>(url: string, options?: ApiRequestOptions): Promise<T>;
export async function apiRequest<T>(url: string, options: ApiRequestOptions = {}): Promise<T | null> {
  const { method = 'GET', body, nullOn401 = false, signal, cache } = options;
  const hasBody = body !== undefined;
  const init: RequestInit = { method, credentials: 'include', cache };
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
    serverUnreachable();
    throw new ApiError(NO_ANSWER, 'Network error', '', null, { cause: error });
  }
  // Answered by the service worker's saved copy, or by a proxy for a server that is down: offline.
  const savedAt = Number(response.headers.get(SAVED_AT_HEADER));
  if (savedAt || (response.status > 501 && response.status < 505 && !response.headers.get('Content-Type')?.includes('json'))) serverUnreachable(savedAt);
  if (nullOn401 && response.status === 401) return null;
  if (!response.ok) {
    const bodyText = await response.text().catch(() => '');
    // The refusals' texts are a catalog of their own (build/catalog-split.ts), in before the error is shown.
    await loadMessageGroup(ERRORS_GROUP);
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
 * The text of a toast for a failed request: the server's refusal in the rider's language
 * (describeApiError), CONNECTION_LOST for a request that got no answer, else the error's own message.
 */
export function errorMessageOf(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === NO_ANSWER) return i18n._(CONNECTION_LOST);
    return describeApiError(error) ?? error.message;
  }
  return error instanceof Error ? error.message : String(error);
}

/** The server's refusal in the rider's language (describeApiError), or null (network failure, non-JSON body, other error). */
export function serverMessageOf(error: unknown): string | null {
  return describeApiError(error);
}

/** The `code` of the server's refusal, or null: what a screen compares, never the words. */
export function errorCodeOf(error: unknown): ErrorCode | null {
  return error instanceof ApiError ? error.code : null;
}
