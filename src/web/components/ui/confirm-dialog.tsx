import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import type { ReactNode } from 'react';
import { AlertDialog } from 'radix-ui';
import { useFocusReturn } from '../../lib/focus-return';
import { buttonClasses } from './button';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** Shown on the confirm button while the action runs. */
  pendingLabel?: string;
  cancelLabel?: string;
  pending?: boolean;
  onConfirm: () => void;
  /** Where the focus goes on closing; by default back to what opened the question. */
  onCloseAutoFocus?: (event: Event) => void;
  /** Choices that go with the action (a tick box), shown under the description. */
  children?: ReactNode;
}

/**
 * A destructive action asks first (Radix AlertDialog: focus starts on Cancel, Escape cancels).
 * The dialog stays open while the action runs; the caller closes it when it is done.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  pendingLabel,
  cancelLabel,
  pending = false,
  onConfirm,
  onCloseAutoFocus,
  children,
}: ConfirmDialogProps) {
  const returnFocus = useFocusReturn(open);
  const { i18n } = useLingui();
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => (pending ? undefined : onOpenChange(next))}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-asphalt-950/60 backdrop-blur-[2px] data-[state=open]:animate-overlay-in" />
        <AlertDialog.Content
          onCloseAutoFocus={onCloseAutoFocus ?? returnFocus}
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-2xl shadow-asphalt-950/30 focus:outline-none data-[state=open]:animate-dialog-in">
          <AlertDialog.Title className="text-xl font-extrabold tracking-tight text-asphalt-950">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-asphalt-600">{description}</AlertDialog.Description>
          {children}
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={buttonClasses('secondary', 'md')} disabled={pending}>
              {cancelLabel ?? i18n._(msg`Cancel`)}
            </AlertDialog.Cancel>
            <button
              type="button"
              className={buttonClasses('destructive', 'md')}
              disabled={pending}
              onClick={onConfirm}
            >
              {pending && pendingLabel ? pendingLabel : confirmLabel}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

type AboutSubject<T> = ReactNode | ((subject: T) => ReactNode);

interface ConfirmDialogForProps<T> extends Omit<ConfirmDialogProps, 'open' | 'onOpenChange' | 'title' | 'description' | 'confirmLabel' | 'onConfirm'> {
  /** What the action is about (a member, a request, an invitation); the question is open while there is one. */
  subject: T | null;
  /** Cancelled or dismissed; the caller forgets the subject. */
  onClose: () => void;
  title: string | ((subject: T) => string);
  description: AboutSubject<T>;
  confirmLabel: string | ((subject: T) => string);
  onConfirm: (subject: T) => void;
}

/**
 * A ConfirmDialog about one thing the viewer picked: open while `subject` is set, its words may be
 * worded from it, and the confirmed action receives it (so no caller checks for null).
 */
export function ConfirmDialogFor<T>({ subject, onClose, title, description, confirmLabel, onConfirm, ...rest }: ConfirmDialogForProps<T>) {
  const word = <W,>(text: W | ((subject: T) => W), empty: W): W =>
    subject === null ? empty : typeof text === 'function' ? (text as (subject: T) => W)(subject) : text;
  return (
    <ConfirmDialog
      {...rest}
      open={subject !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={word(title, '')}
      description={word(description, '')}
      confirmLabel={word(confirmLabel, '')}
      onConfirm={() => (subject === null ? undefined : onConfirm(subject))}
    />
  );
}
