import { useEffect, useState } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/auth/verify-magic-link. 400/401 mean the link is invalid, used or expired. */
export function verifyMagicLink(token: string): Promise<{ success: true }> {
  return apiRequest<{ success: true }>('/api/auth/verify-magic-link', { method: 'POST', body: { token } });
}

/**
 * Tokens are single use, so each one is sent at most once per page load, however many times
 * the page mounts (React StrictMode runs effects twice; the shell may remount its outlet).
 * On success the whole cache goes: the session now belongs to another account.
 */
const attempts = new Map<string, Promise<void>>();

export function verifyMagicLinkOnce(token: string, queryClient: QueryClient): Promise<void> {
  let attempt = attempts.get(token);
  if (!attempt) {
    attempt = verifyMagicLink(token).then(() => {
      queryClient.clear();
    });
    attempts.set(token, attempt);
  }
  return attempt;
}

export type VerifyStatus = 'missing' | 'pending' | 'success' | 'error';

export function useVerifyMagicLink(token: string | null): VerifyStatus {
  const queryClient = useQueryClient();
  const [result, setResult] = useState<{ token: string; status: 'success' | 'error' } | null>(null);

  useEffect(() => {
    if (!token) return;
    let active = true;
    verifyMagicLinkOnce(token, queryClient).then(
      () => {
        if (active) setResult({ token, status: 'success' });
      },
      (error: unknown) => {
        console.error('Magic link verification failed', error);
        if (active) setResult({ token, status: 'error' });
      },
    );
    return () => {
      active = false;
    };
  }, [token, queryClient]);

  if (!token) return 'missing';
  return result?.token === token ? result.status : 'pending';
}
