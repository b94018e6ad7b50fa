/** A notification toast's timing (notification-toast.tsx), apart so the list of toasts can name it without loading the card. */
export const TOAST_ENTER_DELAY_MS = 100;
export const TOAST_EXIT_MS = 300;
export const NOTIFICATION_TOAST_DURATION_MS = 5000;
