import type { ActivityEvent } from '../../shared/events/activity-event';
import { apiRequest } from '../lib/api-client';

/**
 * The app's own activity log (POST /api/events). Fire and forget: never awaited by callers,
 * failures are only logged. No third-party tracker.
 */
export function track(category: string, event: string, properties?: ActivityEvent['properties']): void {
  const body: ActivityEvent = properties ? { category, event, properties } : { category, event };
  apiRequest('/api/events', { method: 'POST', body }).catch((error: unknown) => {
    console.error('Failed to record activity event', error);
  });
}
