import type { ComponentProps } from 'react';
import { Tabs as TabsPrimitive } from 'radix-ui';
import { cn } from '../../lib/cn';

export const Tabs = TabsPrimitive.Root;

const phoneColumns = { 2: 'grid grid-cols-2 sm:flex', 3: 'grid grid-cols-3 sm:flex', 4: 'grid grid-cols-4 sm:flex' } as const;

interface TabsListProps extends ComponentProps<typeof TabsPrimitive.List> {
  /** On phones, lay the tabs out in this many columns (wrapping into rows) instead of one scrolling row. */
  phoneColumns?: keyof typeof phoneColumns;
}

/** A row of tabs on a rounded track; scrolls sideways on narrow screens unless given phone columns. */
export function TabsList({ className, phoneColumns: columns, ...props }: TabsListProps) {
  return (
    <TabsPrimitive.List
      className={cn(
        'max-w-full gap-1 overflow-x-auto rounded-xl border border-asphalt-200/80 bg-white p-1 shadow-sm shadow-asphalt-900/[0.03] [scrollbar-width:none]',
        columns ? phoneColumns[columns] : 'flex',
        className,
      )}
      {...props}
    />
  );
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={cn(
        'inline-flex h-9 shrink-0 items-center justify-center gap-1.5 rounded-lg px-3.5 text-sm font-semibold whitespace-nowrap text-asphalt-600 transition-colors hover:bg-asphalt-50 hover:text-asphalt-900 focus-visible:outline-offset-0 data-[state=active]:bg-asphalt-900 data-[state=active]:text-white sm:flex-1 [&_svg]:size-4 [&_svg]:shrink-0',
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  return <TabsPrimitive.Content className={cn('mt-4 focus-visible:outline-offset-4', className)} {...props} />;
}
