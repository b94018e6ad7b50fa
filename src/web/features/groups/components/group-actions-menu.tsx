import { useNavigate } from 'react-router';
import { Eye, LogOut, Pencil, Settings, Trash2, UserPlus } from 'lucide-react';
import type { Group } from '../../../../shared/groups/group';
import { DropdownMenu, DropdownMenuContent, DropdownMenuMoreTrigger } from '../../../components/ui/dropdown-menu';
import { MenuActions, type MenuAction } from '../../../components/ui/menu-actions';
import { groupPath } from '../../../lib/groups/group-path';
import { useLingui } from '@lingui/react/macro';

export interface GroupMenuHandlers {
  onJoin: (group: Group) => void;
  onLeave: (group: Group) => void;
  onManage: (group: Group) => void;
  onDelete: (group: Group) => void;
}

interface GroupActionsMenuProps extends GroupMenuHandlers {
  group: Group;
  /** The group page already shows the group: it leaves out View Group. */
  showView?: boolean;
  /** Edit Group (name, description, location, image), where the page offers it. */
  onEdit?: (group: Group) => void;
  className?: string;
}

/**
 * The card menu (spec 2 section 2): View Group, Join Group, Leave Group, Manage Group, Delete Group,
 * and on the group's page Edit Group, each shown from the abilities the server sent with the group.
 */
export function GroupActionsMenu({ group, showView = true, onJoin, onLeave, onManage, onEdit, onDelete, className }: GroupActionsMenuProps) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const { abilities } = group;
  const hasActions = showView || abilities.join || abilities.leave || abilities.manage || abilities.delete;
  if (!hasActions) return null;
  const groupName = group.name;

  // In the order the menu shows them; Delete Group comes last, apart.
  const actions: MenuAction[] = [
    { key: 'view', label: t`View Group`, icon: Eye, shown: showView, select: () => void navigate(groupPath(group.slug)) },
    { key: 'join', label: t`Join Group`, icon: UserPlus, shown: abilities.join, select: () => onJoin(group) },
    { key: 'leave', label: t`Leave Group`, icon: LogOut, shown: abilities.leave, select: () => onLeave(group) },
    { key: 'edit', label: t`Edit Group`, icon: Pencil, shown: abilities.manage && onEdit !== undefined, select: () => onEdit?.(group) },
    { key: 'manage', label: t`Manage Group`, icon: Settings, shown: abilities.manage, select: () => onManage(group) },
  ];

  return (
    <DropdownMenu>
      <DropdownMenuMoreTrigger label={t`Actions for ${groupName}`} className={className} />
      <DropdownMenuContent align="end">
        <MenuActions actions={actions} danger={{ key: 'delete', label: t`Delete Group`, icon: Trash2, shown: abilities.delete, select: () => onDelete(group) }} />
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
