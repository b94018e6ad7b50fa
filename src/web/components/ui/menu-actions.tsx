import type { LucideIcon } from 'lucide-react';
import { DropdownMenuItem, DropdownMenuSeparator } from './dropdown-menu';

/** One action of a card's menu; `shown: false` (the viewer may not) leaves it out. */
export interface MenuAction {
  key: string;
  label: string;
  icon: LucideIcon;
  shown?: boolean;
  select: () => void;
}

/** A menu's actions in their order, those not shown left out; the destructive one last, in red, apart from any others. */
export function MenuActions({ actions, danger }: { actions: MenuAction[]; danger?: MenuAction }) {
  const shown = actions.filter((action) => action.shown !== false);
  return (
    <>
      {shown.map(({ key, label, icon: Icon, select }) => (
          <DropdownMenuItem key={key} onSelect={select}>
            <Icon aria-hidden="true" />
            {label}
          </DropdownMenuItem>
        ))}
      {danger && danger.shown !== false ? (
        <>
          {shown.length > 0 ? <DropdownMenuSeparator /> : null}
          <DropdownMenuItem tone="danger" onSelect={danger.select}>
            <danger.icon aria-hidden="true" />
            {danger.label}
          </DropdownMenuItem>
        </>
      ) : null}
    </>
  );
}
