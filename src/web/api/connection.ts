import type { AppConfig } from '../../shared/http/app-config';
import { apiGet } from '../lib/api-client';

/**
 * GET /api/app-config?probe, past the browser's HTTP cache: whether the server itself answers (the
 * connection probe, app/connection-status.tsx; issue 32 point 5). The service worker keeps a saved
 * copy of `/api/app-config` only, without the query: with the server down it has no copy of this
 * address, so the read fails (as it does on a proxy's 502 to 504) instead of looking live.
 */
export function serverAnswers(): Promise<boolean> {
  return apiGet<AppConfig>('/api/app-config?probe', { cache: 'no-store' }).then(
    () => true,
    () => false,
  );
}
