import { useEffect, useState } from 'react';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { VerifyMagicLinkResponse } from '../../../../shared/auth/magic-link';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /api/auth/verify-magic-link. 400/401 mean the link is invalid, used or expired. In the
 * browser that asked for the link it signs in; elsewhere it answers `confirmation_required` with
 * the address and consumes nothing, until it is sent again with `confirm: true`.
 */
export function verifyMagicLink(token: string, confirm = false): Promise<VerifyMagicLinkResponse> {
  return apiRequest<VerifyMagicLinkResponse>('/api/auth/verify-magic-link', { method: 'POST', body: confirm ? { token, confirm: true } : { token } });
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
