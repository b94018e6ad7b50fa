import type { ComponentProps, ReactNode } from 'react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { X } from 'lucide-react';
import { cn } from '../../lib/cn';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

function Overlay({ className }: { className?: string }) {
  return (
    <DialogPrimitive.Overlay
      className={cn('fixed inset-0 z-50 bg-asphalt-950/60 backdrop-blur-[2px] data-[state=open]:animate-overlay-in', className)}
    />
  );
}

interface DialogContentProps extends ComponentProps<typeof DialogPrimitive.Content> {
  /** Hide the corner close button (the content then offers its own way out). */
  hideClose?: boolean;
  closeLabel?: string;
  /** Extra classes for the corner close button (e.g. light on a dark header). */
  closeClassName?: string;
  size?: 'md' | 'lg';
  /** Set false when the content lays out its own padding (e.g. a full-bleed header). */
  padded?: boolean;
}

const contentSizes = { md: 'max-w-md', lg: 'max-w-xl' } as const;

/** A centred modal card; full width minus a margin on phones. */
export function DialogContent({
  className,
  children,
  hideClose = false,
  closeLabel = 'Close',
  closeClassName,
  size = 'md',
  padded = true,
  ...props
}: DialogContentProps) {
  return (
    <DialogPrimitive.Portal>
      <Overlay />
      <DialogPrimitive.Content
        className={cn(
          'fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white shadow-2xl shadow-asphalt-950/30 focus:outline-none data-[state=open]:animate-dialog-in',
          contentSizes[size],
          padded && 'p-6',
          className,
        )}
        {...props}
      >
        {children}
        {hideClose ? null : (
          <DialogPrimitive.Close
            aria-label={closeLabel}
            className={cn(
              'absolute top-3 right-3 inline-flex size-9 items-center justify-center rounded-lg transition-colors',
              closeClassName ?? 'text-asphalt-500 hover:bg-asphalt-100 hover:text-asphalt-900',
            )}
          >
            <X className="size-5" aria-hidden="true" />
          </DialogPrimitive.Close>
        )}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

/** A panel sliding in from the left edge: the navigation drawer on small screens. */
export function SheetContent({ className, children, closeLabel = 'Close navigation', ...props }: DialogContentProps) {
  return (
    <DialogPrimitive.Portal>
      <Overlay />
      <DialogPrimitive.Content
        className={cn(
          'fixed inset-y-0 left-0 z-50 flex w-[min(20rem,calc(100vw-3rem))] flex-col shadow-2xl focus:outline-none data-[state=closed]:animate-sheet-out data-[state=open]:animate-sheet-in',
          className,
        )}
        {...props}
      >
        {children}
        <DialogPrimitive.Close
          aria-label={closeLabel}
          className="absolute top-3.5 right-3 inline-flex size-9 items-center justify-center rounded-lg text-asphalt-300 transition-colors hover:bg-white/10 hover:text-white"
        >
          <X className="size-5" aria-hidden="true" />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('mb-5 pr-8', className)} {...props} />;
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn('text-xl font-extrabold tracking-tight text-asphalt-950', className)} {...props} />;
}

export function DialogDescription({ className, ...props }: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn('mt-1.5 text-sm text-asphalt-600', className)} {...props} />;
}

export function VisuallyHidden({ children }: { children: ReactNode }) {
  return <span className="sr-only">{children}</span>;
}
