import { useId, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Button } from './button';

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

/** The button of a page's main action, for PageHeader's `action`: large, full width on phones. */
export function PageHeaderAction({ icon, children, onClick }: { icon: ReactNode; children: ReactNode; onClick: () => void }) {
  return (
    <Button size="lg" onClick={onClick} className="w-full sm:w-auto">
      {icon}
      {children}
    </Button>
  );
}

/** A main screen: a section named by its header's title, the header, then the screen's content. */
export function Page({ children, ...header }: Omit<PageHeaderProps, 'titleId'> & { children: ReactNode }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId}>
      <PageHeader titleId={titleId} {...header} />
      {children}
    </section>
  );
}
