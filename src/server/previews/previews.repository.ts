import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, PreviewPicturesTable } from '../db/schema';

type Executor = Kysely<Database> | Transaction<Database>;
export type PreviewPictureRow = Selectable<PreviewPicturesTable>;
/**
 * What a picture shows: a ride by its id, a group by its slug, a profile by its handle, the app's
 * card; or `stored`, by its own key: a picture the sweep found in the storage with no row (stored
 * before migration 048), which no subject shows until a page records it as its own.
 */
export interface PictureSubject {
  kind: 'ride' | 'group' | 'avatar' | 'app' | 'stored';
  id: string;
}

const ofSubject = (subject: PictureSubject) => ({ subject_kind: subject.kind, subject_id: subject.id });

/** The record of which stored preview pictures are in use (migrations/048_preview_pictures.ts). */
export const previewsRepository = {
  async isRecorded(db: Executor, key: string, subject: PictureSubject): Promise<boolean> {
    const row = await db.selectFrom('preview_pictures').select('key').where('key', '=', key).where('subject_kind', '=', subject.kind).where('subject_id', '=', subject.id).executeTakeFirst();
    return row !== undefined;
  },

  /** Records the picture as this subject's (kept when it is already). */
  async record(db: Executor, key: string, subject: PictureSubject, nowIso: string): Promise<void> {
    await db
      .insertInto('preview_pictures')
      .values({ key, ...ofSubject(subject), checked_at: nowIso })
      .onConflict((oc) => oc.columns(['key', 'subject_kind', 'subject_id']).doNothing())
      .execute();
  },

  /** Which of these pictures some row names. */
  async recordedAmong(db: Executor, keys: string[]): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const rows = await db.selectFrom('preview_pictures').select('key').distinct().where('key', 'in', keys).execute();
    return new Set(rows.map((row) => row.key));
  },

  /** Whether any subject's row names this picture (a row of a picture found without one, `stored`, is no subject's). */
  async inUse(db: Executor, key: string): Promise<boolean> {
    const row = await db.selectFrom('preview_pictures').select('key').where('key', '=', key).where('subject_kind', '!=', 'stored').limit(1).executeTakeFirst();
    return row !== undefined;
  },

  /** Rows not checked since the cutoff, the longest unchecked first. */
  async dueForCheck(db: Executor, cutoffIso: string, limit: number): Promise<PreviewPictureRow[]> {
    return db.selectFrom('preview_pictures').selectAll().where('checked_at', '<', cutoffIso).orderBy('checked_at').orderBy('key').limit(limit).execute();
  },

  /** Takes the row for one check: false when another sweep moved it first. */
  async claim(db: Executor, row: PreviewPictureRow, nowIso: string): Promise<boolean> {
    const result = await db
      .updateTable('preview_pictures')
      .set({ checked_at: nowIso })
      .where('key', '=', row.key)
      .where('subject_kind', '=', row.subject_kind)
      .where('subject_id', '=', row.subject_id)
      .where('checked_at', '=', row.checked_at)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  },

  async forget(db: Executor, row: Pick<PreviewPictureRow, 'key' | 'subject_kind' | 'subject_id'>): Promise<void> {
    await db.deleteFrom('preview_pictures').where('key', '=', row.key).where('subject_kind', '=', row.subject_kind).where('subject_id', '=', row.subject_id).execute();
  },

  /** The rows of these subjects' pictures, and of the rides of this group when one is named. */
  async rowsOfSubjects(db: Executor, subjects: PictureSubject[], ridesOfGroupId?: string): Promise<PreviewPictureRow[]> {
    if (subjects.length === 0 && !ridesOfGroupId) return [];
    return db
      .selectFrom('preview_pictures')
      .selectAll()
      .where((eb) =>
        eb.or([
          ...subjects.map((s) => eb.and([eb('subject_kind', '=', s.kind), eb('subject_id', '=', s.id)])),
          ...(ridesOfGroupId ? [eb.and([eb('subject_kind', '=', 'ride'), eb('subject_id', 'in', eb.selectFrom('rides').select('rides.id').where('rides.group_id', '=', ridesOfGroupId))])] : []),
        ]),
      )
      .execute();
  },
};
