import { QueryClient } from '@tanstack/react-query';

/** Spec 1 section 9: data never stale, no refetch on focus, no polling, no retries, cache kept 5 minutes; reads and writes never wait for a connection. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        gcTime: 5 * 60 * 1000,
        refetchOnWindowFocus: false,
        retry: false,
        // Offline, a read still asks: the service worker answers with what it saved (issue 32), and a
        // read it has nothing for fails with its error state instead of waiting without a word.
        networkMode: 'offlineFirst',
      },
      mutations: {
        retry: false,
        // Offline, a write fails at once instead of waiting for the connection: nothing is queued
        // silently (issue 32 point 5; the buttons are disabled offline anyway).
        networkMode: 'always',
      },
    },
  });
}

export const queryClient = createQueryClient();
