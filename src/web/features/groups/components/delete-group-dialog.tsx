import type { Group } from '../../../../shared/groups/group';
import { ConfirmDialogFor } from '../../../components/ui/confirm-dialog';
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
    <ConfirmDialogFor
      subject={group}
      onClose={() => onOpenChange(false)}
      title="Delete Group"
      description={({ name }) => (
        <>
          Delete <strong className="font-bold text-asphalt-900">{name}</strong>? Its rides, polls, invitations and
          membership requests are deleted with it. This cannot be undone.
        </>
      )}
      confirmLabel="Delete Group"
      pendingLabel="Deleting..."
      pending={deleteGroup.isPending}
      onConfirm={(deleted) =>
        deleteGroup.mutate(deleted.id, {
          onSuccess: () => {
            toast({ title: 'Group deleted', description: `${deleted.name} has been deleted.` });
            onOpenChange(false);
            onDeleted?.();
          },
          onError: (error) => {
            console.error('Failed to delete group', error);
            toast({ title: 'Failed to delete group', description: errorMessageOf(error), variant: 'destructive' });
          },
        })
      }
    />
  );
}
