import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Trans } from '@lingui/react/macro';
import type { LucideIcon } from 'lucide-react';
import { cn } from '../../lib/cn';
import { buttonClasses } from './button';

interface PageMessageProps {
  /** Drawn on a grey badge above the title: round, or a smaller rounded square. */
  icon?: LucideIcon;
  iconShape?: 'round' | 'square';
  /** A picture of its own above the title, instead of an icon. */
  art?: ReactNode;
  title: ReactNode;
  text?: ReactNode;
  /** The way on (a link back, a retry), each with its own top margin. */
  children?: ReactNode;
  /** Width and top padding of the page. */
  className?: string;
  /** Top margin and size of the title. */
  titleClassName?: string;
}

/** A page that only says something (not found, not allowed, failed to load), centred under the header. */
export function PageMessage({ icon: Icon, iconShape = 'round', art, title, text, children, className = 'max-w-md pt-10 sm:pt-16', titleClassName = 'mt-5 text-3xl' }: PageMessageProps) {
  const round = iconShape === 'round';
  return (
    <section className={cn('mx-auto flex flex-col items-center text-center', className)}>
      {Icon ? (
        <span className={cn('flex items-center justify-center bg-asphalt-100 text-asphalt-500', round ? 'size-16 rounded-full' : 'size-14 rounded-2xl')}>
          <Icon className={round ? 'size-8' : 'size-7'} aria-hidden="true" />
        </span>
      ) : (
        art
      )}
      <h1 className={cn('font-black tracking-tight text-asphalt-950', titleClassName)}>{title}</h1>
      {text ? <p className="mt-2 text-asphalt-600">{text}</p> : null}
      {children}
    </section>
  );
}

/** The way out of a page that has nothing to show. */
export function BackToDashboard() {
  return (
    <Link to="/" className={buttonClasses('primary', 'lg', 'mt-6')}>
      <Trans>Back to Dashboard</Trans>
    </Link>
  );
}
