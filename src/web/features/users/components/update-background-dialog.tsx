import { ImageCropDialog } from '../../../components/image-crop-dialog';
import { toast } from '../../../components/ui/toast';
import { BACKGROUND_MAX_BYTES, BACKGROUND_MAX_WIDTH_PX } from '../../../../shared/media/limits';
import { uploadErrorText, useUploadUserImage } from '../../../api/media';

interface UpdateBackgroundDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  accountId: string;
  currentBackgroundUrl: string | null;
}

/** Spec 2 "Background image": a 16:9 crop exported as JPEG at quality 0.9, uploaded as user_background. */
export function UpdateBackgroundDialog({ open, onOpenChange, accountId, currentBackgroundUrl }: UpdateBackgroundDialogProps) {
  const upload = useUploadUserImage(accountId, 'background');

  async function save(blob: Blob) {
    try {
      await upload.mutateAsync(blob);
    } catch (error) {
      console.error('Background upload failed', error);
      toast({ title: 'Upload failed', description: uploadErrorText(error, 'Failed to update background. Please try again.'), variant: 'destructive' });
      throw error;
    }
    toast({ title: 'Background updated', description: 'Your background image has been updated successfully.', variant: 'success' });
  }

  return (
    <ImageCropDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Update Background Image"
      aspect={16 / 9}
      initialWidthPercent={90}
      minSizePx={50}
      maxBytes={BACKGROUND_MAX_BYTES}
      output={{ maxWidth: BACKGROUND_MAX_WIDTH_PX }}
      onCropped={save}
      cropHint="Adjust the crop area to frame your background image."
      saveLabel="Save Background"
      savingLabel="Uploading..."
      missingToast={{ title: 'Missing requirements', description: 'Please select and crop an image first.' }}
      currentImageUrl={currentBackgroundUrl}
    />
  );
}
