import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/cn';

/** A grey placeholder block that pulses while content loads. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-asphalt-100', className)} {...props} />;
}

/**
 * The box a loading placeholder sits in: a status region named by what is loading ("Loading rides"),
 * so a screen reader says it, and busy until the content replaces it. A plain div may not carry a
 * name (ARIA prohibits naming the generic role), so every named placeholder goes through here.
 */
export function LoadingRegion({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div role="status" aria-busy="true" aria-label={label} className={className}>
      {children}
    </div>
  );
}

/**
 * Placeholder lines of text stacked in one block, one class list a line (a title and its details), so
 * every loading list draws its rows' text the same way. With a label, the block is a LoadingRegion.
 */
export function SkeletonLines({ lines, className = 'flex-1 space-y-2', label }: { lines: string[]; className?: string; label?: string }) {
  const blocks = lines.map((line, i) => <Skeleton key={i} className={line} />);
  if (label) {
    return (
      <LoadingRegion label={label} className={className}>
        {blocks}
      </LoadingRegion>
    );
  }
  return <div className={className}>{blocks}</div>;
}
