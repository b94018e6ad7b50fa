import { MEDIA_MAX_BYTES } from './limits';

/**
 * The client's first check of a gallery upload (spec 2 section 5, "Media upload"): GIF, JPEG, PNG,
 * MP4 and GPX (and XML types); a .gpx name is accepted whatever type the browser reports. The
 * server decides again from the bytes.
 */
export const ACCEPTED_UPLOAD_MIME_TYPES = [
  'image/gif',
  'image/jpeg',
  'image/png',
  'video/mp4',
  'application/gpx+xml',
  'application/xml',
  'text/xml',
] as const;

/** For the file picker's `accept` attribute. */
export const UPLOAD_ACCEPT_ATTRIBUTE = [...ACCEPTED_UPLOAD_MIME_TYPES, '.gpx'].join(',');

/** What riders add to a ride (its GPX route is its owner's, added beside the route). */
export const PHOTO_AND_VIDEO_MIME_TYPES = ['image/gif', 'image/jpeg', 'image/png', 'video/mp4'] as const;
export const PHOTO_AND_VIDEO_ACCEPT_ATTRIBUTE = PHOTO_AND_VIDEO_MIME_TYPES.join(',');

export type UploadCheck = 'ok' | 'unsupported' | 'tooLarge';

export function checkUploadFile(file: { name: string; type: string; size: number }, options: { photosAndVideosOnly?: boolean } = {}): UploadCheck {
  const type = file.type.toLowerCase();
  if (options.photosAndVideosOnly) {
    if (!(PHOTO_AND_VIDEO_MIME_TYPES as readonly string[]).includes(type)) return 'unsupported';
  } else if (!/\.gpx$/i.test(file.name) && !(ACCEPTED_UPLOAD_MIME_TYPES as readonly string[]).includes(type)) return 'unsupported';
  if (file.size > MEDIA_MAX_BYTES) return 'tooLarge';
  return 'ok';
}

/** "0 Bytes", "512 Bytes", "1.5 KB", "12.3 MB", "1.02 GB" (spec 2: Bytes, KB, MB, GB). */
export function formatFileSize(bytes: number, locale = 'en-US'): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const units = ['Bytes', 'KB', 'MB', 'GB'] as const;
  const exponent = Math.min(units.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  const value = bytes / 1024 ** exponent;
  // The number in the reader's separators ("12,35 MB" in Italian); the spec's units stay as they are.
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: exponent === 0 ? 0 : 2, useGrouping: false }).format(value)} ${units[exponent]}`;
}
