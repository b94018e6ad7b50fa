import { ImageCropDialog } from '../../../components/image-crop-dialog';
import { toast } from '../../../components/ui/toast';
import { AVATAR_MAX_BYTES, AVATAR_SIZE_PX } from '../../../../shared/media/limits';
import { uploadErrorText, useUploadUserImage } from '../../../api/media';

interface UpdateAvatarDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  currentUserId: string;
  currentAvatarUrl: string | null;
}

/**
 * Spec 1 "Update Profile Picture": pick or drop an image (up to 5 MB), a circular square crop starting
 * at 80% width, exported as a 200x200 JPEG at quality 0.9 and uploaded as avatar.jpg.
 */
export function UpdateAvatarDialog({ open, onOpenChange, currentUserId, currentAvatarUrl }: UpdateAvatarDialogProps) {
  const upload = useUploadUserImage(currentUserId, 'avatar');

  async function save(blob: Blob) {
    try {
      await upload.mutateAsync(blob);
    } catch (error) {
      console.error('Avatar upload failed', error);
      toast({ title: 'Upload failed', description: uploadErrorText(error, 'Failed to update avatar. Please try again.'), variant: 'destructive' });
      throw error;
    }
    toast({ title: 'Avatar updated', description: 'Your profile picture has been updated successfully.', variant: 'success' });
  }

  return (
    <ImageCropDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Update Profile Picture"
      aspect={1}
      circular
      initialWidthPercent={80}
      minSizePx={50}
      maxBytes={AVATAR_MAX_BYTES}
      output={{ width: AVATAR_SIZE_PX, height: AVATAR_SIZE_PX }}
      onCropped={save}
      hint="PNG, JPG, GIF up to 5MB"
      cropHint="Adjust the crop area to select your profile picture."
      saveLabel="Save Avatar"
      savingLabel="Uploading..."
      missingToast={{ title: 'Missing requirements', description: 'Please select an image and adjust the crop area.' }}
      currentImageUrl={currentAvatarUrl}
    />
  );
}
