import { useState } from 'react';

/**
 * The state of a ConfirmDialogFor: `ask(subject)` opens the question about it (after `onAsk`, which
 * resets the question's choices), `close()` forgets it; spread `dialog` into the ConfirmDialogFor.
 */
export function useQuestionAbout<T>(onAsk?: () => void) {
  const [subject, setSubject] = useState<T | null>(null);
  const close = () => setSubject(null);
  return {
    subject,
    ask(next: T) {
      onAsk?.();
      setSubject(next);
    },
    close,
    dialog: { subject, onClose: close },
  };
}
