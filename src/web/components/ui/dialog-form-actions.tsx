import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Button } from './button';
import { DialogClose } from './dialog';

interface DialogFormActionsProps {
  submitting: boolean;
  submitLabel: string;
  submittingLabel: string;
  cancelLabel?: string;
  /** Drawn before the submit label. */
  icon?: ReactNode;
  /** The row's spacing and rule above it. */
  className?: string;
}

/** The Cancel + submit row at the foot of a dialog form, so every dialog closes and submits the same way. */
export function DialogFormActions({ submitting, submitLabel, submittingLabel, cancelLabel, icon, className = 'border-t border-asphalt-100 pt-5' }: DialogFormActionsProps) {
  const { i18n } = useLingui();
  return (
    <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)}>
      <DialogClose asChild>
        <Button variant="secondary" disabled={submitting}>
          {cancelLabel ?? i18n._(msg`Cancel`)}
        </Button>
      </DialogClose>
      <Button type="submit" disabled={submitting}>
        {icon}
        {submitting ? submittingLabel : submitLabel}
      </Button>
    </div>
  );
}
