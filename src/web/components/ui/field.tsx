import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/** The message under a form control; role="alert" for errors so they are announced. */
export function FieldMessage({ id, children, tone = 'error', className }: { id?: string; children: ReactNode; tone?: 'error' | 'hint'; className?: string }) {
  if (!children) return null;
  return (
    <p
      id={id}
      role={tone === 'error' ? 'alert' : undefined}
      className={cn('mt-1.5 text-xs', tone === 'error' ? 'font-semibold text-red-700' : 'text-asphalt-500', className)}
    >
      {children}
    </p>
  );
}
