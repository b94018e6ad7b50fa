import { useSyncExternalStore } from 'react';
import { onlineManager } from '@tanstack/react-query';

/*
 * Online or not (issue 32 points 3 and 5), as React Query's onlineManager knows it: from the
 * browser's online and offline events, and from the answers themselves (lib/api-client.ts), since
 * with the server down the browser still says online. Offline, every action that needs the server
 * is disabled (the design system's Button) and described by the offline banner's reason
 * (app/connection-status.tsx): nothing is queued.
 */

/** The id of the offline banner's text, which a disabled action names as its reason (aria-describedby). */
export const OFFLINE_REASON_ID = 'offline-reason';

/** The header the service worker adds to an answer it saved for offline: when it was saved (ms). */
export const SAVED_AT_HEADER = 'X-Saved-At';

/** Saved answers the page showed, each with the path it was read on and when it was saved. */
export const savedShown: Array<{ path: string; at: number }> = [];

/**
 * The server did not answer (no answer, a proxy's 502 to 504, or the worker's saved copy, `savedAt`):
 * offline, whatever the browser says. Only a read past every cache says it is back
 * (app/connection-status.tsx): an answer from the browser's HTTP cache looks live but is not.
 */
export function serverUnreachable(savedAt?: number): void {
  if (savedAt) savedShown.push({ path: location.pathname, at: savedAt });
  onlineManager.setOnline(false);
}

const subscribe = (listener: () => void) => onlineManager.subscribe(listener);
const isOnline = () => onlineManager.isOnline();

export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}
