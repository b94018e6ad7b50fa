import fs from 'node:fs';
import { PassThrough, Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type * as ClientS3 from '@aws-sdk/client-s3';
import type * as LibStorage from '@aws-sdk/lib-storage';
import type { ObjectStorageSettings } from '../config';
import type { FileStorage } from './storage';
import { StartupError } from './errors';
import { assertKeyPrefix, assertStorageKey, isStorageKey, isTempFile, KEYS_PAGE } from './storage-keys';

type S3Client = ClientS3.S3Client;

/**
 * Parts of a multipart upload. S3 wants at least 5 MiB per part (but the last); an upload holds
 * at most PART_SIZE * QUEUE_SIZE bytes in memory whatever the file's size.
 */
const PART_SIZE = 8 * 1024 * 1024;
const QUEUE_SIZE = 2;

// The SDK is loaded on first use: its load time and its Node 20 support warning are for servers
// that store in a bucket only (docs/decisions/2026-11-24-object-storage.md).
let sdk: Promise<[typeof ClientS3, typeof LibStorage]> | null = null;
const loadSdk = () => (sdk ??= Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]));

export async function createS3Client(settings: ObjectStorageSettings): Promise<S3Client> {
  const [{ S3Client }] = await loadSdk();
  return new S3Client({
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
    // The SDK's default checksums (CRC32 trailers in aws-chunked bodies) are AWS's own; several
    // S3-compatible services reject them, and they only ever guard what TLS already does.
    ...(settings.endpoint ? { requestChecksumCalculation: 'WHEN_REQUIRED' as const, responseChecksumValidation: 'WHEN_REQUIRED' as const } : {}),
  });
}

/** An error for a key with no object, shaped like the local store's (fs's ENOENT). */
function notFoundError(key: string): NodeJS.ErrnoException {
  const error: NodeJS.ErrnoException = new Error(`no stored file under ${key}`);
  error.code = 'ENOENT';
  return error;
}

function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404;
}

/** Counts the bytes flowing through, so a streamed put can report the size it stored. */
function byteCounter(): Transform & { bytes: number } {
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      counter.bytes += chunk.length;
      done(null, chunk);
    },
  }) as Transform & { bytes: number };
  counter.bytes = 0;
  return counter;
}

/**
 * Stored files in an S3-compatible bucket, under `<prefix>/<key>`. Uploads in progress stay in
 * local temp files (`temp`, the local store's): sharp, ffmpeg and the GPX worker need a file.
 * Every put is streamed through lib-storage's Upload (multipart above PART_SIZE), so no file is
 * ever whole in memory; an object appears only when complete, so readers never see a partial one.
 */
export function createS3Storage(settings: ObjectStorageSettings, temp: Pick<FileStorage, 'createTempFile' | 'sweepTempFiles'>, givenClient?: S3Client): FileStorage {
  const ready = Promise.all([loadSdk(), givenClient ?? createS3Client(settings)]);
  // Not awaited by anyone until the first request: keep a failure for that request to report.
  ready.catch(() => {});
  const objectKey = (key: string) => {
    assertStorageKey(key);
    return settings.prefix ? `${settings.prefix}/${key}` : key;
  };
  const Bucket = settings.bucket;

  return {
    createTempFile: () => temp.createTempFile(),
    sweepTempFiles: (olderThanMs) => temp.sweepTempFiles(olderThanMs),

    async put(key, body) {
      const Key = objectKey(key);
      const [[, { Upload }], client] = await ready;
      const counter = byteCounter();
      const source = Buffer.isBuffer(body) ? Readable.from([body]) : isTempFile(body) ? fs.createReadStream(body.path) : body;
      const upload = new Upload({ client, params: { Bucket, Key, Body: source.pipe(counter) }, partSize: PART_SIZE, queueSize: QUEUE_SIZE });
      // A failing source (a dropped client) must fail the upload, which then aborts its parts.
      source.once('error', (error) => counter.destroy(error));
      try {
        await upload.done();
      } catch (error) {
        // The upload gave up (the bucket refused, the network went): let go of the file or stream.
        source.destroy();
        counter.destroy();
        throw error;
      }
      if (isTempFile(body)) await body.discard();
      return { size: counter.bytes };
    },

    async stat(key) {
      const [[{ HeadObjectCommand }], client] = await ready;
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: objectKey(key) }));
        return { size: head.ContentLength ?? 0 };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    read(key, range) {
      const Key = objectKey(key);
      const out = new PassThrough();
      // A reader that goes away (a client closing a video) ends the GET, even before it answered.
      const aborter = new AbortController();
      out.once('close', () => aborter.abort());
      ready
        .then(([[{ GetObjectCommand }], client]) =>
          client.send(new GetObjectCommand({ Bucket, Key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }), { abortSignal: aborter.signal }),
        )
        .then((object) => pipeline(object.Body as Readable, out))
        .catch((error: unknown) => out.destroy(isNotFound(error) ? notFoundError(key) : (error as Error)));
      return out;
    },

    async checkAccess() {
      const [[{ HeadBucketCommand }], client] = await ready;
      const where = `bucket "${Bucket}"${settings.endpoint ? ` at ${settings.endpoint}` : ''}`;
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (error) {
        const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
        if (status === 404) throw new StartupError(`STORAGE_URL names a ${where} that does not exist`);
        if (status === 401 || status === 403) throw new StartupError(`STORAGE_URL: the ${where} refuses these credentials (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY)`);
        throw new StartupError(`STORAGE_URL: cannot reach the ${where}: ${(error as Error).message || (error as Error).name}`);
      }
    },

    async *keys(prefix) {
      assertKeyPrefix(prefix);
      // ListObjects (version 1), paged by its Marker, the last key seen: every S3-compatible service
      // has it, and the test server (s3rver) cannot make version 2's continuation tokens under OpenSSL 3 (DES).
      const [[{ ListObjectsCommand }], client] = await ready;
      const folder = settings.prefix ? `${settings.prefix}/` : '';
      let Marker: string | undefined;
      for (;;) {
        const page = await client.send(new ListObjectsCommand({ Bucket, Prefix: `${folder}${prefix}`, MaxKeys: KEYS_PAGE, ...(Marker ? { Marker } : {}) }));
        const objects = page.Contents ?? [];
        const keys = objects.map((object) => (object.Key ?? '').slice(folder.length)).filter(isStorageKey);
        if (keys.length > 0) yield keys;
        Marker = objects.at(-1)?.Key;
        if (!page.IsTruncated || !Marker) return;
      }
    },

    locate: (key) => `s3://${Bucket}/${objectKey(key)}`,

    async delete(key) {
      // S3 answers a delete of a missing object with success, as this interface wants.
      const [[{ DeleteObjectCommand }], client] = await ready;
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },
  };
}
