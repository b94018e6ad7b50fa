import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState, type ChangeEvent, type DragEvent, type KeyboardEvent } from 'react';
import ReactCrop, { centerCrop, convertToPixelCrop, makeAspectCrop, type PercentCrop } from 'react-image-crop';
import 'react-image-crop/dist/ReactCrop.css';
import { ImageUp, RefreshCw } from 'lucide-react';
import { cn } from '../lib/cn';
import { cropToJpeg, NUDGE_KEYS, nudgeStep, type CropOutput } from '../lib/crop-image';
import { RetryingImage } from './retrying-image';
import { Button } from './ui/button';
import { Dialog, DialogContent } from './ui/dialog';
import { DialogHeading } from './ui/dialog-heading';
import { toast } from './ui/toast';
import { megabytes } from '../../shared/media/storage-usage';
import { formatLocale } from '../lib/i18n/i18n';

export type { CropOutput } from '../lib/crop-image';

export interface ImageCropDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** Under the title (optional). */
  description?: string;
  /** Width / height of the crop: 1 for a square, 16 / 9 for a banner. */
  aspect: number;
  /** Show the crop as a circle (avatars). */
  circular?: boolean;
  /** The first crop is centred and this wide, in percent of the image (spec: 80 avatar, 90 group image). */
  initialWidthPercent?: number;
  /** The crop cannot be made smaller than this, in screen pixels (spec: 50). */
  minSizePx?: number;
  /** Larger files are refused with "File too large". */
  maxBytes: number;
  /** The exported JPEG's size: exact, or the crop's size scaled down to a maximum width. */
  output: CropOutput;
  /** Receives the JPEG (quality 0.9). Resolve to close and reset the dialog; reject to keep it open (show your own error). */
  onCropped: (blob: Blob) => Promise<void>;
  /** Texts; the defaults are generic. */
  hint?: string;
  cropHint?: string;
  saveLabel?: string;
  savingLabel?: string;
  /** Toast when saving without an image or crop. */
  missingToast?: { title: string; description: string };
  /** The picture in use now, shown beside the picker until a new one is chosen. */
  currentImageUrl?: string | null;
}

/**
 * Pick an image (click or drag and drop), adjust a crop of a fixed aspect, export it as JPEG.
 * Used by the avatar (1:1, circular, 200x200), the profile background (16:9) and the group image (1:1).
 */
export function ImageCropDialog({
  open,
  onOpenChange,
  title,
  description,
  aspect,
  circular = false,
  initialWidthPercent = 80,
  minSizePx = 50,
  maxBytes,
  output,
  onCropped,
  hint,
  cropHint,
  saveLabel,
  savingLabel,
  missingToast,
  currentImageUrl,
}: ImageCropDialogProps) {
  const { t } = useLingui();
  // Sizes in the rider's numbers.
  const megabytesOf = (bytes: number) => megabytes(bytes, formatLocale());
  const inputId = useId();
  const hintId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const imageRef = useRef<HTMLImageElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [crop, setCrop] = useState<PercentCrop>();
  const [dragging, setDragging] = useState(false);
  const [busy, setBusy] = useState(false);

  // The preview's object URL lives as long as it is shown.
  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);

  function reset() {
    setFile(null);
    setPreview(null);
    setCrop(undefined);
    setDragging(false);
    if (fileInput.current) fileInput.current.value = '';
  }

  function handleOpenChange(next: boolean) {
    if (!next && busy) return;
    if (!next) reset();
    onOpenChange(next);
  }

  function accept(candidate: File | undefined) {
    if (!candidate) return;
    if (!candidate.type.startsWith('image/')) {
      toast({ title: t`Invalid file type`, description: t`Please select an image file.`, variant: 'destructive' });
      return;
    }
    if (candidate.size > maxBytes) {
      const maxMegabytes = megabytesOf(maxBytes);
      toast({ title: t`File too large`, description: t`Please select an image under ${maxMegabytes}MB.`, variant: 'destructive' });
      return;
    }
    setFile(candidate);
    setCrop(undefined);
    setPreview(URL.createObjectURL(candidate));
  }

  function handleFileChange(event: ChangeEvent<HTMLInputElement>) {
    accept(event.target.files?.[0]);
    event.target.value = '';
  }

  function handleDrop(event: DragEvent<HTMLElement>) {
    event.preventDefault();
    setDragging(false);
    accept(event.dataTransfer.files[0]);
  }

  function handleImageLoad() {
    const image = imageRef.current;
    if (!image) return;
    const { width, height } = image;
    setCrop(centerCrop(makeAspectCrop({ unit: '%', width: initialWidthPercent }, aspect, width, height), width, height));
  }

  /** Moves the crop with the arrow keys; resizing with the handles is left to the crop component. */
  function handleCropKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const direction = NUDGE_KEYS[event.key];
    const image = imageRef.current;
    const target = event.target as HTMLElement;
    if (!direction || !image || !crop || !target.classList.contains('ReactCrop__crop-selection')) return;
    event.preventDefault();
    event.stopPropagation();
    const step = nudgeStep(event);
    const px = convertToPixelCrop(crop, image.width, image.height);
    const x = Math.min(Math.max(0, px.x + direction[0] * step), image.width - px.width);
    const y = Math.min(Math.max(0, px.y + direction[1] * step), image.height - px.height);
    setCrop({ ...crop, x: (x / image.width) * 100, y: (y / image.height) * 100 });
  }

  async function handleSave() {
    const image = imageRef.current;
    if (!file || !crop || !image || crop.width <= 0 || crop.height <= 0) {
      toast({ ...(missingToast ?? { title: t`Missing requirements`, description: t`Please select an image and adjust the crop area.` }), variant: 'destructive' });
      return;
    }
    setBusy(true);
    let blob: Blob;
    try {
      blob = await cropToJpeg(image, crop, output);
    } catch (error) {
      console.error('Crop failed', error);
      toast({ title: t`Crop failed`, description: error instanceof Error ? error.message : String(error), variant: 'destructive' });
      setBusy(false);
      return;
    }
    try {
      await onCropped(blob);
    } catch {
      // The caller reported it; keep the dialog open so the rider can try again.
      setBusy(false);
      return;
    }
    setBusy(false);
    reset();
    onOpenChange(false);
  }

  const maxMegabytes = megabytesOf(maxBytes);
  const hintText = hint ?? t`PNG, JPG, GIF up to ${maxMegabytes}MB`;

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogContent size="lg" aria-describedby={description ? undefined : hintId}>
        <DialogHeading title={title} description={description} />

        <input
          ref={fileInput}
          id={inputId}
          type="file"
          accept="image/*"
          className="sr-only"
          tabIndex={-1}
          aria-label={t`Choose image file`}
          onChange={handleFileChange}
        />

        {preview ? (
          <div className="space-y-4">
            <p id={hintId} className="text-sm text-asphalt-600">
              {cropHint ?? t`Adjust the crop area.`}
            </p>
            <div
              className="flex justify-center overflow-hidden rounded-xl bg-asphalt-950 [background-image:repeating-conic-gradient(#23262d_0_25%,#17191e_0_50%)] [background-size:20px_20px]"
              onKeyDownCapture={handleCropKeyDown}
            >
              <ReactCrop
                crop={crop}
                onChange={(_, percent) => setCrop(percent)}
                aspect={aspect}
                circularCrop={circular}
                keepSelection
                minWidth={minSizePx}
                minHeight={Math.round(minSizePx / aspect)}
                ruleOfThirds={!circular}
                ariaLabels={{
                  cropArea: t`Crop area: use the arrow keys to move it (Shift: 10 px, Ctrl or Cmd: 100 px)`,
                  nwDragHandle: t`Resize from the top left`,
                  nDragHandle: t`Resize from the top`,
                  neDragHandle: t`Resize from the top right`,
                  eDragHandle: t`Resize from the right`,
                  seDragHandle: t`Resize from the bottom right`,
                  sDragHandle: t`Resize from the bottom`,
                  swDragHandle: t`Resize from the bottom left`,
                  wDragHandle: t`Resize from the left`,
                }}
              >
                <img
                  ref={imageRef}
                  src={preview}
                  alt={t`Crop preview`}
                  onLoad={handleImageLoad}
                  className="block max-h-[min(55dvh,28rem)] w-auto max-w-full"
                />
              </ReactCrop>
            </div>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
              <Button variant="secondary" onClick={() => fileInput.current?.click()} disabled={busy}>
                <RefreshCw aria-hidden="true" />
                <Trans>Choose Different Image</Trans>
              </Button>
              <Button onClick={() => void handleSave()} disabled={busy}>
                {busy ? (savingLabel ?? t`Uploading...`) : (saveLabel ?? t`Save`)}
              </Button>
            </div>
          </div>
        ) : (
          <div className="space-y-4">
          {currentImageUrl ? (
            <div className="flex items-center gap-3 rounded-xl bg-asphalt-50 p-3">
              <RetryingImage
                src={currentImageUrl}
                alt={t`Current image`}
                className={cn('h-14 shrink-0 bg-asphalt-200 object-cover', circular ? 'w-14 rounded-full' : 'rounded-lg')}
                style={circular ? undefined : { aspectRatio: String(aspect) }}
              />
              <p className="text-sm text-asphalt-600"><Trans>This is the current image. Choose a new one to replace it.</Trans></p>
            </div>
          ) : null}
          <button
            type="button"
            onClick={() => fileInput.current?.click()}
            onDragEnter={(event) => {
              event.preventDefault();
              setDragging(true);
            }}
            onDragOver={(event) => event.preventDefault()}
            onDragLeave={() => setDragging(false)}
            onDrop={handleDrop}
            aria-describedby={hintId}
            className={cn(
              'flex w-full flex-col items-center justify-center gap-3 rounded-xl border-2 border-dashed px-6 py-12 text-center transition-colors',
              dragging ? 'border-ignition-500 bg-ignition-50' : 'border-asphalt-200 bg-asphalt-50/60 hover:border-asphalt-300 hover:bg-asphalt-50',
            )}
          >
            <span className="flex size-14 items-center justify-center rounded-full bg-white text-ignition-600 shadow-sm ring-1 ring-asphalt-200">
              <ImageUp className="size-7" aria-hidden="true" />
            </span>
            <span className="text-sm font-bold text-asphalt-900">
              <Trans>Click to upload <span className="font-medium text-asphalt-600">or drag and drop</span></Trans>
            </span>
            <span id={hintId} className="text-xs text-asphalt-500">
              {hintText}
            </span>
          </button>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
