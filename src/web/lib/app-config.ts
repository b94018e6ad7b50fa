import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AppConfig } from '../../shared/http/app-config';
import { apiGet } from './api-client';

export const DEFAULT_APP_NAME = 'RoadCaptain';

export function getAppConfig(): Promise<AppConfig> {
  return apiGet<AppConfig>('/api/app-config');
}

export function appConfigQueryOptions() {
  return queryOptions({
    queryKey: ['app-config'] as const,
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
