import { useSyncExternalStore } from 'react';
import { onlineManager } from '@tanstack/react-query';

/*
 * Online or not (issue 32 point 5), as React Query's onlineManager knows it from the browser's online
 * and offline events. Offline, every action that needs the server is disabled (the design system's
 * Button) and described by the offline banner's reason (app/connection-status.tsx): nothing is queued.
 */

/** The id of the offline banner's text, which a disabled action names as its reason (aria-describedby). */
export const OFFLINE_REASON_ID = 'offline-reason';

const subscribe = (listener: () => void) => onlineManager.subscribe(listener);
const isOnline = () => onlineManager.isOnline();

export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}
