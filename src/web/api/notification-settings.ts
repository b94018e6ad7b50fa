import type { NotificationSettings, NotificationSettingUpdate } from '../../shared/notifications/notification-settings';
import { ownSetting, useOwnSetting, useSaveOwnSetting } from './own-setting';
import { usersKeys } from './query-keys';

/**
 * GET /api/users/current/notification-settings: each type's e-mail switch and "Pause all e-mail".
 * PATCH: one switch, saved at once.
 */
const notificationSettings = ownSetting<NotificationSettings, NotificationSettingUpdate>('/api/users/current/notification-settings', 'PATCH', usersKeys.notificationSettings);

export const useNotificationSettings = (userId: string) => useOwnSetting(notificationSettings, userId);
export const useUpdateNotificationSetting = (userId: string) => useSaveOwnSetting(notificationSettings, userId);
