import { z } from 'zod';
import { abilitiesSchema } from '../http/abilities';
import { gpxInfoSchema } from '../gpx/gpx-types';
import { MEDIA_DESCRIPTION_MAX_LENGTH } from './limits';

/** What an uploaded file is, decided by the server from its bytes. */
export const MEDIA_FILE_TYPES = ['image', 'video', 'gpx'] as const;
export type MediaFileType = (typeof MEDIA_FILE_TYPES)[number];

/**
 * What an upload is attached to (spec 2 section 3, "Media item"): a rider's own gallery (profile,
 * the default), a ride (photos and videos from its riders and its group's members, GPX routes from
 * its owner), a group (its members), a rider's background or avatar, or a group's image (its owner).
 */
export const MEDIA_ASSOCIATED_TYPES = ['profile', 'ride', 'group', 'user_background', 'user_avatar', 'group_image'] as const;
export type MediaAssociatedType = (typeof MEDIA_ASSOCIATED_TYPES)[number];

/** Messages the server answers with (the client shows them in its "Upload failed" toast). */
export const MEDIA_MESSAGES = {
  notAnImage: 'Please select an image file.',
  unreadableImage: 'The image could not be read. Please select another image file.',
  tooLarge: 'File too large',
  /** Spec 2 section 5, gallery uploads. */
  unsupportedType: 'Please upload GIF, JPEG, PNG, MP4, or GPX files only.',
  galleryTooLarge: 'Please upload files smaller than 50MB.',
  noFile: 'Please select a file to upload.',
  incomplete: 'The upload was interrupted. Please try again.',
  notMultipart: 'Uploads must be sent as multipart/form-data.',
  oneFile: 'Please upload one file per request.',
  notFound: 'Media not found',
  rideRidersOnly: 'Only riders of this ride and members of its group can add photos and videos to it',
  rideRouteOwnerOnly: "Only the ride's owner can add GPX routes to this ride",
  groupMembersOnly: 'Only members of this group can see or add its media',
  groupOwnerOnly: 'Only the group owner can change the group image',
  uploaderOnly: "You don't have permission to change this media",
  deleteNotAllowed: "Only the uploader and the ride's or group's owner can delete this media",
} as const;

/** What the viewer may do with an item, decided by the server. */
export const mediaAbilitiesSchema = abilitiesSchema(['edit', 'delete']);
export type MediaAbilities = z.infer<typeof mediaAbilitiesSchema>;

/**
 * The ride or group an item belongs to, named so the gallery can label and link it ("Futa Pass
 * Loop"); null for a rider's own uploads (profile, avatar, background) and for a ride or group that
 * is gone.
 */
export const mediaBelongsToSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ride'), id: z.string(), name: z.string(), slug: z.string(), groupSlug: z.string().nullable() }),
  z.object({ type: z.literal('group'), id: z.string(), name: z.string(), slug: z.string() }),
]);
export type MediaBelongsTo = z.infer<typeof mediaBelongsToSchema>;

/**
 * A Media item as the API returns it (spec 2 section 3), plus its thumbnail's URL when it has one
 * (images), the parsed GPX summary for GPX files, what the viewer may do with it, and the ride or
 * group it belongs to.
 */
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
  gpx: gpxInfoSchema.nullable(),
  abilities: mediaAbilitiesSchema,
  belongsTo: mediaBelongsToSchema.nullable(),
});
export type MediaItem = z.infer<typeof mediaItemSchema>;
export const mediaListSchema = z.array(mediaItemSchema);

const descriptionField = z
  .string()
  .trim()
  .max(MEDIA_DESCRIPTION_MAX_LENGTH, `description must be at most ${MEDIA_DESCRIPTION_MAX_LENGTH} characters`);

/** The text fields of POST /api/media (multipart; the file travels in the part named `file`). */
export const mediaUploadFieldsSchema = z.object({
  type: z.string().max(50, 'type is too long').optional(),
  associatedType: z.enum(MEDIA_ASSOCIATED_TYPES, { error: `associatedType must be one of ${MEDIA_ASSOCIATED_TYPES.join(', ')}` }).default('profile'),
  associatedId: z.string().min(1, 'associatedId is required').max(64, 'associatedId is too long').optional(),
  description: descriptionField.optional(),
});
export type MediaUploadFields = z.infer<typeof mediaUploadFieldsSchema>;

/** PATCH /api/media/{id}. An empty description clears it. */
export const mediaUpdateSchema = z.object({ description: descriptionField.nullable() });
export type MediaUpdate = z.infer<typeof mediaUpdateSchema>;

/** GET /api/media: either what the media is attached to, or whose it is. */
export const mediaListQuerySchema = z
  .object({
    associatedType: z.enum(MEDIA_ASSOCIATED_TYPES).optional(),
    associatedId: z.string().min(1).max(64).optional(),
    userId: z.string().min(1).max(64).optional(),
  })
  .refine((q) => (q.associatedType !== undefined && q.associatedId !== undefined) !== (q.userId !== undefined), {
    message: 'Give either associatedType and associatedId, or userId',
  });
export type MediaListQuery = z.infer<typeof mediaListQuerySchema>;
