import { useNavigate } from 'react-router';
import { Eye, LogOut, Pencil, Settings, Trash2, UserPlus } from 'lucide-react';
import type { Group } from '../../../../shared/groups/group';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuMoreTrigger, DropdownMenuSeparator } from '../../../components/ui/dropdown-menu';
import { groupPath } from '../../../lib/groups/group-path';

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
  const navigate = useNavigate();
  const { abilities } = group;
  const hasActions = showView || abilities.join || abilities.leave || abilities.manage || abilities.delete;
  if (!hasActions) return null;

  return (
    <DropdownMenu>
      <DropdownMenuMoreTrigger label={`Actions for ${group.name}`} className={className} />
      <DropdownMenuContent align="end">
        {showView ? (
          <DropdownMenuItem onSelect={() => void navigate(groupPath(group.slug))}>
            <Eye aria-hidden="true" />
            View Group
          </DropdownMenuItem>
        ) : null}
        {abilities.join ? (
          <DropdownMenuItem onSelect={() => onJoin(group)}>
            <UserPlus aria-hidden="true" />
            Join Group
          </DropdownMenuItem>
        ) : null}
        {abilities.leave ? (
          <DropdownMenuItem onSelect={() => onLeave(group)}>
            <LogOut aria-hidden="true" />
            Leave Group
          </DropdownMenuItem>
        ) : null}
        {abilities.manage && onEdit ? (
          <DropdownMenuItem onSelect={() => onEdit(group)}>
            <Pencil aria-hidden="true" />
            Edit Group
          </DropdownMenuItem>
        ) : null}
        {abilities.manage ? (
          <DropdownMenuItem onSelect={() => onManage(group)}>
            <Settings aria-hidden="true" />
            Manage Group
          </DropdownMenuItem>
        ) : null}
        {abilities.delete ? (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem tone="danger" onSelect={() => onDelete(group)}>
              <Trash2 aria-hidden="true" />
              Delete Group
            </DropdownMenuItem>
          </>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
