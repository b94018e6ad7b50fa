import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

const variants = {
  neutral: 'bg-asphalt-100 text-asphalt-700',
  accent: 'bg-ignition-100 text-ignition-800',
  danger: 'bg-red-600 text-white',
  success: 'bg-emerald-100 text-emerald-800',
} as const;

export interface BadgeProps extends ComponentProps<'span'> {
  variant?: keyof typeof variants;
}

export function Badge({ variant = 'neutral', className, ...props }: BadgeProps) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold tabular-nums',
        variants[variant],
        className,
      )}
      {...props}
    />
  );
}
