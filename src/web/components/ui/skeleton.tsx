import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/** A grey placeholder block that pulses while content loads. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-asphalt-100', className)} {...props} />;
}
