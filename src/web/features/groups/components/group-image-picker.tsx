import { useEffect, useState } from 'react';
import { ImagePlus, Trash2 } from 'lucide-react';
import { MB } from '../../../../shared/media/limits';
import { ImageCropDialog } from '../../../components/image-crop-dialog';
import { Button } from '../../../components/ui/button';
import { Trans, useLingui } from '@lingui/react/macro';

/** Group images: cropped square (initial crop 90% wide), exported as a JPEG at most 800 px wide, quality 0.9. */
const GROUP_IMAGE_SIZE_PX = 800;
const GROUP_IMAGE_MAX_BYTES = 10 * MB;

export interface ChosenImage {
  blob: Blob;
  url: string;
}

/** The image the rider cropped and has not saved yet; its preview's object URL lives as long as it is shown. */
export function useChosenImage() {
  const [image, setImage] = useState<ChosenImage | null>(null);
  useEffect(() => {
    if (!image) return;
    return () => URL.revokeObjectURL(image.url);
  }, [image]);
  return {
    image,
    choose: (blob: Blob) => setImage({ blob, url: URL.createObjectURL(blob) }),
    clear: () => setImage(null),
  };
}

/**
 * Uploads the chosen image for the group once the group is saved; true when it failed (the group
 * stays saved, and the caller's toast says the image did not make it).
 */
export async function uploadChosenImage(upload: (input: { groupId: string; image: Blob }) => Promise<unknown>, groupId: string, image: ChosenImage | null): Promise<boolean> {
  if (!image) return false;
  try {
    await upload({ groupId, image: image.blob });
    return false;
  } catch (error) {
    console.error('Group image upload failed', error);
    return true;
  }
}

interface GroupImagePickerProps {
  chosen: ReturnType<typeof useChosenImage>;
  /** The group's image now (Edit Group), shown until another is chosen. */
  currentUrl?: string | null;
}

/** "Group Image (optional)": a square preview, Add/Change Image (crop dialog) and Remove for a chosen one. */
export function GroupImagePicker({ chosen, currentUrl = null }: GroupImagePickerProps) {
  const { t } = useLingui();
  const [cropOpen, setCropOpen] = useState(false);
  const shown = chosen.image?.url ?? currentUrl;
  return (
    <div>
      <span className="mb-1.5 block text-sm font-semibold text-asphalt-800">
        <Trans>
          Group Image <span className="font-normal text-asphalt-500">(optional)</span>
        </Trans>
      </span>
      <div className="flex items-center gap-3">
        {shown ? (
          <img src={shown} alt={chosen.image ? t`Chosen group cover` : t`Current group cover`} className="size-16 shrink-0 rounded-xl object-cover ring-1 ring-asphalt-200" />
        ) : (
          <span className="flex size-16 shrink-0 items-center justify-center rounded-xl border-2 border-dashed border-asphalt-200 text-asphalt-400">
            <ImagePlus className="size-6" aria-hidden="true" />
          </span>
        )}
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" onClick={() => setCropOpen(true)}>
            <ImagePlus aria-hidden="true" />
            {shown ? <Trans>Change Image</Trans> : <Trans>Add Image</Trans>}
          </Button>
          {chosen.image ? (
            <Button variant="ghost" size="sm" onClick={chosen.clear}>
              <Trash2 aria-hidden="true" />
              <Trans>Remove</Trans>
            </Button>
          ) : null}
        </div>
      </div>
      <ImageCropDialog
        open={cropOpen}
        onOpenChange={setCropOpen}
        title={t`Group Image`}
        description={t`Choose a square image for your group.`}
        aspect={1}
        initialWidthPercent={90}
        minSizePx={50}
        maxBytes={GROUP_IMAGE_MAX_BYTES}
        output={{ maxWidth: GROUP_IMAGE_SIZE_PX }}
        saveLabel={t`Use Image`}
        savingLabel={t`Cropping...`}
        onCropped={(blob) => {
          chosen.choose(blob);
          return Promise.resolve();
        }}
      />
    </div>
  );
}
