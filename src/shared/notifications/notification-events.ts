/*
 * The notification stream's event names, apart from notification.ts so that the browser's first
 * load, which listens to the stream, does not bring the types and their texts (notification-types.ts):
 * the list and the toasts that show them load later (features/notifications).
 */

/** Name of the Server-Sent Event that carries one new notification. */
export const NOTIFICATION_EVENT = 'notification';

/** Name of the Server-Sent Event that says a notification was taken back (a withdrawn request); its data is `{ id, subject }`. */
export const NOTIFICATION_REMOVED_EVENT = 'notification-removed';
