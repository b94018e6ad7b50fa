import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

interface PageHeaderProps {
  /** The h1's id, which the page's section names itself by (aria-labelledby). */
  titleId: string;
  title: ReactNode;
  description: ReactNode;
  /** The page's main action (Create Group, Upload Media...): beside the title, full width on phones. */
  action?: ReactNode;
  className?: string;
}

/** The title block every main screen opens with. */
export function PageHeader({ titleId, title, description, action, className }: PageHeaderProps) {
  return (
    <header className={cn(action ? 'flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between' : undefined, className)}>
      <div>
        <h1 id={titleId} className="text-3xl font-black tracking-tight text-asphalt-950 sm:text-4xl">
          {title}
        </h1>
        <p className="mt-1.5 text-base text-asphalt-600">{description}</p>
      </div>
      {action}
    </header>
  );
}
