import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { ImageCropDialog, type ImageCropDialogProps } from '../../../components/image-crop-dialog';
import { toast } from '../../../components/ui/toast';
import { AVATAR_MAX_BYTES, AVATAR_SIZE_PX, BACKGROUND_MAX_BYTES, BACKGROUND_MAX_WIDTH_PX } from '../../../../shared/media/limits';
import { uploadErrorText, useUploadUserImage } from '../../../api/media';

type Kind = 'avatar' | 'background';

type CropTexts = 'title' | 'hint' | 'cropHint' | 'saveLabel';
type CropShape = Omit<ImageCropDialogProps, 'open' | 'onOpenChange' | 'onCropped' | 'currentImageUrl' | CropTexts | 'missingToast'>;

/** How each picture is cropped and what the dialog says about it; everything else is the same. */
const KINDS: Record<
  Kind,
  {
    crop: CropShape;
    texts: Partial<Record<CropTexts, MessageDescriptor>> & { title: MessageDescriptor };
    missingToast: { title: MessageDescriptor; description: MessageDescriptor };
    /** The toasts after the upload: its title, its text, and the text when it failed. */
    updated: MessageDescriptor;
    done: MessageDescriptor;
    failed: MessageDescriptor;
  }
> = {
  // Spec 1 "Update Profile Picture": pick or drop an image (up to 5 MB), a circular square crop starting
  // at 80% width, exported as a 200x200 JPEG at quality 0.9 and uploaded as avatar.jpg.
  avatar: {
    crop: {
      aspect: 1,
      circular: true,
      initialWidthPercent: 80,
      maxBytes: AVATAR_MAX_BYTES,
      output: { width: AVATAR_SIZE_PX, height: AVATAR_SIZE_PX },
    },
    texts: {
      title: msg`Update Profile Picture`,
      hint: msg`PNG, JPG, GIF up to 5MB`,
      cropHint: msg`Adjust the crop area to select your profile picture.`,
      saveLabel: msg`Save Avatar`,
    },
    missingToast: { title: msg`Missing requirements`, description: msg`Please select an image and adjust the crop area.` },
    updated: msg`Avatar updated`,
    done: msg`Your profile picture has been updated successfully.`,
    failed: msg`Failed to update avatar. Please try again.`,
  },
  // Spec 2 "Background image": a 16:9 crop exported as JPEG at quality 0.9, uploaded as user_background.
  background: {
    crop: {
      aspect: 16 / 9,
      initialWidthPercent: 90,
      maxBytes: BACKGROUND_MAX_BYTES,
      output: { maxWidth: BACKGROUND_MAX_WIDTH_PX },
    },
    texts: {
      title: msg`Update Background Image`,
      cropHint: msg`Adjust the crop area to frame your background image.`,
      saveLabel: msg`Save Background`,
    },
    missingToast: { title: msg`Missing requirements`, description: msg`Please select and crop an image first.` },
    updated: msg`Background updated`,
    done: msg`Your background image has been updated successfully.`,
    failed: msg`Failed to update background. Please try again.`,
  },
};

interface UserImageDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  accountId: string;
  currentImageUrl: string | null;
}

function UpdateUserImageDialog({ kind, open, onOpenChange, accountId, currentImageUrl }: UserImageDialogProps & { kind: Kind }) {
  const { t, i18n } = useLingui();
  const upload = useUploadUserImage(accountId, kind);
  const { crop, texts, missingToast, updated, done, failed } = KINDS[kind];

  async function save(blob: Blob) {
    try {
      await upload.mutateAsync(blob);
    } catch (error) {
      console.error(`${kind} upload failed`, error);
      toast({ title: t`Upload failed`, description: uploadErrorText(error, i18n._(failed)), variant: 'destructive' });
      throw error;
    }
    toast({ title: i18n._(updated), description: i18n._(done), variant: 'success' });
  }

  return (
    <ImageCropDialog
      {...crop}
      title={i18n._(texts.title)}
      hint={texts.hint ? i18n._(texts.hint) : undefined}
      cropHint={texts.cropHint ? i18n._(texts.cropHint) : undefined}
      saveLabel={texts.saveLabel ? i18n._(texts.saveLabel) : undefined}
      missingToast={{ title: i18n._(missingToast.title), description: i18n._(missingToast.description) }}
      minSizePx={50}
      savingLabel={t`Uploading...`}
      open={open}
      onOpenChange={onOpenChange}
      onCropped={save}
      currentImageUrl={currentImageUrl}
    />
  );
}

/** The rider's profile picture: a circular 200x200 crop. */
export function UpdateAvatarDialog({ currentUserId, currentAvatarUrl, ...props }: Omit<UserImageDialogProps, 'accountId' | 'currentImageUrl'> & { currentUserId: string; currentAvatarUrl: string | null }) {
  return <UpdateUserImageDialog kind="avatar" accountId={currentUserId} currentImageUrl={currentAvatarUrl} {...props} />;
}

/** The profile's background image: a 16:9 crop. */
export function UpdateBackgroundDialog({ currentBackgroundUrl, ...props }: Omit<UserImageDialogProps, 'currentImageUrl'> & { currentBackgroundUrl: string | null }) {
  return <UpdateUserImageDialog kind="background" currentImageUrl={currentBackgroundUrl} {...props} />;
}
