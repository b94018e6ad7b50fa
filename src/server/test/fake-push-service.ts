import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import type { TestApp } from './test-app';

/**
 * A push service on loopback for the tests (issue 30, "Done means"): HTTPS with a self-signed
 * certificate made now (web-push sends only over HTTPS), browsers' subscriptions with real P-256
 * keys, and every push DECRYPTED with the subscription's private key (RFC 8291, aes128gcm) and its
 * VAPID signature checked (RFC 8292), so a test reads what a phone would show. A test may ask it to
 * answer one push with another status (410: the subscription is gone).
 */
export interface FakePushService {
  origin: string;
  /** The https agent that trusts this service's certificate (the app's `pushAgent`). */
  agent: https.Agent;
  /** A new browser subscription on this service, as `PushSubscription.toJSON()` gives it. */
  subscribe(): { endpoint: string; keys: { p256dh: string; auth: string } };
  /** The next push to this endpoint is answered with this status instead of 201. */
  answerNextWith(endpoint: string, status: number): void;
  /** Resolves with the next push this endpoint receives (or the one already received and not taken). */
  nextPush(endpoint: string): Promise<ReceivedPush>;
  /** Pushes received so far, by endpoint, in order. */
  received: ReceivedPush[];
  close(): Promise<void>;
}

export interface ReceivedPush {
  endpoint: string;
  status: number;
  /** The decrypted payload. */
  text: string;
  ttl: number;
  urgency: string | undefined;
  /** The VAPID claims, after their signature checked out with the key `k`. */
  vapid: { aud: string; sub: string; exp: number; publicKey: string };
}

interface Browser {
  ecdh: crypto.ECDH;
  auth: Buffer;
}

/** A self-signed certificate for 127.0.0.1, valid a day, made by openssl in a temp folder. */
function selfSignedCertificate(): { key: string; cert: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-push-cert-'));
  try {
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', 'key.pem', '-out', 'cert.pem'],
      { cwd: dir, stdio: 'ignore' },
    );
    return { key: fs.readFileSync(path.join(dir, 'key.pem'), 'utf8'), cert: fs.readFileSync(path.join(dir, 'cert.pem'), 'utf8') };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * RFC 8291 section 3 and RFC 8188: the aes128gcm body is salt (16) | record size (4) | key id
 * length (1) | the sender's public key | one record; the content key and nonce come from the
 * ECDH secret, the browser's auth secret and the salt through HKDF-SHA-256.
 */
export function decryptAes128gcm(body: Buffer, browser: Browser): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderPublicKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const receiverPublicKey = browser.ecdh.getPublicKey();
  const ecdhSecret = browser.ecdh.computeSecret(senderPublicKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiverPublicKey, senderPublicKey]);
  const ikm = Buffer.from(crypto.hkdfSync('sha256', ecdhSecret, browser.auth, keyInfo, 32));
  const cek = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero or more 0x00 of padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('the last record has no 0x02 delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/** RFC 8292: `Authorization: vapid t=<JWT>, k=<public key>`; the ES256 signature must verify with k. */
function verifyVapid(header: string | undefined): ReceivedPush['vapid'] {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`no VAPID authorization: ${header}`);
  const [token, publicKey] = [match[1]!, match[2]!];
  const [head, claims, signature] = token.split('.') as [string, string, string];
  const point = Buffer.from(publicKey, 'base64url');
  const key = crypto.createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') }, format: 'jwk' });
  const valid = crypto.verify('sha256', Buffer.from(`${head}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!valid) throw new Error('the VAPID signature does not verify');
  const { aud, sub, exp } = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as { aud: string; sub: string; exp: number };
  return { aud, sub, exp, publicKey };
}

export async function startFakePushService(): Promise<FakePushService> {
  const { key, cert } = selfSignedCertificate();
  const browsers = new Map<string, Browser>();
  const nextStatus = new Map<string, number[]>();
  const received: ReceivedPush[] = [];
  const taken = new Set<ReceivedPush>();
  const waiters: Array<{ endpoint: string; resolve: (push: ReceivedPush) => void; reject: (error: Error) => void }> = [];
  const failures: Error[] = [];
  let origin = '';

  const server = https.createServer({ key, cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const endpoint = `${origin}${req.url}`;
      const browser = browsers.get(endpoint);
      if (req.method !== 'POST' || !browser) {
        res.writeHead(404).end();
        return;
      }
      try {
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error(`content-encoding ${req.headers['content-encoding']}`);
        const status = nextStatus.get(endpoint)?.shift() ?? 201;
        const push: ReceivedPush = {
          endpoint,
          status,
          text: decryptAes128gcm(Buffer.concat(chunks), browser),
          ttl: Number(req.headers.ttl),
          urgency: req.headers.urgency as string | undefined,
          vapid: verifyVapid(req.headers.authorization),
        };
        received.push(push);
        const waiter = waiters.findIndex((w) => w.endpoint === endpoint);
        if (waiter >= 0) {
          taken.add(push);
          waiters.splice(waiter, 1)[0]!.resolve(push);
        }
        res.writeHead(status).end();
      } catch (error) {
        failures.push(error as Error);
        // A test waiting for this push fails with the reason, instead of waiting for ever.
        const waiter = waiters.findIndex((w) => w.endpoint === endpoint);
        if (waiter >= 0) waiters.splice(waiter, 1)[0]!.reject(error as Error);
        res.writeHead(400).end(String(error));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const agent = new https.Agent({ ca: cert, keepAlive: false });

  return {
    origin,
    agent,
    received,
    subscribe() {
      const ecdh = crypto.createECDH('prime256v1');
      ecdh.generateKeys();
      const browser = { ecdh, auth: crypto.randomBytes(16) };
      const endpoint = `${origin}/push/${crypto.randomUUID()}`;
      browsers.set(endpoint, browser);
      return { endpoint, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: browser.auth.toString('base64url') } };
    },
    answerNextWith(endpoint, status) {
      nextStatus.set(endpoint, [...(nextStatus.get(endpoint) ?? []), status]);
    },
    nextPush(endpoint) {
      const waiting = received.find((p) => p.endpoint === endpoint && !taken.has(p));
      if (waiting) {
        taken.add(waiting);
        return Promise.resolve(waiting);
      }
      return new Promise((resolve, reject) => waiters.push({ endpoint, resolve, reject }));
    },
    async close() {
      agent.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (failures.length > 0) throw new Error(`the fake push service refused pushes: ${failures.map((f) => f.message).join('; ')}`);
    },
  };
}

/**
 * The push service of one test file (as useTestApp is its app): started before the file's first test,
 * trusted by this app's pushes alone (its certificate is self-signed), and closed after the last.
 * The object is filled in by `beforeAll`: read it inside tests and hooks.
 */
export function useFakePushService(t: TestApp): FakePushService {
  const fake = {} as FakePushService;
  beforeAll(async () => {
    Object.assign(fake, await startFakePushService());
    t.app.ctx.pushAgent = fake.agent;
  });
  afterAll(async () => fake.close());
  return fake;
}
