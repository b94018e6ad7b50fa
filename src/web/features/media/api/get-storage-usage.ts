import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StorageUsage } from '../../../../shared/media/storage-usage';
import { apiGet } from '../../../lib/api-client';
import { mediaQueryKeyRoot } from './get-user-media';

/** GET /api/media/storage: what the signed-in rider's uploads take of their storage limit. */
export function getStorageUsage(): Promise<StorageUsage> {
  return apiGet<StorageUsage>('/api/media/storage');
}

/** Under the media key, so an upload or a delete refreshes it with the lists. */
export function storageUsageQueryOptions(userId: string) {
  return queryOptions({ queryKey: [...mediaQueryKeyRoot, 'storage', userId] as const, queryFn: getStorageUsage });
}

export function useStorageUsage(userId: string | undefined) {
  return useQuery({ ...storageUsageQueryOptions(userId ?? ''), enabled: Boolean(userId) });
}
