import { Suspense, type ReactNode } from 'react';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { cn } from '../../lib/cn';

interface SpinnerProps {
  /** Announced to screen readers; also shown as text when `showLabel` is set. */
  label?: string;
  showLabel?: boolean;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

const sizeClasses = { sm: 'size-4 border-2', md: 'size-6 border-[3px]', lg: 'size-10 border-4' } as const;

/** A loading indicator with role="status" and an accessible label. */
export function Spinner({ label: givenLabel, showLabel = false, size = 'md', className }: SpinnerProps) {
  const { i18n } = useLingui();
  const label = givenLabel ?? i18n._(msg`Loading`);
  return (
    <div role="status" aria-label={label} className={cn('inline-flex items-center gap-3', className)}>
      <span
        aria-hidden="true"
        className={cn(
          'inline-block animate-spin rounded-full border-ignition-500 border-e-transparent border-b-asphalt-200 border-s-asphalt-200',
          sizeClasses[size],
        )}
      />
      {showLabel ? <span className="text-sm font-medium text-asphalt-600">{label}</span> : null}
    </div>
  );
}

/** The whole-screen loading state (the shell while the current user loads, lazy pages). */
export function FullPageSpinner({ label }: { label?: string }) {
  return (
    <div className="flex min-h-dvh items-center justify-center bg-paper">
      <Spinner label={label} size="lg" />
    </div>
  );
}

/**
 * A lazily loaded part (`children`) with a labelled spinner in its place while its code loads;
 * `className` gives the placeholder the room the part will take, so nothing jumps when it arrives.
 */
export function SpinnerSuspense({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <div className={cn('flex items-center justify-center', className)}>
          <Spinner label={label} />
        </div>
      }
    >
      {children}
    </Suspense>
  );
}
