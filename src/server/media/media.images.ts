import sharp from 'sharp';
import {
  AVATAR_SIZE_PX,
  BACKGROUND_MAX_WIDTH_PX,
  GALLERY_MAX_DIMENSION_PX,
  IMAGE_JPEG_QUALITY,
  MAX_IMAGE_PIXELS,
  THUMBNAIL_JPEG_QUALITY,
  THUMBNAIL_WIDTH_PX,
} from '../../shared/media/limits';
import { HttpError, payloadTooLarge, unsupportedMediaType } from '../platform/errors';

/**
 * How an image is stored: a square avatar, a wide profile background (both JPEG), or a gallery
 * image (a group image too), which keeps its format (JPEG, PNG, or GIF with its animation).
 */
export type ImageVariant = 'avatar' | 'background' | 'gallery';

export interface ProcessedImage {
  image: Buffer;
  thumbnail: Buffer;
  mimeType: 'image/jpeg' | 'image/png' | 'image/gif';
  extension: 'jpg' | 'png' | 'gif';
}

const inputOptions = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' } as const;

/**
 * Re-encodes an uploaded image: EXIF orientation applied, every metadata block (EXIF, GPS, XMP,
 * ICC, comments) dropped, transparency flattened onto white, JPEG out; plus a small thumbnail.
 * Bytes sharp cannot decode answer 415, images past the pixel limit 413 (never a 500).
 */
export async function processImage(inputPath: string, variant: ImageVariant, inputMimeType = 'image/jpeg'): Promise<ProcessedImage> {
  try {
    if (variant === 'gallery') return await processGalleryImage(inputPath, inputMimeType);
    const { autoOrient } = await sharp(inputPath, inputOptions).metadata();
    let pipeline = sharp(inputPath, inputOptions).rotate();
    if (variant === 'avatar') {
      const side = Math.min(AVATAR_SIZE_PX, autoOrient.width, autoOrient.height);
      pipeline = pipeline.resize(side, side, { fit: 'cover', position: 'centre' });
    } else {
      pipeline = pipeline.resize({ width: Math.min(BACKGROUND_MAX_WIDTH_PX, autoOrient.width) });
    }
    const image = await pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: IMAGE_JPEG_QUALITY }).toBuffer();
    const thumbnail = await sharp(image)
      .resize({ width: THUMBNAIL_WIDTH_PX, withoutEnlargement: true })
      .jpeg({ quality: THUMBNAIL_JPEG_QUALITY })
      .toBuffer();
    return { image, thumbnail, mimeType: 'image/jpeg', extension: 'jpg' };
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw payloadTooLarge('image_too_large');
    throw unsupportedMediaType('image_unreadable');
  }
}

async function thumbnailOf(image: Buffer): Promise<Buffer> {
  return sharp(image, inputOptions)
    .resize({ width: THUMBNAIL_WIDTH_PX, withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: THUMBNAIL_JPEG_QUALITY })
    .toBuffer();
}

/**
 * A gallery image: upright, at most GALLERY_MAX_DIMENSION_PX on its longest side, every metadata
 * block dropped (sharp writes none unless asked), in its own format; a GIF keeps its frames.
 */
async function processGalleryImage(inputPath: string, inputMimeType: string): Promise<ProcessedImage> {
  const fit = { width: GALLERY_MAX_DIMENSION_PX, height: GALLERY_MAX_DIMENSION_PX, fit: 'inside', withoutEnlargement: true } as const;
  if (inputMimeType === 'image/gif') {
    const image = await sharp(inputPath, { ...inputOptions, animated: true }).resize(fit).gif().toBuffer();
    return { image, thumbnail: await thumbnailOf(image), mimeType: 'image/gif', extension: 'gif' };
  }
  const upright = sharp(inputPath, inputOptions).rotate().resize(fit);
  if (inputMimeType === 'image/png') {
    const image = await upright.png().toBuffer();
    return { image, thumbnail: await thumbnailOf(image), mimeType: 'image/png', extension: 'png' };
  }
  const image = await upright.flatten({ background: '#ffffff' }).jpeg({ quality: IMAGE_JPEG_QUALITY }).toBuffer();
  return { image, thumbnail: await thumbnailOf(image), mimeType: 'image/jpeg', extension: 'jpg' };
}
