import type { ReactNode } from 'react';
import { DialogDescription, DialogHeader, DialogTitle } from './dialog';

/** A dialog's title and, when it has one, the sentence under it (read out as the dialog's description). */
export function DialogHeading({ title, description }: { title: ReactNode; description?: ReactNode }) {
  return (
    <DialogHeader>
      <DialogTitle>{title}</DialogTitle>
      {description ? <DialogDescription>{description}</DialogDescription> : null}
    </DialogHeader>
  );
}
