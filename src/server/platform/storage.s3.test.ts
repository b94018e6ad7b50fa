import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../test/free-port';
import { startTestBucket, type TestBucket } from '../test/test-s3';
import { StartupError } from './errors';
import { describeFileStorageContract } from './storage.contract';
import { createLocalStorage } from './storage';
import { createS3Client, createS3Storage } from './storage-s3';

describeFileStorageContract('S3 protocol (s3rver on loopback)', async () => {
  const bucket = await startTestBucket();
  const tempRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-storage-'));
  const client = await createS3Client(bucket.settings);
  let parts = 0;
  client.middlewareStack.add(
    (next, context) => async (args) => {
      if (context.commandName === 'UploadPartCommand') parts += 1;
      return next(args);
    },
    { step: 'initialize', name: 'countUploadedParts' },
  );
  return {
    storage: createS3Storage(bucket.settings, createLocalStorage(tempRoot), client),
    partsUploaded: () => parts,
    async close() {
      client.destroy();
      await bucket.close();
      fs.rmSync(tempRoot, { recursive: true, force: true });
    },
  };
});

describe('an S3 store that cannot be used stops the start with one clear line', () => {
  let bucket: TestBucket;
  beforeAll(async () => {
    bucket = await startTestBucket();
  });
  afterAll(async () => bucket?.close());
  const temp = createLocalStorage(os.tmpdir());

  it('names a bucket that does not exist', async () => {
    const storage = createS3Storage({ ...bucket.settings, bucket: 'no-such-bucket' }, temp);
    await expect(storage.checkAccess()).rejects.toThrow(new StartupError(`STORAGE_URL names a bucket "no-such-bucket" at ${bucket.settings.endpoint} that does not exist`));
    // And a put there fails rather than hangs, with its temp file still the caller's to discard.
    const file = await storage.createTempFile();
    fs.writeFileSync(file.path, Buffer.alloc(10_000, 1));
    await expect(storage.put('abc-photo.jpg', file)).rejects.toThrow();
    expect(fs.existsSync(file.path)).toBe(true);
    await file.discard();
  });

  it('says when the credentials are refused', async () => {
    const storage = createS3Storage({ ...bucket.settings, credentials: { accessKeyId: 'WRONG', secretAccessKey: 'WRONG' } }, temp);
    await expect(storage.checkAccess()).rejects.toThrow(/refuses these credentials/);
  });

  it('says when nothing answers at the endpoint', async () => {
    const storage = createS3Storage({ ...bucket.settings, endpoint: `http://127.0.0.1:${await freePort()}` }, temp);
    await expect(storage.checkAccess()).rejects.toThrow(/cannot reach the bucket "roadcaptain" at http:\/\/127\.0\.0\.1:\d+: /);
  });
});
