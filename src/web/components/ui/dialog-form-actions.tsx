import { Button } from './button';
import { DialogClose } from './dialog';

interface DialogFormActionsProps {
  submitting: boolean;
  submitLabel: string;
  submittingLabel: string;
  cancelLabel?: string;
}

/** The Cancel + submit row at the foot of a dialog form, so every dialog closes and submits the same way. */
export function DialogFormActions({ submitting, submitLabel, submittingLabel, cancelLabel = 'Cancel' }: DialogFormActionsProps) {
  return (
    <div className="flex flex-col-reverse gap-2 border-t border-asphalt-100 pt-5 sm:flex-row sm:justify-end">
      <DialogClose asChild>
        <Button variant="secondary" disabled={submitting}>
          {cancelLabel}
        </Button>
      </DialogClose>
      <Button type="submit" disabled={submitting}>
        {submitting ? submittingLabel : submitLabel}
      </Button>
    </div>
  );
}
