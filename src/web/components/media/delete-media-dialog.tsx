import type { MediaItem } from '../../../shared/media/media-item';
import { useDeleteMedia } from '../../api/media';
import { ConfirmDialogFor } from '../ui/confirm-dialog';
import { toast } from '../ui/toast';

interface DeleteMediaDialogProps {
  /** The photo, video or file asked about; the question is open while there is one. */
  item: MediaItem | null;
  /** Where it is removed from, as the rider reads it: "your gallery", a ride's name. */
  from: string;
  onClose: () => void;
}

/** Deleting media is asked first, from the gallery and from a ride's strip alike. */
export function DeleteMediaDialog({ item, from, onClose }: DeleteMediaDialogProps) {
  const remove = useDeleteMedia();

  async function confirmDelete(deleting: MediaItem) {
    try {
      await remove.mutateAsync(deleting.id);
      toast({ title: 'Media deleted', description: `${deleting.originalName} was removed from ${from}.`, variant: 'success' });
    } catch (error) {
      console.error('Delete failed', error);
      toast({ title: 'Error', description: 'Failed to delete media', variant: 'destructive' });
    }
    onClose();
  }

  return (
    <ConfirmDialogFor
      subject={item}
      onClose={onClose}
      title="Delete media?"
      description={(deleting) => `“${deleting.originalName}” will be removed from ${from} for good. This cannot be undone.`}
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      pending={remove.isPending}
      onConfirm={(deleting) => void confirmDelete(deleting)}
    />
  );
}
