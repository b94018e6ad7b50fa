import { useEffect, useState } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /api/auth/verify-magic-link. 400/401 mean the link is invalid, used or expired. A link that
 * also completed an invitation names the group (`groupSlug`), which opens instead of the dashboard.
 */
export function verifyMagicLink(token: string): Promise<{ success: true; groupSlug?: string }> {
  return apiRequest<{ success: true; groupSlug?: string }>('/api/auth/verify-magic-link', { method: 'POST', body: { token } });
}

/**
 * Tokens are single use, so each one is sent at most once per page load, however many times
 * the page mounts (React StrictMode runs effects twice; the shell may remount its outlet).
 * On success the whole cache goes: the session now belongs to another account.
 */
const attempts = new Map<string, Promise<string | null>>();

/** Resolves to the path to open after signing in (a group joined through an invitation), or null. */
export function verifyMagicLinkOnce(token: string, queryClient: QueryClient): Promise<string | null> {
  let attempt = attempts.get(token);
  if (!attempt) {
    attempt = verifyMagicLink(token).then((result) => {
      queryClient.clear();
      return result.groupSlug ? `/groups/${encodeURIComponent(result.groupSlug)}` : null;
    });
    attempts.set(token, attempt);
  }
  return attempt;
}

export type VerifyStatus = 'missing' | 'pending' | 'success' | 'error';

export function useVerifyMagicLink(token: string | null): VerifyStatus {
  return useVerifyMagicLinkWithDestination(token).status;
}

/** The verification's status and, on success, where to go (null: the dashboard). */
export function useVerifyMagicLinkWithDestination(token: string | null): { status: VerifyStatus; destination: string | null } {
  const queryClient = useQueryClient();
  const [result, setResult] = useState<{ token: string; status: 'success' | 'error'; destination: string | null } | null>(null);

  useEffect(() => {
    if (!token) return;
    let active = true;
    verifyMagicLinkOnce(token, queryClient).then(
      (destination) => {
        if (active) setResult({ token, status: 'success', destination });
      },
      (error: unknown) => {
        console.error('Magic link verification failed', error);
        if (active) setResult({ token, status: 'error', destination: null });
      },
    );
    return () => {
      active = false;
    };
  }, [token, queryClient]);

  if (!token) return { status: 'missing', destination: null };
  return result?.token === token ? { status: result.status, destination: result.destination } : { status: 'pending', destination: null };
}
