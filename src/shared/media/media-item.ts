import { z } from 'zod';
import { MEDIA_DESCRIPTION_MAX_LENGTH } from './limits';

/** What an uploaded file is, decided by the server from its bytes. */
export const MEDIA_FILE_TYPES = ['image'] as const;
export type MediaFileType = (typeof MEDIA_FILE_TYPES)[number];

/**
 * What an upload is attached to (spec 2 section 3, "Media item"). Only the kinds the server
 * accepts so far are listed; later issues add profile, ride, group and group_image.
 */
export const MEDIA_ASSOCIATED_TYPES = ['user_avatar', 'user_background'] as const;
export type MediaAssociatedType = (typeof MEDIA_ASSOCIATED_TYPES)[number];

/** Messages the server answers with (the client shows them in its "Upload failed" toast). */
export const MEDIA_MESSAGES = {
  notAnImage: 'Please select an image file.',
  unreadableImage: 'The image could not be read. Please select another image file.',
  tooLarge: 'File too large',
  noFile: 'Please select a file to upload.',
  incomplete: 'The upload was interrupted. Please try again.',
  notMultipart: 'Uploads must be sent as multipart/form-data.',
  oneFile: 'Please upload one file per request.',
} as const;

/** A Media item as the API returns it (spec 2 section 3), plus its thumbnail's URL when it has one. */
export const mediaItemSchema = z.object({
  id: z.string(),
  url: z.string(),
  thumbnailUrl: z.string().nullable(),
  filename: z.string(),
  originalName: z.string(),
  description: z.string().nullable(),
  mimeType: z.string(),
  fileType: z.enum(MEDIA_FILE_TYPES),
  size: z.number().int(),
  createdAt: z.string(),
  associatedType: z.enum(MEDIA_ASSOCIATED_TYPES).nullable(),
  associatedId: z.string().nullable(),
});
export type MediaItem = z.infer<typeof mediaItemSchema>;

/** The text fields of POST /api/media (multipart; the file travels in the part named `file`). */
export const mediaUploadFieldsSchema = z.object({
  type: z.string().max(50, 'type is too long').optional(),
  associatedType: z.enum(MEDIA_ASSOCIATED_TYPES, { error: `associatedType must be one of ${MEDIA_ASSOCIATED_TYPES.join(', ')}` }),
  associatedId: z.string().min(1, 'associatedId is required').max(64, 'associatedId is too long').optional(),
  description: z.string().trim().max(MEDIA_DESCRIPTION_MAX_LENGTH, `description must be at most ${MEDIA_DESCRIPTION_MAX_LENGTH} characters`).optional(),
});
export type MediaUploadFields = z.infer<typeof mediaUploadFieldsSchema>;
