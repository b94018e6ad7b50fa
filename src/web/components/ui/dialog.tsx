import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { createContext, useContext, useRef, useState, type ComponentProps, type ReactNode, type SyntheticEvent } from 'react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { X } from 'lucide-react';
import { cn } from '../../lib/cn';
import { useFocusReturn } from '../../lib/focus-return';
import { ConfirmDialog } from './confirm-dialog';
import { withClasses } from './with-classes';

export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

/**
 * What the content of a dialog needs from its root: a way to close it after "Discard", the handler
 * that gives the focus back to the opener, and which opening this is (unsaved input belongs to one).
 */
interface DialogControl {
  close(): void;
  onCloseAutoFocus(event: Event): void;
  opening: number;
}

const DialogControlContext = createContext<DialogControl | null>(null);

/**
 * Radix's Dialog root, plus the shared keyboard rules (docs/web.md "Keyboard and screen readers"):
 * the focus returns to what opened the dialog, and the content can ask before discarding input.
 */
export function Dialog({ open: openProp, defaultOpen = false, onOpenChange, children, ...props }: ComponentProps<typeof DialogPrimitive.Root>) {
  const [uncontrolledOpen, setUncontrolledOpen] = useState(defaultOpen);
  const open = openProp ?? uncontrolledOpen;
  const [opening, setOpening] = useState(0);
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setOpening((n) => n + 1);
  }
  const onCloseAutoFocus = useFocusReturn(open);
  const change = (next: boolean) => {
    if (openProp === undefined) setUncontrolledOpen(next);
    onOpenChange?.(next);
  };
  return (
    <DialogControlContext value={{ close: () => change(false), onCloseAutoFocus, opening }}>
      <DialogPrimitive.Root open={open} onOpenChange={change} {...props}>
        {children}
      </DialogPrimitive.Root>
    </DialogControlContext>
  );
}

/** The element owns an open popup of its own (a suggestion list): Escape there is for that popup. */
function ownsOpenPopup(target: EventTarget | null): boolean {
  return target instanceof Element && target.getAttribute('aria-expanded') === 'true' && target.getAttribute('role') === 'combobox';
}

/**
 * Escape layering and the discard question for one dialog's content. Escape in an open suggestion
 * list closes the list only. Escape, the X and a click outside ask "Discard changes?" once the rider
 * has typed or changed anything (or `dirty` says so); the form's own Cancel closes without asking.
 */
function useCloseGuard(dirtyProp: boolean | undefined) {
  const control = useContext(DialogControlContext);
  const { i18n } = useLingui();
  const [changedIn, setChangedIn] = useState(-1);
  const [asking, setAsking] = useState(false);
  const focusBeforeAsking = useRef<HTMLElement | null>(null);
  const dirty = dirtyProp ?? (control !== null && changedIn === control.opening);

  /** True (and the close is held back, the question shown) when closing would lose input. */
  function holdBack(event: Event | SyntheticEvent): boolean {
    if (!dirty || !control) return false;
    event.preventDefault();
    focusBeforeAsking.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setAsking(true);
    return true;
  }

  const prompt = control ? (
    <ConfirmDialog
      open={asking}
      onOpenChange={setAsking}
      title={i18n._(msg`Discard changes?`)}
      description={i18n._(msg`What you entered in this dialog will be lost.`)}
      confirmLabel={i18n._(msg`Discard`)}
      cancelLabel={i18n._(msg`Keep editing`)}
      onCloseAutoFocus={(event) => {
        event.preventDefault();
        if (focusBeforeAsking.current?.isConnected) focusBeforeAsking.current.focus();
      }}
      onConfirm={() => {
        setAsking(false);
        control.close();
      }}
    />
  ) : null;

  return {
    control,
    prompt,
    markChanged: () => {
      if (control) setChangedIn(control.opening);
    },
    onEscapeKeyDown(event: KeyboardEvent) {
      // Radix listens on the document in the capture phase, before the box's own handler runs.
      if (ownsOpenPopup(event.target)) {
        event.preventDefault();
        return;
      }
      holdBack(event);
    },
    onPointerDownOutside(event: Event) {
      holdBack(event);
    },
    onCloseClick(event: SyntheticEvent) {
      holdBack(event);
    },
  };
}

/** The caller's handler first, then ours unless the caller prevented the default (as Radix composes its own). */
function callerFirst<E extends { defaultPrevented: boolean }>(callers: ((event: E) => void) | undefined, ours: (event: E) => void) {
  return (event: E) => {
    callers?.(event);
    if (!event.defaultPrevented) ours(event);
  };
}

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
  /**
   * Whether closing would lose input. By default the dialog counts as changed once anything in it
   * was typed or changed; a form that knows better (or has nothing to lose) says so here.
   */
  dirty?: boolean;
}

const CLOSE = msg`Close`;
const CLOSE_NAVIGATION = msg`Close navigation`;

/** The × in a dialog's or the drawer's top corner; `label` is what a screen reader calls it. */
function CloseX({ label, className, onClick }: { label: string | MessageDescriptor; className: string; onClick?: (event: SyntheticEvent) => void }) {
  const { i18n } = useLingui();
  return (
    <DialogPrimitive.Close
      aria-label={typeof label === 'string' ? label : i18n._(label)}
      onClick={onClick}
      className={cn('absolute end-3 inline-flex size-9 items-center justify-center rounded-lg transition-colors', className)}
    >
      <X className="size-5" aria-hidden="true" />
    </DialogPrimitive.Close>
  );
}

const contentSizes = { md: 'max-w-md', lg: 'max-w-xl' } as const;

/** A centred modal card; full width minus a margin on phones. */
export function DialogContent({
  className,
  children,
  hideClose = false,
  closeLabel,
  closeClassName,
  size = 'md',
  padded = true,
  dirty,
  onEscapeKeyDown,
  onPointerDownOutside,
  onCloseAutoFocus,
  onChange,
  ...props
}: DialogContentProps) {
  const guard = useCloseGuard(dirty);
  return (
    <DialogPrimitive.Portal>
      <Overlay />
      <DialogPrimitive.Content
        onEscapeKeyDown={callerFirst(onEscapeKeyDown, guard.onEscapeKeyDown)}
        onPointerDownOutside={callerFirst(onPointerDownOutside, guard.onPointerDownOutside)}
        onCloseAutoFocus={callerFirst(onCloseAutoFocus, (event) => guard.control?.onCloseAutoFocus(event))}
        // React's change events bubble from every field inside, portalled ones included.
        onChange={(event) => {
          onChange?.(event);
          guard.markChanged();
        }}
        className={cn(
          'fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white shadow-2xl shadow-asphalt-950/30 focus:outline-none data-[state=open]:animate-dialog-in',
          contentSizes[size],
          padded && 'p-6',
          className,
        )}
        {...props}
      >
        {children}
        {guard.prompt}
        {hideClose ? null : (
          <CloseX label={closeLabel ?? CLOSE} onClick={guard.onCloseClick} className={cn('top-3', closeClassName ?? 'text-asphalt-500 hover:bg-asphalt-100 hover:text-asphalt-900')} />
        )}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

/** A panel sliding in from the left edge: the navigation drawer on small screens. */
export function SheetContent({ className, children, closeLabel, onCloseAutoFocus, ...props }: DialogContentProps) {
  const control = useContext(DialogControlContext);
  return (
    <DialogPrimitive.Portal>
      <Overlay />
      <DialogPrimitive.Content
        onCloseAutoFocus={callerFirst(onCloseAutoFocus, (event) => control?.onCloseAutoFocus(event))}
        className={cn(
          'fixed inset-y-0 start-0 z-50 flex w-[min(20rem,calc(100vw-3rem))] flex-col shadow-2xl focus:outline-none data-[state=closed]:animate-sheet-out data-[state=open]:animate-sheet-in',
          className,
        )}
        {...props}
      >
        {children}
        <CloseX label={closeLabel ?? CLOSE_NAVIGATION} className="top-3.5 text-asphalt-300 hover:bg-white/10 hover:text-white" />
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export const DialogHeader = withClasses('div', 'mb-5 pe-8');

export const DialogTitle = withClasses(DialogPrimitive.Title, 'text-xl font-extrabold tracking-tight text-asphalt-950');

export const DialogDescription = withClasses(DialogPrimitive.Description, 'mt-1.5 text-sm text-asphalt-600');

export function VisuallyHidden({ children }: { children: ReactNode }) {
  return <span className="sr-only">{children}</span>;
}
