import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { notFound } from '../platform/errors';
import { AVATAR_MAX_BYTES, BACKGROUND_MAX_BYTES, MEDIA_MAX_BYTES } from '../../shared/media/limits';
import { type MediaAssociatedType, type MediaFileType } from '../../shared/media/media-item';
import { mediaRepository, type MediaListRow, type UserImageColumn } from './media.repository';
import type { ImageVariant } from './media.images';

/** What an upload attached to one associatedType may be, how large, and what it changes. */
export interface UploadTarget {
  maxBytes: number;
  /** The 413 past maxBytes. */
  tooLargeCode: 'file_too_large' | 'gallery_file_too_large';
  accepts: readonly MediaFileType[];
  /** The 415 for anything else. */
  unsupportedCode: 'not_an_image' | 'media_type_unsupported';
  image: ImageVariant;
  /** Runs in the transaction that inserts the media row. */
  afterInsert?(trx: Transaction<Database>, row: MediaListRow): Promise<void>;
  /** Who hears about the upload (never the uploader). */
  notifies?: 'group' | 'ride';
}

const setsUserImage = (column: UserImageColumn) => async (trx: Transaction<Database>, row: MediaListRow) => {
  if (!(await mediaRepository.setUserImage(trx, row.associated_id ?? '', column, row.url))) throw notFound('user_not_found');
};

const gallery = {
  maxBytes: MEDIA_MAX_BYTES,
  tooLargeCode: 'gallery_file_too_large',
  accepts: ['image', 'video', 'gpx'],
  unsupportedCode: 'media_type_unsupported',
  image: 'gallery',
} as const satisfies UploadTarget;

export const UPLOAD_TARGETS: Record<MediaAssociatedType, UploadTarget> = {
  profile: gallery,
  group: { ...gallery, notifies: 'group' },
  ride: { ...gallery, notifies: 'ride' },
  user_avatar: {
    maxBytes: AVATAR_MAX_BYTES,
    tooLargeCode: 'file_too_large',
    accepts: ['image'],
    unsupportedCode: 'not_an_image',
    image: 'avatar',
    afterInsert: setsUserImage('profile_image_url'),
  },
  user_background: {
    maxBytes: BACKGROUND_MAX_BYTES,
    tooLargeCode: 'file_too_large',
    accepts: ['image'],
    unsupportedCode: 'not_an_image',
    image: 'background',
    afterInsert: setsUserImage('background_image_url'),
  },
  group_image: {
    maxBytes: MEDIA_MAX_BYTES,
    tooLargeCode: 'gallery_file_too_large',
    accepts: ['image'],
    unsupportedCode: 'not_an_image',
    image: 'gallery',
    afterInsert: async (trx, row) => {
      if (!(await mediaRepository.setGroupImage(trx, row.associated_id ?? '', row.url))) throw notFound('group_not_found');
    },
  },
};

/** While the target is not known yet (fields after the file), the file may be as large as the largest target allows. */
export const LARGEST_UPLOAD_BYTES = Math.max(...Object.values(UPLOAD_TARGETS).map((t) => t.maxBytes));
