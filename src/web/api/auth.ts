import { msg, plural } from '@lingui/core/macro';
import { i18n } from '../lib/i18n/i18n';
import { useEffect, useState } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { VerifyMagicLinkResponse } from '../../shared/auth/magic-link';
import type { SessionList, SignOutOthersResult, SignOutSessionResult } from '../../shared/auth/sessions';
import type { CalendarFeed } from '../../shared/calendar/calendar-feed';
import type { SuccessMessage } from '../../shared/http/responses';
import { ApiError, apiRequest } from '../lib/api-client';
import { authKeys, usersKeys } from './query-keys';

export { authKeys };

export type MagicLinkResponse = SuccessMessage;

/** POST /api/auth/magic-link (the login dialog, and Preferences' Security card). Any non-OK answer (429 included) is a failure. */
export function requestMagicLink(email: string): Promise<MagicLinkResponse> {
  return apiRequest<MagicLinkResponse>('/api/auth/magic-link', { method: 'POST', body: { email } });
}

/**
 * POST /api/auth/verify-magic-link. 400/401 mean the link is invalid, used or expired. In the
 * browser that asked for the link it signs in; elsewhere it answers `confirmation_required` with
 * the address and consumes nothing, until it is sent again with `confirm: true`.
 */
export function verifyMagicLink(token: string, confirm = false): Promise<VerifyMagicLinkResponse> {
  return apiRequest<VerifyMagicLinkResponse>('/api/auth/verify-magic-link', { method: 'POST', body: confirm ? { token, confirm: true } : { token } });
}

/** POST /api/auth/logout */
export function logout(): Promise<{ success: true }> {
  return apiRequest<{ success: true }>('/api/auth/logout', { method: 'POST' });
}

/** GET /api/auth/sessions: the rider's signed-in browsers, this one first. */
export function getSessions(): Promise<SessionList> {
  return apiRequest<SessionList>('/api/auth/sessions');
}

/** DELETE /api/auth/sessions/{id}: ends one of the rider's other sessions, and the calendar feed gets a new address. */
export function signOutSession(id: string): Promise<SignOutSessionResult> {
  return apiRequest<SignOutSessionResult>(`/api/auth/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** POST /api/auth/sessions/sign-out-others: every session but this browser's ends, and the calendar feed gets a new address. */
export function signOutOtherSessions(): Promise<SignOutOthersResult> {
  return apiRequest<SignOutOthersResult>('/api/auth/sessions/sign-out-others', { method: 'POST' });
}

/** POST /api/auth/email-change/resend: a new link for the address waiting for confirmation. */
export function resendEmailConfirmation(): Promise<{ success: true; emailConfirmationSentTo: string }> {
  return apiRequest<{ success: true; emailConfirmationSentTo: string }>('/api/auth/email-change/resend', { method: 'POST' });
}

/** POST /api/auth/email-change/cancel: the mailed link stops working and nothing waits any more. */
export function cancelEmailConfirmation(): Promise<{ success: true }> {
  return apiRequest<{ success: true }>('/api/auth/email-change/cancel', { method: 'POST' });
}

export const MAGIC_LINK_FAILED_MESSAGE = 'Failed to send magic link. Please try again.';
const MAGIC_LINK_FAILED = msg`Failed to send magic link. Please try again.`;

/**
 * Why a link was not sent, in words for the rider: the server's message for a refused address
 * (400), the wait for too many links (429, minutes rounded up from Retry-After), else the general
 * failure message.
 */
export function magicLinkFailureMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return i18n._(MAGIC_LINK_FAILED);
  if (error.status === 429) {
    if (error.retryAfterSeconds === null) return i18n._(msg`Too many sign-in links. Try again later.`);
    const minutes = Math.max(1, Math.ceil(error.retryAfterSeconds / 60));
    return i18n._(msg`Too many sign-in links. Try again in ${plural(minutes, { one: '# minute', other: '# minutes' })}.`);
  }
  if (error.status === 400 && error.serverMessage) return error.serverMessage;
  return i18n._(MAGIC_LINK_FAILED);
}

export function useRequestMagicLink() {
  return useMutation({ mutationFn: requestMagicLink });
}

/**
 * Each token is sent at most once per page load, however many times the page mounts (React
 * StrictMode runs effects twice; the shell may remount its outlet). When it signs in, the whole
 * cache goes: the session now belongs to another account.
 */
const attempts = new Map<string, Promise<VerifyMagicLinkResponse>>();

export function verifyMagicLinkOnce(token: string, queryClient: QueryClient): Promise<VerifyMagicLinkResponse> {
  let attempt = attempts.get(token);
  if (!attempt) {
    attempt = verifyMagicLink(token).then((result) => {
      if (result.status === 'signed_in') queryClient.clear();
      return result;
    });
    attempts.set(token, attempt);
  }
  return attempt;
}

export type VerifyState =
  | { status: 'missing' | 'pending' | 'error' }
  /** destination: the group an invitation joined (null: the dashboard). */
  | { status: 'success'; destination: string | null }
  | { status: 'confirm'; email: string; purpose: 'sign_in' | 'confirm_email' };

export function useVerifyMagicLink(token: string | null): VerifyState {
  const queryClient = useQueryClient();
  const [result, setResult] = useState<{ token: string; state: VerifyState } | null>(null);

  useEffect(() => {
    if (!token) return;
    let active = true;
    verifyMagicLinkOnce(token, queryClient).then(
      (answer) => {
        if (!active) return;
        setResult({
          token,
          state: answer.status === 'signed_in' ? { status: 'success', destination: destinationOf(answer) } : { status: 'confirm', email: answer.email, purpose: answer.purpose },
        });
      },
      (error: unknown) => {
        console.error('Magic link verification failed', error);
        if (active) setResult({ token, state: { status: 'error' } });
      },
    );
    return () => {
      active = false;
    };
  }, [token, queryClient]);

  if (!token) return { status: 'missing' };
  return result?.token === token ? result.state : { status: 'pending' };
}

/** Where to go once signed in: the group an invitation joined, else the dashboard (null). */
export function destinationOf(answer: VerifyMagicLinkResponse): string | null {
  return answer.status === 'signed_in' && answer.groupSlug ? `/groups/${encodeURIComponent(answer.groupSlug)}` : null;
}

/** The "Sign in as ...?" button: consumes the token in this browser. */
export function useConfirmMagicLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => verifyMagicLink(token, true),
    onSuccess: () => queryClient.clear(),
  });
}

export function sessionsQueryOptions() {
  return queryOptions({ queryKey: authKeys.sessions(), queryFn: getSessions });
}

export function useSessions() {
  return useQuery(sessionsQueryOptions());
}

/**
 * Putting out devices replaces the calendar feed's address: Preferences shows the new one from the
 * answer at once; after a failure (it may have happened all the same) it is read again. The list of
 * sessions is read again whether or not the server agreed (one may have ended elsewhere).
 */
function useDeviceSignOut<TInput, TResult extends { calendarFeed: CalendarFeed | null }>(userId: string, mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: ({ calendarFeed }) => {
      if (calendarFeed) queryClient.setQueryData(usersKeys.calendarFeed(userId), calendarFeed);
    },
    onError: () => queryClient.invalidateQueries({ queryKey: usersKeys.calendarFeed(userId) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: authKeys.sessions() }),
  });
}

export const useSignOutSession = (userId: string) => useDeviceSignOut(userId, signOutSession);

export const useSignOutOtherSessions = (userId: string) => useDeviceSignOut(userId, signOutOtherSessions);

export function useResendEmailConfirmation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendEmailConfirmation,
    // A 404 means nothing waits any more (confirmed elsewhere, expired): show what the server has.
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersKeys.current() }),
  });
}

export function useCancelEmailConfirmation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelEmailConfirmation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.current() }),
  });
}
