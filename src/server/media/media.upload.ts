import fs from 'node:fs';
import type { ErrorCode } from '../../shared/http/error-codes';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MB, MEDIA_ORIGINAL_NAME_MAX_LENGTH } from '../../shared/media/limits';
import { stripInvisible } from '../../shared/text/name-text';
import { badRequest, HttpError, type ParamsArg, payloadTooLarge } from '../platform/errors';
import type { FileStorage, TempFile } from '../platform/storage';
import { SNIFF_BYTES } from './media.sniff';

/** One part of a multipart upload, independent of the HTTP library that parsed it. */
export type UploadPart =
  | { type: 'field'; name: string; value: string; truncated: boolean }
  | { type: 'file'; name: string; filename: string; stream: Readable };

/** The text fields of an upload, by name (only the names the upload's shape lists are kept). */
export type FieldsOf<F extends string> = Partial<Record<F, string>>;

export const UPLOAD_FIELD_NAMES = ['type', 'associatedType', 'associatedId', 'description'] as const;
type MediaField = (typeof UPLOAD_FIELD_NAMES)[number];
/** The text fields of POST /api/media. */
export type UploadFields = FieldsOf<MediaField>;

/** Which text fields an upload has, and the name of its one file part. */
export interface UploadShape<F extends string> {
  fieldNames: readonly F[];
  fileField: string;
}

const MEDIA_UPLOAD: UploadShape<MediaField> = { fieldNames: UPLOAD_FIELD_NAMES, fileField: 'file' };

/** The uploaded file, streamed into a temp file. Whoever receives it must discard `temp`. */
export interface ReceivedFile {
  temp: TempFile;
  size: number;
  /** The first bytes, for sniffing the real type. */
  head: Buffer;
  /** The name the browser gave, cleaned for display (never used to decide anything). */
  originalName: string;
}

export interface ReceivedUpload<F extends string = MediaField> {
  fields: FieldsOf<F>;
  file: ReceivedFile | null;
}

export interface UploadRules<F extends string = MediaField> {
  /** The most bytes the file may have, given the fields that arrived before it. */
  maxBytes(fields: FieldsOf<F>): number;
  /** The 413 answered past that limit (default: 'File too large'). */
  tooLarge?(fields: FieldsOf<F>): HttpError;
  /** Refuses before any byte of the file is stored, from the fields that arrived before it. */
  beforeFile(fields: FieldsOf<F>): Promise<void>;
}

/** A 413 that closes the connection (the rest of the body is not read): 'File too large', or a target's own code. */
export const fileTooLarge = <C extends ErrorCode = 'file_too_large'>(code?: C, ...params: ParamsArg<C>): HttpError =>
  payloadTooLarge<ErrorCode>(code ?? 'file_too_large', ...(params as ParamsArg<ErrorCode>)).withHeaders({ Connection: 'close' });

/** The 413 of an upload that would go over the rider's storage limit. */
export const storageLimitExceeded = (limitBytes: number) => fileTooLarge('storage_limit_exceeded', { limitBytes, limitMb: limitBytes / MB });

/** Counts bytes as they pass, fails the stream past the limit, and keeps the first bytes. */
class ByteMeter extends Transform {
  bytes = 0;
  head = Buffer.alloc(0);
  constructor(
    private readonly maxBytes: number,
    private readonly tooLarge: () => HttpError,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) return callback(this.tooLarge());
    if (this.head.length < SNIFF_BYTES) this.head = Buffer.concat([this.head, chunk.subarray(0, SNIFF_BYTES - this.head.length)]);
    callback(null, chunk);
  }
}

/**
 * Browsers send a bare name; old ones a whole path. Keep the last segment, printable (no controls,
 * no bidi overrides that would show "gpj.exe" as "exe.jpg", see stripInvisible), bounded.
 */
export function cleanOriginalName(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? '';
  const printable = stripInvisible(base.replace(/[\u0000-\u001f\u007f]/g, '')).trim();
  return printable.slice(0, MEDIA_ORIGINAL_NAME_MAX_LENGTH) || 'file';
}

async function streamToTemp(storage: FileStorage, part: Extract<UploadPart, { type: 'file' }>, maxBytes: number, tooLarge: () => HttpError): Promise<ReceivedFile> {
  const temp = await storage.createTempFile();
  const meter = new ByteMeter(maxBytes, tooLarge);
  try {
    await pipeline(part.stream, meter, fs.createWriteStream(temp.path));
  } catch (error) {
    await temp.discard();
    throw error;
  }
  return { temp, size: meter.bytes, head: meter.head, originalName: cleanOriginalName(part.filename) };
}

/**
 * A failure while reading the request is the client's (a cut-off or malformed body: 400) unless it
 * is ours (the disk: a file-system error stays a 500). Fastify's own multipart errors keep their 4xx.
 * The rest of the body is not read, so the answer closes the connection instead of reusing it.
 */
function asUploadError(error: unknown): unknown {
  if (error instanceof HttpError) return error.withHeaders({ Connection: 'close' });
  if (error instanceof Error && 'syscall' in error) return error;
  if (error instanceof Error && typeof (error as { statusCode?: unknown }).statusCode === 'number') return error;
  return badRequest('upload_incomplete').withHeaders({ Connection: 'close' });
}

/**
 * Reads an upload's parts in whatever order they come: text fields are collected; the one file
 * streams into a temp file in storage while its size is enforced (never buffered in memory).
 * Fields that arrive before the file are checked before it is stored; the caller checks all of
 * them again once everything has arrived. Leaves nothing behind when it throws.
 */
export async function receiveUpload<F extends string = MediaField>(
  storage: FileStorage,
  parts: AsyncIterable<UploadPart>,
  rules: UploadRules<F>,
  shape: UploadShape<F> = MEDIA_UPLOAD as unknown as UploadShape<F>,
): Promise<ReceivedUpload<F>> {
  const fields: FieldsOf<F> = {};
  let file: ReceivedFile | null = null;
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.truncated) throw badRequest('upload_field_too_long', { field: part.name });
        const name = shape.fieldNames.find((n) => n === part.name);
        if (name) fields[name] = part.value;
        continue;
      }
      if (part.name !== shape.fileField || file) {
        throw (part.name !== shape.fileField ? badRequest('unexpected_file_field', { field: part.name }) : badRequest('one_file_per_request'));
      }
      await rules.beforeFile(fields);
      const tooLarge = rules.tooLarge;
      file = await streamToTemp(storage, part, rules.maxBytes(fields), tooLarge ? () => tooLarge(fields) : () => fileTooLarge());
    }
  } catch (error) {
    await file?.temp.discard();
    throw asUploadError(error);
  }
  return { fields, file };
}
