import { ph } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { MediaItem } from '../../../shared/media/media-item';
import { useDeleteMedia } from '../../api/media';
import { ConfirmDialogFor } from '../ui/confirm-dialog';
import { toast } from '../ui/toast';

interface DeleteMediaDialogProps {
  /** The photo, video or file asked about; the question is open while there is one. */
  item: MediaItem | null;
  /** Where it is removed from: the rider's gallery, or the ride of that name. */
  from: 'gallery' | { rideName: string };
  onClose: () => void;
}

/** Deleting media is asked first, from the gallery and from a ride's strip alike. */
export function DeleteMediaDialog({ item, from, onClose }: DeleteMediaDialogProps) {
  const { t } = useLingui();
  const remove = useDeleteMedia();
  const removedText = (fileName: string) =>
    from === 'gallery' ? t`${ph({ fileName })} was removed from your gallery.` : t`${ph({ fileName })} was removed from ${ph({ rideName: from.rideName })}.`;
  const questionText = (fileName: string) =>
    from === 'gallery'
      ? t`“${ph({ fileName })}” will be removed from your gallery for good. This cannot be undone.`
      : t`“${ph({ fileName })}” will be removed from ${ph({ rideName: from.rideName })} for good. This cannot be undone.`;

  async function confirmDelete(deleting: MediaItem) {
    try {
      await remove.mutateAsync(deleting.id);
      toast({ title: t`Media deleted`, description: removedText(deleting.originalName), variant: 'success' });
    } catch (error) {
      console.error('Delete failed', error);
      toast({ title: t`Error`, description: t`Failed to delete media`, variant: 'destructive' });
    }
    onClose();
  }

  return (
    <ConfirmDialogFor
      subject={item}
      onClose={onClose}
      title={t`Delete media?`}
      description={(deleting) => questionText(deleting.originalName)}
      confirmLabel={t`Delete`}
      pendingLabel={t`Deleting...`}
      pending={remove.isPending}
      onConfirm={(deleting) => void confirmDelete(deleting)}
    />
  );
}
