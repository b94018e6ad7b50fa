import { ImageCropDialog, type ImageCropDialogProps } from '../../../components/image-crop-dialog';
import { toast } from '../../../components/ui/toast';
import { AVATAR_MAX_BYTES, AVATAR_SIZE_PX, BACKGROUND_MAX_BYTES, BACKGROUND_MAX_WIDTH_PX } from '../../../../shared/media/limits';
import { uploadErrorText, useUploadUserImage } from '../../../api/media';

type Kind = 'avatar' | 'background';

/** How each picture is cropped and what the dialog says about it; everything else is the same. */
const KINDS: Record<Kind, { crop: Omit<ImageCropDialogProps, 'open' | 'onOpenChange' | 'onCropped' | 'currentImageUrl'>; what: string; done: string }> = {
  // Spec 1 "Update Profile Picture": pick or drop an image (up to 5 MB), a circular square crop starting
  // at 80% width, exported as a 200x200 JPEG at quality 0.9 and uploaded as avatar.jpg.
  avatar: {
    crop: {
      title: 'Update Profile Picture',
      aspect: 1,
      circular: true,
      initialWidthPercent: 80,
      maxBytes: AVATAR_MAX_BYTES,
      output: { width: AVATAR_SIZE_PX, height: AVATAR_SIZE_PX },
      hint: 'PNG, JPG, GIF up to 5MB',
      cropHint: 'Adjust the crop area to select your profile picture.',
      saveLabel: 'Save Avatar',
      missingToast: { title: 'Missing requirements', description: 'Please select an image and adjust the crop area.' },
    },
    what: 'Avatar',
    done: 'Your profile picture has been updated successfully.',
  },
  // Spec 2 "Background image": a 16:9 crop exported as JPEG at quality 0.9, uploaded as user_background.
  background: {
    crop: {
      title: 'Update Background Image',
      aspect: 16 / 9,
      initialWidthPercent: 90,
      maxBytes: BACKGROUND_MAX_BYTES,
      output: { maxWidth: BACKGROUND_MAX_WIDTH_PX },
      cropHint: 'Adjust the crop area to frame your background image.',
      saveLabel: 'Save Background',
      missingToast: { title: 'Missing requirements', description: 'Please select and crop an image first.' },
    },
    what: 'Background',
    done: 'Your background image has been updated successfully.',
  },
};

interface UserImageDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  accountId: string;
  currentImageUrl: string | null;
}

function UpdateUserImageDialog({ kind, open, onOpenChange, accountId, currentImageUrl }: UserImageDialogProps & { kind: Kind }) {
  const upload = useUploadUserImage(accountId, kind);
  const { crop, what, done } = KINDS[kind];

  async function save(blob: Blob) {
    try {
      await upload.mutateAsync(blob);
    } catch (error) {
      console.error(`${what} upload failed`, error);
      toast({ title: 'Upload failed', description: uploadErrorText(error, `Failed to update ${what.toLowerCase()}. Please try again.`), variant: 'destructive' });
      throw error;
    }
    toast({ title: `${what} updated`, description: done, variant: 'success' });
  }

  return <ImageCropDialog {...crop} minSizePx={50} savingLabel="Uploading..." open={open} onOpenChange={onOpenChange} onCropped={save} currentImageUrl={currentImageUrl} />;
}

/** The rider's profile picture: a circular 200x200 crop. */
export function UpdateAvatarDialog({ currentUserId, currentAvatarUrl, ...props }: Omit<UserImageDialogProps, 'accountId' | 'currentImageUrl'> & { currentUserId: string; currentAvatarUrl: string | null }) {
  return <UpdateUserImageDialog kind="avatar" accountId={currentUserId} currentImageUrl={currentAvatarUrl} {...props} />;
}

/** The profile's background image: a 16:9 crop. */
export function UpdateBackgroundDialog({ currentBackgroundUrl, ...props }: Omit<UserImageDialogProps, 'currentImageUrl'> & { currentBackgroundUrl: string | null }) {
  return <UpdateUserImageDialog kind="background" currentImageUrl={currentBackgroundUrl} {...props} />;
}
