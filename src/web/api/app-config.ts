import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AppConfig } from '../../shared/http/app-config';
import { apiGet } from '../lib/api-client';
import { appConfigKeys } from './query-keys';

export { appConfigKeys };

export const DEFAULT_APP_NAME = 'RoadCaptain';

/** GET /api/app-config: the product name and what the place search can find. */
export function getAppConfig(): Promise<AppConfig> {
  return apiGet<AppConfig>('/api/app-config');
}

export function appConfigQueryOptions() {
  return queryOptions({
    queryKey: appConfigKeys.all,
    queryFn: getAppConfig,
    gcTime: Infinity,
  });
}

export function useAppConfig() {
  return useQuery(appConfigQueryOptions());
}

/** The server writes the product name into <title> when it serves index.html. */
function nameFromDocumentTitle(): string | null {
  if (typeof document === 'undefined') return null;
  const title = document.title.trim();
  return title && !title.includes('%') ? title : null;
}

/** The product name: from /api/app-config, else the served <title>, else the default. */
export function useAppName(): string {
  const { data } = useAppConfig();
  return data?.appName ?? nameFromDocumentTitle() ?? DEFAULT_APP_NAME;
}

/** The place fields' placeholder when the search finds landmarks and addresses too (spec 1 section 2, Select Location dialog). */
export const PLACES_PLACEHOLDER = 'Search for a city, address, or landmark...';
/** With the built-in gazetteer alone only towns and cities are found, so the placeholder promises no more. */
export const TOWNS_PLACEHOLDER = 'Search for a town or city';

/** What a place field's placeholder may promise: what /api/app-config says the search can find (towns until it is known). */
export function usePlaceSearchPlaceholder(): string {
  const { data } = useAppConfig();
  const { i18n } = useLingui();
  return i18n._(data?.placeSearch === 'places' ? msg`Search for a city, address, or landmark...` : msg`Search for a town or city`);
}
