import type { ComponentProps } from 'react';
import { MoreVertical } from 'lucide-react';
import { DropdownMenu as MenuPrimitive } from 'radix-ui';
import { cn } from '../../lib/cn';
import { withClasses } from './with-classes';

export const DropdownMenu = MenuPrimitive.Root;
export const DropdownMenuTrigger = MenuPrimitive.Trigger;

/** The "more" (three dots) button that opens a row's or a card's menu; `label` names whose actions they are. */
export function DropdownMenuMoreTrigger({ label, className }: { label: string; className?: string }) {
  return (
    <MenuPrimitive.Trigger
      aria-label={label}
      className={cn(
        'inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-asphalt-500 transition-colors hover:bg-asphalt-100 hover:text-asphalt-900 data-[state=open]:bg-asphalt-100 data-[state=open]:text-asphalt-900',
        className,
      )}
    >
      <MoreVertical className="size-5" aria-hidden="true" />
    </MenuPrimitive.Trigger>
  );
}

/** The floating panel of a menu (same look as the user menu). */
export function DropdownMenuContent({ className, sideOffset = 6, collisionPadding = 12, ...props }: ComponentProps<typeof MenuPrimitive.Content>) {
  return (
    <MenuPrimitive.Portal>
      <MenuPrimitive.Content
        sideOffset={sideOffset}
        collisionPadding={collisionPadding}
        className={cn(
          'z-50 min-w-48 rounded-xl border border-asphalt-200 bg-white p-1.5 shadow-2xl shadow-asphalt-950/25 data-[state=open]:animate-pop-in',
          className,
        )}
        {...props}
      />
    </MenuPrimitive.Portal>
  );
}

interface DropdownMenuItemProps extends ComponentProps<typeof MenuPrimitive.Item> {
  tone?: 'default' | 'danger';
}

export function DropdownMenuItem({ className, tone = 'default', ...props }: DropdownMenuItemProps) {
  return (
    <MenuPrimitive.Item
      className={cn(
        'flex cursor-pointer items-center gap-2.5 rounded-md px-2.5 py-2 text-sm font-medium outline-none select-none data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0',
        tone === 'danger'
          ? 'text-red-700 data-[highlighted]:bg-red-50 data-[highlighted]:text-red-800 [&_svg]:text-red-600'
          : 'text-asphalt-800 data-[highlighted]:bg-asphalt-100 data-[highlighted]:text-asphalt-950 [&_svg]:text-asphalt-500',
        className,
      )}
      {...props}
    />
  );
}

export const DropdownMenuSeparator = withClasses(MenuPrimitive.Separator, 'my-1 h-px bg-asphalt-100');
