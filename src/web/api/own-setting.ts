import { queryOptions, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';

/**
 * One of the current rider's own settings on the Preferences page (the calendar feed, the e-mail
 * switches): GET answers it, and a save answers the whole of it again, which then takes the cached
 * copy's place (no second request).
 */
export function ownSetting<TSetting, TUpdate>(path: string, method: 'POST' | 'PATCH', keyOf: (userId: string) => QueryKey) {
  return {
    queryOptions: (userId: string) => queryOptions({ queryKey: keyOf(userId), queryFn: () => apiRequest<TSetting>(path) }),
    save: (input: TUpdate) => apiRequest<TSetting>(path, { method, body: input }),
  };
}

type OwnSetting<TSetting, TUpdate> = ReturnType<typeof ownSetting<TSetting, TUpdate>>;

export function useOwnSetting<TSetting, TUpdate>(setting: OwnSetting<TSetting, TUpdate>, userId: string) {
  return useQuery(setting.queryOptions(userId));
}

export function useSaveOwnSetting<TSetting, TUpdate>(setting: OwnSetting<TSetting, TUpdate>, userId: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setting.save, onSuccess: (saved) => queryClient.setQueryData(setting.queryOptions(userId).queryKey, saved) });
}
