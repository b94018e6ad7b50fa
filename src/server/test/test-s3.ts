import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { ObjectStorageSettings } from '../config';

/** s3rver's fixed credentials: it checks signatures against these. */
const S3RVER_KEY = 'S3RVER';

export interface TestBucket {
  /** The STORAGE_URL and AWS variables an app takes to store its files in the bucket. */
  env: Record<string, string>;
  settings: ObjectStorageSettings;
  close(): Promise<void>;
}

/** A real S3-protocol server (s3rver) on a free loopback port, storing into a temp dir, with one empty bucket. */
export async function startTestBucket(bucket = 'roadcaptain', prefix = 'club'): Promise<TestBucket> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    env: { STORAGE_URL: `s3://${bucket}/${prefix}?endpoint=${encodeURIComponent(endpoint)}&forcePathStyle=true`, AWS_ACCESS_KEY_ID: S3RVER_KEY, AWS_SECRET_ACCESS_KEY: S3RVER_KEY },
    settings: { bucket, prefix, endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: S3RVER_KEY, secretAccessKey: S3RVER_KEY } },
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
