import { useEffect, useRef, useState, type ComponentProps } from 'react';
import { Tabs as TabsPrimitive } from 'radix-ui';
import { cn } from '../../lib/cn';
import { withClasses } from './with-classes';

export const Tabs = TabsPrimitive.Root;

// In columns, tighter padding keeps label and count inside a narrow cell; a tab's count goes under
// its label when both do not fit on one line (German "Ausfahrten" and its count ran 12 px past a
// 90 px tab at 320 px), and three or four columns become two below 360 px, where a cell is too
// narrow for Dutch "Afbeeldingen" alone.
const inColumns = 'max-sm:[&>*]:h-auto max-sm:[&>*]:min-h-9 max-sm:[&>*]:flex-wrap max-sm:[&>*]:gap-x-1.5 max-sm:[&>*]:gap-y-0 max-sm:[&>*]:px-2 max-sm:[&>*]:py-1 max-sm:[&>*]:text-center max-sm:[&>*]:whitespace-normal';
const phoneColumns = {
  2: `grid grid-cols-2 sm:flex ${inColumns}`,
  3: `grid grid-cols-2 min-[360px]:grid-cols-3 sm:flex ${inColumns}`,
  4: `grid grid-cols-2 min-[360px]:grid-cols-4 sm:flex ${inColumns}`,
} as const;

interface TabsListProps extends ComponentProps<typeof TabsPrimitive.List> {
  /** On phones, lay the tabs out in this many columns (wrapping into rows) instead of one scrolling row. */
  phoneColumns?: keyof typeof phoneColumns;
}

/** Which ends of a sideways-scrolling row hide tabs, so the row can fade there and show there is more. */
function useHiddenEnds(enabled: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  const [ends, setEnds] = useState({ start: false, end: false });
  useEffect(() => {
    const list = ref.current;
    if (!enabled || !list) return;
    const measure = () => {
      const start = list.scrollLeft > 1;
      const end = list.scrollLeft + list.clientWidth < list.scrollWidth - 1;
      setEnds((old) => (old.start === start && old.end === end ? old : { start, end }));
    };
    measure();
    list.addEventListener('scroll', measure, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(list);
    return () => {
      list.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, [enabled]);
  return { ref, ends };
}

/**
 * A row of tabs on a rounded track. On narrow screens it stays ONE row and scrolls sideways (never
 * wraps, never widens the page), fading at an end that hides tabs; or, given phone columns, a grid.
 */
export function TabsList({ className, phoneColumns: columns, ...props }: TabsListProps) {
  const { ref, ends } = useHiddenEnds(!columns);
  const fade = ends.start && ends.end ? 'both' : ends.start ? 'start' : ends.end ? 'end' : undefined;
  return (
    <TabsPrimitive.List
      ref={ref}
      data-hidden-tabs={fade}
      className={cn(
        'max-w-full min-w-0 gap-1 overflow-x-auto rounded-xl border border-asphalt-200/80 bg-white p-1 shadow-sm shadow-asphalt-900/[0.03] [scrollbar-width:none]',
        columns ? phoneColumns[columns] : 'flex',
        'data-[hidden-tabs=end]:[mask-image:linear-gradient(to_right,#000_calc(100%-2.5rem),transparent)]',
        'data-[hidden-tabs=start]:[mask-image:linear-gradient(to_left,#000_calc(100%-2.5rem),transparent)]',
        'data-[hidden-tabs=both]:[mask-image:linear-gradient(to_right,transparent,#000_2.5rem,#000_calc(100%-2.5rem),transparent)]',
        className,
      )}
      {...props}
    />
  );
}

export const TabsTrigger = withClasses(
  TabsPrimitive.Trigger,
  'inline-flex h-9 shrink-0 items-center justify-center gap-1.5 rounded-lg px-3.5 text-sm font-semibold whitespace-nowrap text-asphalt-600 transition-colors hover:bg-asphalt-50 hover:text-asphalt-900 focus-visible:outline-offset-0 data-[state=active]:bg-asphalt-900 data-[state=active]:text-white sm:flex-1 [&_svg]:size-4 [&_svg]:shrink-0',
);

export const TabsContent = withClasses(TabsPrimitive.Content, 'mt-4 focus-visible:outline-offset-4');
