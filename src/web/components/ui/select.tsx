import type { ComponentProps } from 'react';
import { ChevronDown } from 'lucide-react';
import { cn } from '../../lib/cn';

/** A native <select> with the input's look: the phone's own picker on mobile, fully keyboard-accessible. */
export function NativeSelect({ className, children, ...props }: ComponentProps<'select'>) {
  return (
    <div className="relative">
      <select
        className={cn(
          'block h-11 w-full appearance-none rounded-lg border border-asphalt-200 bg-white pe-10 ps-3 text-base text-asphalt-900 shadow-inner shadow-asphalt-900/[0.02] transition-colors hover:border-asphalt-300 focus-visible:border-ignition-500 focus-visible:outline-ignition-500/40 disabled:cursor-not-allowed disabled:bg-asphalt-50 aria-invalid:border-red-500 sm:text-sm',
          className,
        )}
        {...props}
      >
        {children}
      </select>
      <ChevronDown className="pointer-events-none absolute top-1/2 end-3 size-4 -translate-y-1/2 text-asphalt-500" aria-hidden="true" />
    </div>
  );
}
