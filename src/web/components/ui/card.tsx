import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { withClasses } from './with-classes';

/** A white panel on the paper background: the unit screens are built from. */
export const Card = withClasses('section', 'rounded-2xl border border-asphalt-200/80 bg-white shadow-sm shadow-asphalt-900/[0.03]');

interface CardHeaderProps extends Omit<ComponentProps<'div'>, 'title'> {
  title: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  /** Buttons at the right end of the header. */
  actions?: ReactNode;
  /** id for the heading, so the card can be labelled by it. */
  titleId?: string;
}

export function CardHeader({ title, description, icon, actions, titleId, className, ...props }: CardHeaderProps) {
  return (
    // The actions wrap under the title rather than squeeze it: beside "Add photos" in Polish, at 320 px,
    // "Zdjęcia i filmy" was left 33 px and broke mid-word. The title keeps at least 9rem on its line.
    <div className={cn('flex flex-wrap gap-x-3 gap-y-2 px-5 pt-5 sm:px-6 sm:pt-6', description ? 'items-start' : 'items-center', className)} {...props}>
      {icon ? (
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-ignition-50 text-ignition-700 [&_svg]:size-[18px]">
          {icon}
        </span>
      ) : null}
      <div className="min-w-[9rem] flex-1">
        <h2 id={titleId} className="text-base font-extrabold tracking-tight text-asphalt-950">
          {title}
        </h2>
        {description ? <p className="mt-0.5 text-sm text-asphalt-600">{description}</p> : null}
      </div>
      {actions ? <div className="ms-auto flex shrink-0 items-center gap-2">{actions}</div> : null}
    </div>
  );
}

export const CardBody = withClasses('div', 'px-5 pt-4 pb-5 sm:px-6 sm:pb-6');
