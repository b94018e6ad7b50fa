import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Toast } from 'radix-ui';
import { CircleAlert, CircleCheck, Info, X } from 'lucide-react';
import { cn } from '../../lib/cn';
import { dismissToast, useToasts, type ToastVariant } from './toast-store';

export { toast, dismissToast, type ToastInput, type ToastVariant } from './toast-store';

/** Spec 1 section 9: 5 s, swipe right past 50 px, hotkey F8, label Notification. */
export const TOAST_DURATION_MS = 5000;

/** One provider and one top-right viewport for both app messages and notification toasts. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const { i18n } = useLingui();
  return (
    <Toast.Provider label={i18n._(msg`Notification`)} duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={50}>
      {children}
      <Toast.Viewport
        hotkey={['F8']}
        label={i18n._(msg`Notifications (F8)`)}
        className="pointer-events-none fixed top-14 end-0 z-[100] m-0 flex max-h-[calc(100dvh-3.5rem)] w-full list-none flex-col gap-2 p-3 outline-none sm:max-w-[400px] sm:p-4 lg:top-0 lg:max-h-dvh"
      />
    </Toast.Provider>
  );
}

const variantStyles: Record<ToastVariant, { card: string; icon: ReactNode }> = {
  default: {
    card: 'border-asphalt-200 bg-white text-asphalt-900',
    icon: <Info className="size-5 text-ignition-600" aria-hidden="true" />,
  },
  success: {
    card: 'border-emerald-200 bg-white text-asphalt-900',
    icon: <CircleCheck className="size-5 text-emerald-600" aria-hidden="true" />,
  },
  destructive: {
    card: 'border-red-800 bg-red-700 text-white',
    icon: <CircleAlert className="size-5 text-white" aria-hidden="true" />,
  },
};

interface ToastCardProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Replaces the variant's icon (notification types have their own). */
  icon?: ReactNode;
  type?: 'foreground' | 'background';
  closeLabel?: string;
  duration?: number;
  /** Where clicking the toast leads (what a notification names); the whole card is the link. */
  href?: string;
  onOpenLink?: () => void;
}

/** The card every toast uses: icon, title, text, a close button; swipe right to dismiss. */
export function ToastCard({
  open,
  onOpenChange,
  title,
  description,
  variant = 'default',
  icon,
  type = 'foreground',
  closeLabel,
  duration,
  href,
  onOpenLink,
}: ToastCardProps) {
  const { i18n } = useLingui();
  const style = variantStyles[variant];
  return (
    <Toast.Root
      open={open}
      onOpenChange={onOpenChange}
      type={type}
      duration={duration}
      className={cn(
        'group pointer-events-auto relative flex w-full items-start gap-3 overflow-hidden rounded-xl border p-4 pe-11 shadow-xl shadow-asphalt-950/15',
        'data-[state=open]:animate-toast-in data-[state=closed]:animate-toast-out',
        'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform data-[swipe=end]:animate-swipe-out',
        style.card,
      )}
    >
      <span className="mt-0.5 shrink-0">{icon ?? style.icon}</span>
      <div className="min-w-0 flex-1">
        <Toast.Title className="text-sm leading-5 font-bold break-words">
          {href ? (
            // The link's ::after covers the card, so a tap anywhere but the close button opens it.
            <Link to={href} onClick={onOpenLink} className="outline-none after:absolute after:inset-0 after:rounded-xl focus-visible:after:outline-2 focus-visible:after:outline-ignition-500">
              {title}
            </Link>
          ) : (
            title
          )}
        </Toast.Title>
        {description ? (
          <Toast.Description
            // A notification (background) is kept to three lines on a phone; the list has the whole text.
            className={cn('mt-0.5 text-sm leading-5 break-words', type === 'background' && 'line-clamp-3', variant === 'destructive' ? 'text-red-50' : 'text-asphalt-600')}
          >
            {description}
          </Toast.Description>
        ) : null}
      </div>
      <Toast.Close
        aria-label={closeLabel ?? i18n._(msg`Close`)}
        className={cn(
          'absolute top-2.5 end-2.5 z-10 inline-flex size-7 items-center justify-center rounded-md transition-colors',
          variant === 'destructive' ? 'text-red-100 hover:bg-red-800 hover:text-white' : 'text-asphalt-400 hover:bg-asphalt-100 hover:text-asphalt-900',
        )}
      >
        <X className="size-4" aria-hidden="true" />
      </Toast.Close>
    </Toast.Root>
  );
}

/** Renders the general queue (one toast at a time). Mount once inside ToastProvider. */
export function Toaster() {
  const toasts = useToasts();
  return (
    <>
      {toasts.map((item) => (
        <ToastCard
          key={item.id}
          open={item.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(item.id);
          }}
          title={item.title}
          description={item.description}
          variant={item.variant}
        />
      ))}
    </>
  );
}
