import type { ComponentProps, ElementType, ReactNode } from 'react';
import { cn } from '../../lib/cn';

/**
 * `Component` (an element, a Radix part) wearing the design's classes, which a caller's className
 * adds to or overrides (tailwind-merge), and for a control its fixed inner part (a tick, a thumb).
 * Every other prop passes through.
 */
export function withClasses<T extends ElementType>(Component: T, classes: string, inner?: ReactNode) {
  const Base: ElementType = Component;
  function Styled({ className, ...props }: ComponentProps<T> & { className?: string }) {
    if (inner === undefined) return <Base className={cn(classes, className)} {...props} />;
    return (
      <Base className={cn(classes, className)} {...props}>
        {inner}
      </Base>
    );
  }
  Styled.displayName = typeof Component === 'string' ? Component : (Component as { displayName?: string }).displayName;
  return Styled;
}
