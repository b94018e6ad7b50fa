import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/** A grey placeholder block that pulses while content loads. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-asphalt-100', className)} {...props} />;
}

/**
 * Placeholder lines of text stacked in one block, one class list a line (a title and its details), so
 * every loading list draws its rows' text the same way.
 */
export function SkeletonLines({ lines, className = 'flex-1 space-y-2', label }: { lines: string[]; className?: string; label?: string }) {
  return (
    <div className={className} aria-label={label}>
      {lines.map((line, i) => (
        <Skeleton key={i} className={line} />
      ))}
    </div>
  );
}
