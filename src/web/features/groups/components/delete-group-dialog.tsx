import type { Group } from '../../../../shared/groups/group';
import { ConfirmDialogFor } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/toast';
import { errorMessageOf } from '../../../lib/api-client';
import { useDeleteGroup } from '../../../api/groups';
import { Trans, useLingui } from '@lingui/react/macro';

interface DeleteGroupDialogProps {
  group: Pick<Group, 'id' | 'name'> | null;
  onOpenChange: (open: boolean) => void;
  /** After the group is gone (the group page goes back to the list). */
  onDeleted?: () => void;
}

/** Deleting a group is a confirmed action (GUIDE section 10); the server removes everything it holds. */
export function DeleteGroupDialog({ group, onOpenChange, onDeleted }: DeleteGroupDialogProps) {
  const { t } = useLingui();
  const deleteGroup = useDeleteGroup();
  return (
    <ConfirmDialogFor
      subject={group}
      onClose={() => onOpenChange(false)}
      title={t`Delete Group`}
      description={({ name }) => (
        <>
          <Trans>
            Delete <strong className="font-bold text-asphalt-900">{name}</strong>? Its rides, polls, invitations and
            membership requests are deleted with it. This cannot be undone.
          </Trans>
        </>
      )}
      confirmLabel={t`Delete Group`}
      pendingLabel={t`Deleting...`}
      pending={deleteGroup.isPending}
      onConfirm={(deleted) =>
        deleteGroup.mutate(deleted.id, {
          onSuccess: () => {
            const groupName = deleted.name;
            toast({ title: t`Group deleted`, description: t`${groupName} has been deleted.` });
            onOpenChange(false);
            onDeleted?.();
          },
          onError: (error) => {
            console.error('Failed to delete group', error);
            toast({ title: t`Failed to delete group`, description: errorMessageOf(error), variant: 'destructive' });
          },
        })
      }
    />
  );
}
