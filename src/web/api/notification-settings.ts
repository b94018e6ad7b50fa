import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationSettings, NotificationSettingUpdate } from '../../shared/notifications/notification-settings';
import { apiRequest } from '../lib/api-client';
import { usersKeys } from './query-keys';

/** GET /api/users/current/notification-settings: each type's e-mail switch and "Pause all e-mail". */
export function getNotificationSettings(): Promise<NotificationSettings> {
  return apiRequest<NotificationSettings>('/api/users/current/notification-settings');
}

/** PATCH /api/users/current/notification-settings: one switch, saved at once. */
export function updateNotificationSetting(input: NotificationSettingUpdate): Promise<NotificationSettings> {
  return apiRequest<NotificationSettings>('/api/users/current/notification-settings', { method: 'PATCH', body: input });
}

export function notificationSettingsQueryOptions(userId: string) {
  return queryOptions({ queryKey: usersKeys.notificationSettings(userId), queryFn: getNotificationSettings });
}

export function useNotificationSettings(userId: string) {
  return useQuery(notificationSettingsQueryOptions(userId));
}

export function useUpdateNotificationSetting(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationSetting,
    onSuccess: (settings) => queryClient.setQueryData(usersKeys.notificationSettings(userId), settings),
  });
}
