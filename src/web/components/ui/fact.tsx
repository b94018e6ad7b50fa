import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';

interface FactProps {
  /** What the value is, read by screen readers only (the icon says it to the eye). */
  term: string;
  icon: LucideIcon;
  children: ReactNode;
  /** 'start' for values that may wrap onto more lines: the icon stays by the first. */
  align?: 'center' | 'start';
  /** The row's classes, where a card lays its facts out otherwise (in a row, centred...). */
  className?: string;
  iconClassName?: string;
  valueClassName?: string;
  /** The value's tooltip, where a long one may be cut short. */
  valueTitle?: string;
}

/** One fact of a card's definition list: its term for screen readers, an icon, its value. */
export function Fact({ term, icon: Icon, children, align = 'center', className, iconClassName, valueClassName, valueTitle }: FactProps) {
  const start = align === 'start';
  return (
    <div className={className ?? (start ? 'flex items-start gap-2' : 'flex items-center gap-2')}>
      <dt className="sr-only">{term}</dt>
      <Icon className={iconClassName ?? (start ? 'mt-0.5 size-4 shrink-0 text-asphalt-400' : 'size-4 shrink-0 text-asphalt-400')} aria-hidden="true" />
      <dd className={valueClassName} title={valueTitle}>{children}</dd>
    </div>
  );
}
