import type { PercentCrop } from 'react-image-crop';

/** The size of the exported image: exactly this, or the crop's own size scaled down to a width. */
export type CropOutput = { width: number; height: number } | { maxWidth: number };

export const CANVAS_CONTEXT_ERROR = 'Failed to get canvas context';
export const BLOB_ERROR = 'Failed to create blob';
export const JPEG_QUALITY = 0.9;

/** The crop in the image's own pixels (the crop is kept in percent of the shown image). */
export function naturalCropRect(image: { naturalWidth: number; naturalHeight: number }, crop: PercentCrop) {
  const x = (crop.x / 100) * image.naturalWidth;
  const y = (crop.y / 100) * image.naturalHeight;
  const width = (crop.width / 100) * image.naturalWidth;
  const height = (crop.height / 100) * image.naturalHeight;
  return { x, y, width, height };
}

export function outputSize(source: { width: number; height: number }, output: CropOutput): { width: number; height: number } {
  if ('width' in output) return { width: output.width, height: output.height };
  const width = Math.max(1, Math.round(Math.min(source.width, output.maxWidth)));
  return { width, height: Math.max(1, Math.round((width * source.height) / source.width)) };
}

/**
 * Draws the cropped part of `image` on a canvas and exports it as JPEG at quality 0.9.
 * Rejects with "Failed to get canvas context" or "Failed to create blob" (spec 1 section 8).
 */
export function cropToJpeg(image: HTMLImageElement, crop: PercentCrop, output: CropOutput): Promise<Blob> {
  const source = naturalCropRect(image, crop);
  const size = outputSize(source, output);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new Error(CANVAS_CONTEXT_ERROR));
  // JPEG has no transparency: a transparent PNG or GIF gets a white background, not a black one.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, size.width, size.height);
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, source.x, source.y, source.width, source.height, 0, 0, size.width, size.height);
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error(BLOB_ERROR))), 'image/jpeg', JPEG_QUALITY);
  });
}

/** Arrow keys move the crop by a step in their direction. */
export const NUDGE_KEYS: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

/** Keyboard step for moving the crop: 1 px, 10 with Shift, 100 with Ctrl or Cmd (spec 1 section 2). */
export function nudgeStep(event: { shiftKey: boolean; ctrlKey: boolean; metaKey: boolean }): number {
  if (event.ctrlKey || event.metaKey) return 100;
  return event.shiftKey ? 10 : 1;
}
