import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, defaultWorkers, loadConfig, parseStorageUrl, parseTrustProxy } from './config';

describe('loadConfig', () => {
  it('has the defaults of GUIDE section 4', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: null,
      publicUrl: 'http://localhost:3000',
      smtpUrl: null,
      mailFrom: 'RoadCaptain <no-reply@localhost>',
      appName: 'RoadCaptain',
      geocoderUrl: null,
      routerUrl: null,
      tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    });
    expect(config.dataDir).toMatch(/data$/);
  });

  it("signs web pushes as VAPID_SUBJECT, or as a mailto: of MAIL_FROM's address", () => {
    expect(loadConfig({}).vapidSubject).toBe('mailto:no-reply@localhost');
    expect(loadConfig({ MAIL_FROM: 'Club Rides <rides@club.example>' }).vapidSubject).toBe('mailto:rides@club.example');
    expect(loadConfig({ MAIL_FROM: 'rides@club.example' }).vapidSubject).toBe('mailto:rides@club.example');
    expect(loadConfig({ MAIL_FROM: 'rides@club.example', VAPID_SUBJECT: 'https://club.example/contact' }).vapidSubject).toBe('https://club.example/contact');
    expect(loadConfig({ VAPID_SUBJECT: 'mailto:ops@club.example' }).vapidSubject).toBe('mailto:ops@club.example');
    expect(() => loadConfig({ VAPID_SUBJECT: 'http://club.example' })).toThrow(ConfigError);
  });

  it('offers the pseudo-language only when PSEUDO_LOCALE=true (development and tests), never by default', () => {
    expect(loadConfig({}).pseudoLocale).toBe(false);
    expect(loadConfig({ PSEUDO_LOCALE: 'false' }).pseudoLocale).toBe(false);
    expect(loadConfig({ PSEUDO_LOCALE: 'true' }).pseudoLocale).toBe(true);
    expect(() => loadConfig({ PSEUDO_LOCALE: 'yes' })).toThrow('PSEUDO_LOCALE must be true or false, got "yes"');
  });

  it('runs one worker process per core (at most 8) unless WORKERS says otherwise', () => {
    expect(loadConfig({}).workers).toBe(Math.min(os.availableParallelism(), 8));
    expect(loadConfig({ WORKERS: '1' }).workers).toBe(1);
    expect(loadConfig({ WORKERS: '12' }).workers).toBe(12);
  });

  it('leaves half the cores to a PostgreSQL server on the same machine', () => {
    for (const local of ['postgres://app@localhost/rc', 'postgres://app@127.0.0.1:5432/rc', 'postgresql://app@[::1]/rc', 'postgres:///rc', 'postgres:///rc?host=/var/run/postgresql']) {
      expect(defaultWorkers(local, 2), local).toBe(1);
      expect(defaultWorkers(local, 8), local).toBe(4);
      expect(defaultWorkers(local, 1), local).toBe(1);
    }
    for (const remote of ['postgres://app@db.internal:5432/rc', 'postgres://app@10.0.0.5/rc']) expect(defaultWorkers(remote, 2), remote).toBe(2);
    expect(defaultWorkers(null, 2)).toBe(2);
    expect(defaultWorkers(null, 32)).toBe(8);
    expect(loadConfig({ DATABASE_URL: 'postgres://app@localhost/rc', WORKERS: '2' }).workers).toBe(2);
  });

  it('derives PUBLIC_URL from PORT and trims a trailing slash', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://rides.example/' }).publicUrl).toBe('https://rides.example');
  });

  it('believes no X-Forwarded-For unless TRUST_PROXY says whose', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.1,::1/128 ,fd00::/8,loopback' }).trustProxy).toEqual(['10.0.0.0/8', '192.0.2.1', '::1/128', 'fd00::/8', 'loopback']);
    expect(parseTrustProxy(null)).toBe(false);
  });

  it('gives riders 1000 MB of uploads and guests 100 MB unless MEDIA_QUOTA_MB and MEDIA_GUEST_QUOTA_MB say otherwise', () => {
    expect(loadConfig({})).toMatchObject({ mediaQuotaMb: 1000, mediaGuestQuotaMb: 100 });
    expect(loadConfig({ MEDIA_QUOTA_MB: '5000', MEDIA_GUEST_QUOTA_MB: '20' })).toMatchObject({ mediaQuotaMb: 5000, mediaGuestQuotaMb: 20 });
  });

  it('lets the guests of one client address upload 500 MB a day together unless GUEST_UPLOAD_MB_PER_ADDRESS_PER_DAY says otherwise', () => {
    expect(loadConfig({}).guestUploadMbPerAddressPerDay).toBe(500);
    expect(loadConfig({ GUEST_UPLOAD_MB_PER_ADDRESS_PER_DAY: '2000' }).guestUploadMbPerAddressPerDay).toBe(2000);
  });

  it('has generous write limits and timeouts that cut a stalled body within 30 s, each settable', () => {
    expect(loadConfig({})).toMatchObject({
      writeLimitPerSession: 120,
      writeLimitPerAddress: 600,
      headersTimeoutMs: 10_000,
      bodyTimeoutMs: 20_000,
      requestTimeoutMs: 3_600_000,
      keepAliveTimeoutMs: 72_000,
    });
    const config = loadConfig({ WRITE_LIMIT_PER_SESSION: '5', WRITE_LIMIT_PER_ADDRESS: '7', HEADERS_TIMEOUT: '2', BODY_TIMEOUT: '3', REQUEST_TIMEOUT: '4', KEEP_ALIVE_TIMEOUT: '5' });
    expect(config).toMatchObject({ writeLimitPerSession: 5, writeLimitPerAddress: 7, headersTimeoutMs: 2000, bodyTimeoutMs: 3000, requestTimeoutMs: 4000, keepAliveTimeoutMs: 5000 });
    // Headers and one window of a stalled body: the worst case for a trickling client.
    const defaults = loadConfig({});
    expect(defaults.headersTimeoutMs + defaults.bodyTimeoutMs).toBeLessThanOrEqual(30_000);
  });

  it.each([
    [{ TRUST_PROXY: 'yes' }, /TRUST_PROXY/],
    [{ TRUST_PROXY: '0' }, /TRUST_PROXY/],
    [{ TRUST_PROXY: '10.0.0.0/33' }, /TRUST_PROXY.*10\.0\.0\.0\/33/],
    [{ TRUST_PROXY: '10.0.0.1,proxy.example' }, /TRUST_PROXY.*proxy\.example/],
    [{ TRUST_PROXY: '10.0.0.1,' }, /TRUST_PROXY/],
    [{ TRUST_PROXY: '::1/129' }, /TRUST_PROXY/],
    [{ WRITE_LIMIT_PER_SESSION: '0' }, /WRITE_LIMIT_PER_SESSION/],
    [{ WRITE_LIMIT_PER_ADDRESS: 'many' }, /WRITE_LIMIT_PER_ADDRESS/],
    [{ HEADERS_TIMEOUT: '1.5' }, /HEADERS_TIMEOUT/],
    [{ BODY_TIMEOUT: '0' }, /BODY_TIMEOUT/],
    [{ REQUEST_TIMEOUT: '5', HEADERS_TIMEOUT: '10' }, /REQUEST_TIMEOUT/],
    [{ KEEP_ALIVE_TIMEOUT: '-1' }, /KEEP_ALIVE_TIMEOUT/],
    [{ MEDIA_QUOTA_MB: '0' }, /MEDIA_QUOTA_MB.*"0"/],
    [{ MEDIA_GUEST_QUOTA_MB: '1.5' }, /MEDIA_GUEST_QUOTA_MB.*"1.5"/],
    [{ GUEST_UPLOAD_MB_PER_ADDRESS_PER_DAY: '0' }, /GUEST_UPLOAD_MB_PER_ADDRESS_PER_DAY.*"0"/],
    [{ GUEST_UPLOAD_MB_PER_ADDRESS_PER_DAY: '500MB' }, /GUEST_UPLOAD_MB_PER_ADDRESS_PER_DAY.*"500MB"/],
    [{ PORT: 'abc' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL/],
    [{ PUBLIC_URL: 'not a url' }, /PUBLIC_URL/],
    [{ SMTP_URL: 'http://mail' }, /SMTP_URL/],
    [{ GEOCODER_URL: 'ftp://x' }, /GEOCODER_URL/],
    [{ TILE_URL: 'https://tiles.example/tile.png' }, /TILE_URL/],
    [{ WORKERS: '0' }, /WORKERS/],
    [{ WORKERS: 'two' }, /WORKERS/],
  ])('stops on %j with one line naming the variable, and the value where the row asks for it', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe('STORAGE_URL', () => {
  it('keeps files on local disk when unset', () => {
    expect(loadConfig({}).objectStorage).toBeNull();
    expect(loadConfig({ STORAGE_URL: '  ' }).objectStorage).toBeNull();
  });

  it('reads bucket, prefix, endpoint, region and path style, with credentials from the AWS variables', () => {
    const env = { STORAGE_URL: 's3://club-files/road/captain/?endpoint=http://127.0.0.1:9000&region=eu-central-1&forcePathStyle=true', AWS_ACCESS_KEY_ID: 'id', AWS_SECRET_ACCESS_KEY: 'secret' };
    expect(loadConfig(env).objectStorage).toEqual({
      bucket: 'club-files',
      prefix: 'road/captain',
      endpoint: 'http://127.0.0.1:9000',
      region: 'eu-central-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
    });
  });

  it('defaults to AWS S3 itself: no endpoint, AWS_REGION or us-east-1, virtual-host style, the SDK credential chain', () => {
    expect(parseStorageUrl('s3://club-files')).toEqual({ bucket: 'club-files', prefix: '', endpoint: null, region: 'us-east-1', forcePathStyle: false, credentials: null });
    expect(parseStorageUrl('s3://club-files', { AWS_REGION: 'eu-west-3' })?.region).toBe('eu-west-3');
  });

  it('refuses at start, with a clear message, what it cannot use', () => {
    const cases: [string, Record<string, string>, RegExp][] = [
      ['https://club-files.s3.amazonaws.com', {}, /must start with s3:\/\//],
      ['s3://Club_Files', {}, /no valid bucket/],
      ['s3://club-files?endpont=http://x', {}, /unknown parameter "endpont"/],
      ['s3://club-files?endpoint=minio:9000', {}, /endpoint must be an http\(s\) URL/],
      ['s3://club-files?forcePathStyle=yes', {}, /forcePathStyle must be true or false/],
      ['s3://key:secret@club-files', {}, /must not hold credentials/],
      ['s3://club-files', { AWS_ACCESS_KEY_ID: 'id' }, /must be set together/],
    ];
    for (const [url, env, message] of cases) {
      expect(() => loadConfig({ STORAGE_URL: url, ...env }), url).toThrow(ConfigError);
      expect(() => loadConfig({ STORAGE_URL: url, ...env }), url).toThrow(message);
    }
  });
});
