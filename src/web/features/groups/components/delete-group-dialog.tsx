import type { Group } from '../../../../shared/groups/group';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/toast';
import { errorMessageOf } from '../../../lib/api-client';
import { useDeleteGroup } from '../../../api/groups';

interface DeleteGroupDialogProps {
  group: Pick<Group, 'id' | 'name'> | null;
  onOpenChange: (open: boolean) => void;
  /** After the group is gone (the group page goes back to the list). */
  onDeleted?: () => void;
}

/** Deleting a group is a confirmed action (GUIDE section 10); the server removes everything it holds. */
export function DeleteGroupDialog({ group, onOpenChange, onDeleted }: DeleteGroupDialogProps) {
  const deleteGroup = useDeleteGroup();
  return (
    <ConfirmDialog
      open={group !== null}
      onOpenChange={onOpenChange}
      title="Delete Group"
      description={
        <>
          Delete <strong className="font-bold text-asphalt-900">{group?.name}</strong>? Its rides, polls, invitations and
          membership requests are deleted with it. This cannot be undone.
        </>
      }
      confirmLabel="Delete Group"
      pendingLabel="Deleting..."
      pending={deleteGroup.isPending}
      onConfirm={() => {
        if (!group) return;
        deleteGroup.mutate(group.id, {
          onSuccess: () => {
            toast({ title: 'Group deleted', description: `${group.name} has been deleted.` });
            onOpenChange(false);
            onDeleted?.();
          },
          onError: (error) => {
            console.error('Failed to delete group', error);
            toast({ title: 'Failed to delete group', description: errorMessageOf(error), variant: 'destructive' });
          },
        });
      }}
    />
  );
}
