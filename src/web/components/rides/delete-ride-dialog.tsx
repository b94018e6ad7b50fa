import type { Ride } from '../../../shared/rides/ride';
import { ConfirmDialog } from '../ui/confirm-dialog';

interface DeleteRideDialogProps {
  ride: Pick<Ride, 'name'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pending: boolean;
  onConfirm: () => void;
}

/** Deleting a ride is a confirmed action (GUIDE section 10): its riders, comments and media go with it. */
export function DeleteRideDialog({ ride, open, onOpenChange, pending, onConfirm }: DeleteRideDialogProps) {
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Delete Ride"
      description={
        <>
          Delete <strong className="font-bold text-asphalt-900">{ride.name}</strong>? Its riders, comments and media are removed too. This
          cannot be undone.
        </>
      }
      confirmLabel="Delete Ride"
      pendingLabel="Deleting..."
      pending={pending}
      onConfirm={onConfirm}
    />
  );
}
