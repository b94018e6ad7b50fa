import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationSettings, NotificationSettingUpdate } from '../../shared/notifications/notification-settings';
import { ownSetting, useOwnSetting } from './own-setting';
import { notificationsKeys, usersKeys } from './query-keys';

/**
 * GET /api/users/current/notification-settings: each type's switch in the app, by e-mail and by
 * push, and "Pause all e-mail". PATCH: one switch, saved at once.
 */
const notificationSettings = ownSetting<NotificationSettings, NotificationSettingUpdate>('/api/users/current/notification-settings', 'PATCH', usersKeys.notificationSettings);

export const useNotificationSettings = (userId: string) => useOwnSetting(notificationSettings, userId);

/** The settings with one switch (or the pause) changed. */
export function withSetting(settings: NotificationSettings, input: NotificationSettingUpdate): NotificationSettings {
  if ('emailPaused' in input) return { ...settings, emailPaused: input.emailPaused };
  return { ...settings, types: settings.types.map((s) => (s.type === input.type ? { ...s, [input.channel]: input.enabled } : s)) };
}

/** The change that undoes `input`. */
function undo(input: NotificationSettingUpdate): NotificationSettingUpdate {
  return 'emailPaused' in input ? { emailPaused: !input.emailPaused } : { ...input, enabled: !input.enabled };
}

/**
 * One switch, shown at once (optimistic) and saved; a failed save puts that switch back (only it:
 * other switches saved meanwhile stay) and the caller shows why. The server's answer is taken once
 * no other save is under way, so a slower answer never flips back a switch tapped after it.
 */
export function useUpdateNotificationSetting(userId: string) {
  const queryClient = useQueryClient();
  const key = notificationSettings.queryOptions(userId).queryKey;
  const mutationKey = [...key, 'update'];
  const change = (input: NotificationSettingUpdate) => queryClient.setQueryData<NotificationSettings>(key, (settings) => settings && withSetting(settings, input));
  return useMutation({
    mutationKey,
    mutationFn: notificationSettings.save,
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: key });
      change(input);
    },
    onError: (_error, input) => change(undo(input)),
    onSuccess: (settings, input) => {
      if (queryClient.isMutating({ mutationKey }) <= 1) queryClient.setQueryData(key, settings);
      // A type shown or hidden in the app: the bell's list (and its unread count) is read again.
      if ('channel' in input && input.channel === 'app') void queryClient.invalidateQueries({ queryKey: notificationsKeys.all });
    },
  });
}
