import { Trans, useLingui } from '@lingui/react/macro';
import type { Ride } from '../../../shared/rides/ride';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { useRideActions } from './use-ride-actions';

interface DeleteRideDialogProps {
  ride: Ride;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After the ride is gone and the dialog closed (the ride page leaves for the group or Upcoming Rides). */
  onDeleted?: () => void;
}

/**
 * Deleting a ride is a confirmed action (GUIDE section 10): its riders, comments and media go with it.
 * The dialog deletes, says so (useRideActions' toasts) and closes; a failure keeps it open.
 */
export function DeleteRideDialog({ ride, open, onOpenChange, onDeleted }: DeleteRideDialogProps) {
  const { t } = useLingui();
  const actions = useRideActions();
  const rideName = ride.name;
  async function confirm() {
    if (!(await actions.remove(ride))) return;
    onOpenChange(false);
    onDeleted?.();
  }
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t`Delete Ride`}
      description={
        <Trans>
          Delete <strong className="font-bold text-asphalt-900">{rideName}</strong>? Its riders, comments and media are removed too. This
          cannot be undone.
        </Trans>
      }
      confirmLabel={t`Delete Ride`}
      pendingLabel={t`Deleting...`}
      pending={actions.deleting}
      onConfirm={() => void confirm()}
    />
  );
}
