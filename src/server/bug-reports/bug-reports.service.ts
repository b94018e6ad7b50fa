import crypto from 'node:crypto';
import { nowIso } from '../db/database';
import { HttpError, invalidInput, tooManyRequests, unsupportedMediaType } from '../platform/errors';
import type { FileStorage } from '../platform/storage';
import { newId } from '../platform/tokens';
import { BUG_SCREENSHOT_MAX_BYTES, bugReportFieldsSchema, type BugReportFields, type BugReportReceipt } from '../../shared/bug-reports/bug-report';
import { BUG_REPORT_MESSAGES } from '../../shared/i18n/validation-messages';
import { processImage } from '../media/media.images';
import { sniffFileType } from '../media/media.sniff';
import { type FieldsOf, fileTooLarge, type ReceivedFile, type ReceivedUpload, receiveUpload, storageLimitExceeded, type UploadPart } from '../media/media.upload';
import type { AppContext } from '../context';
import { assertRoomFor, guestUploadTotalReached, reserveGuestBytes, storageRoom, type StorageRoom } from '../media/media-quota.service';
import type { GuestUploadReservation } from '../limits/guest-upload-limits';
import { bugReportsRepository, type Executor } from './bug-reports.repository';

const FIELD_NAMES = ['title', 'description', 'pageUrl'] as const;
type BugField = (typeof FIELD_NAMES)[number];

/** A rider may send this many reports an hour (a stuck client or a script cannot flood the table). */
export const BUG_REPORTS_PER_HOUR = 10;

/** Validates the fields: 400 with the spec's message for the first field that is wrong. */
function parseFields(raw: FieldsOf<BugField>): BugReportFields {
  const parsed = bugReportFieldsSchema.safeParse(raw);
  if (!parsed.success) throw invalidInput(parsed.error.issues[0]?.message ?? BUG_REPORT_MESSAGES.titleRequired, parsed.error.issues[0]?.path.join('.'));
  return parsed.data;
}

/** The screenshot re-encoded (upright, no metadata, same format), or 415 when it is not a PNG, JPEG or GIF. */
async function prepareScreenshot(file: ReceivedFile): Promise<{ body: Buffer; extension: string }> {
  const sniffed = sniffFileType(file.head);
  if (!sniffed || sniffed.fileType !== 'image') throw unsupportedMediaType('screenshot_not_image');
  const processed = await processImage(file.temp.path, 'gallery', sniffed.mimeType).catch((error: unknown) => {
    if (error instanceof HttpError && error.statusCode === 415) throw unsupportedMediaType('screenshot_not_image');
    throw error;
  });
  return { body: processed.image, extension: processed.extension };
}

/** Bytes the text fields that came before the file take of the request's declared length. */
const fieldBytes = (fields: FieldsOf<BugField>) => Object.values(fields).reduce((sum, value) => sum + Buffer.byteLength(value ?? ''), 0);

/**
 * POST /api/bug-reports (multipart: title, description, pageUrl, optional screenshot). The
 * screenshot streams to a temp file under its 10 MB limit, is checked to be an image by its bytes
 * and re-encoded without metadata; the report is stored with the rider, their browser and the
 * screenshot's storage key. Whoever runs the server reads them with `npm run bug-reports`.
 * The screenshot is a stored file like any upload, so it counts in the rider's storage limit
 * and, for a guest, in the day's total of the guests of `clientAddress` (media-quota.service.ts).
 */
export async function submitBugReport(
  ctx: Pick<AppContext, 'db' | 'log' | 'config'>,
  storage: FileStorage,
  userId: string,
  clientAddress: string,
  userAgent: string | null,
  parts: AsyncIterable<UploadPart>,
  declaredBytes: number | null = null,
): Promise<BugReportReceipt> {
  const since = new Date(Date.now() - 3600 * 1000).toISOString();
  const assertUnderLimit = async (db: Executor) => {
    if ((await bugReportsRepository.countSince(db, userId, since)) >= BUG_REPORTS_PER_HOUR) {
      throw tooManyRequests('too_many_bug_reports', 3600);
    }
  };
  // Refused before a byte is received; counted again when the report is stored (below).
  await assertUnderLimit(ctx.db);
  const room = await storageRoom(ctx, userId);
  const mostBytes = Math.min(BUG_SCREENSHOT_MAX_BYTES, room.freeBytes);
  const guest: { reservation: GuestUploadReservation | null } = { reservation: null };
  try {
    const upload = await receiveUpload<BugField>(
      storage,
      parts,
      {
        maxBytes: () => Math.min(mostBytes, guest.reservation?.bytes ?? Infinity),
        tooLarge: () => {
          if (guest.reservation && guest.reservation.bytes < mostBytes) return guestUploadTotalReached(ctx);
          return room.freeBytes < BUG_SCREENSHOT_MAX_BYTES ? storageLimitExceeded(room.limitBytes) : fileTooLarge('screenshot_too_large');
        },
        // Fields sent before the screenshot are checked before any of it is stored.
        beforeFile: async (fields) => {
          if (fields.title !== undefined && fields.description !== undefined) parseFields(fields);
          const declaredFile = declaredBytes === null ? null : Math.max(0, declaredBytes - fieldBytes(fields));
          guest.reservation = await reserveGuestBytes(ctx, room, clientAddress, mostBytes, declaredFile);
        },
      },
      { fieldNames: FIELD_NAMES, fileField: 'screenshot' },
    );
    try {
      return await storeReport(ctx, storage, userId, userAgent, upload, room, guest.reservation, assertUnderLimit);
    } finally {
      await upload.file?.temp.discard();
    }
  } catch (error) {
    await guest.reservation?.release();
    throw error;
  }
}

/** The received report checked, its screenshot made safe and stored, and its row inserted (or nothing kept). */
async function storeReport(
  ctx: Pick<AppContext, 'db' | 'log' | 'config'>,
  storage: FileStorage,
  userId: string,
  userAgent: string | null,
  upload: ReceivedUpload<BugField>,
  room: StorageRoom,
  reservation: GuestUploadReservation | null,
  assertUnderLimit: (db: Executor) => Promise<void>,
): Promise<BugReportReceipt> {
  const fields = parseFields(upload.fields);
  const screenshot = upload.file && upload.file.size > 0 ? await prepareScreenshot(upload.file) : null;
  // A guest's bytes become the size kept (the re-encoded image), or go back when there is no screenshot.
  if (reservation && !(await reservation.settle(screenshot?.body.length ?? 0))) throw guestUploadTotalReached(ctx);
  const id = newId();
  const key = screenshot ? `bug-${crypto.randomBytes(16).toString('hex')}.${screenshot.extension}` : null;
  const createdAt = nowIso();
  if (screenshot && key) await storage.put(key, screenshot.body);
  try {
    // Counted again under the rider's lock: reports sent at once (slowly, each past the first
    // check while the others were still arriving) may not together go over the limit, nor their
    // screenshots together (or with uploads) past the rider's storage limit.
    await ctx.db.transaction().execute(async (tx) => {
      await bugReportsRepository.lockReporter(tx, userId);
      await assertUnderLimit(tx);
      if (screenshot) await assertRoomFor(tx, userId, room, screenshot.body.length);
      await bugReportsRepository.insert(tx, {
        id,
        user_id: userId,
        title: fields.title,
        description: fields.description,
        page_url: fields.pageUrl || null,
        user_agent: userAgent?.slice(0, 500) ?? null,
        screenshot_key: key,
        screenshot_name: upload.file && key ? upload.file.originalName : null,
        screenshot_size: screenshot ? screenshot.body.length : null,
        created_at: createdAt,
      });
    });
  } catch (error) {
    if (key) await storage.delete(key);
    throw error;
  }
  reservation?.keep();
  return { id, createdAt, hasScreenshot: key !== null };
}
