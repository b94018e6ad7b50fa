import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** GUIDE section 4: the environment is a contract; every variable is validated at start. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Where the built gazetteer file lives (GAZETTEER_DIR, default DATA_DIR). */
  gazetteerDir: string;
  databaseUrl: string | null; // null: embedded SQLite in dataDir
  publicUrl: string;
  smtpUrl: string | null;
  mailFrom: string;
  /**
   * Who runs this server, told to push services in every web push's VAPID signature (VAPID_SUBJECT):
   * a mailto: or https: address; by default a mailto: of MAIL_FROM's address. Push services refuse
   * a localhost subject (Apple's answers BadJwtToken).
   */
  vapidSubject: string;
  /**
   * The hosts a browser's push subscription may name (PUSH_SERVICE_HOSTS adds to them, comma
   * separated): the server POSTs to a subscription's endpoint, so any other address would let a
   * rider make the server call a host of their choosing. Subdomains count.
   */
  pushServiceHosts: string[];
  appName: string;
  geocoderUrl: string | null;
  routerUrl: string | null;
  tileUrl: string;
  tileAttribution: string;
  /**
   * Map tiles a rider's phone keeps for offline use (TILE_CACHE_MB, megabytes): the tiles viewed, the
   * oldest dropped first past it (src/web/service-worker/tile-cache.ts).
   */
  tileCacheMb: number;
  /**
   * TILE_PREFETCH=true: the phone also saves the tiles along the route of each ride saved for offline
   * (zoom 8 to 14), at most TILE_PREFETCH_MAX_TILES tiles and half of TILE_CACHE_MB. Off by default:
   * OpenStreetMap's tile usage policy forbids bulk downloading; only for a tile server whose operator allows it.
   */
  tilePrefetch: boolean;
  tilePrefetchMaxTiles: number;
  /** Where the built web app lives; null in API-only tests. */
  webDir: string | null;
  logLevel: string;
  /** Server processes sharing the port (node:cluster); 1 runs the app in this process only. */
  workers: number;
  /**
   * Whose X-Forwarded-For to believe (Fastify's trustProxy): false (the socket's address is the
   * client's), true (any peer), a hop count, or the addresses/CIDRs of the proxies.
   */
  trustProxy: boolean | number | string[];
  /** Writes (POST/PUT/PATCH/DELETE under /api) per minute, per session and per client address. */
  writeLimitPerSession: number;
  writeLimitPerAddress: number;
  /** Slow clients (milliseconds): see docs/security.md "Limits and client addresses". */
  headersTimeoutMs: number;
  bodyTimeoutMs: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  /** Megabytes of uploads a rider with a confirmed e-mail may keep, and a guest (no e-mail). */
  mediaQuotaMb: number;
  mediaGuestQuotaMb: number;
  /**
   * Megabytes all guests uploading from one client address may upload in a day, together (media
   * and bug-report screenshots): each new guest has the guest quota again, and one address may make
   * 1,000 guests an hour. Counted by `request.ip`, so it needs TRUST_PROXY right behind a proxy.
   */
  guestUploadMbPerAddressPerDay: number;
  /** Where stored files live (STORAGE_URL): null keeps them on local disk under DATA_DIR/media. */
  objectStorage: ObjectStorageSettings | null;
  /**
   * Whether the pseudo-language (en-XA, every text accented and longer) is served and offered
   * (PSEUDO_LOCALE=true): on in development (`npm run dev`) and in the tests, off by default, so
   * riders of a production server never get it (docs/decisions/2026-11-27-i18n.md).
   */
  pseudoLocale: boolean;
}

/** An S3-compatible bucket (AWS S3, MinIO, Garage, Cloudflare R2), from STORAGE_URL. */
export interface ObjectStorageSettings {
  bucket: string;
  /** Prepended to every key with a slash; '' for the bucket's root. */
  prefix: string;
  /** The service's address; null for AWS S3 itself. */
  endpoint: string | null;
  region: string;
  /** bucket in the path (http://host/bucket/key) rather than the host name: MinIO, Garage and s3rver want it. */
  forcePathStyle: boolean;
  /** From AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY (/ AWS_SESSION_TOKEN); null leaves the SDK's own chain (profiles, instance roles). */
  credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string } | null;
}

export class ConfigError extends Error {}

const DEFAULT_MAIL_FROM = 'RoadCaptain <no-reply@localhost>';

/** The browsers' push services: Chrome and Edge's FCM, Firefox's autopush, Windows' WNS, Safari's. */
const PUSH_SERVICES = ['fcm.googleapis.com', 'push.services.mozilla.com', 'notify.windows.com', 'push.apple.com'];

/** VAPID_SUBJECT (a mailto: or https: address), or a mailto: of MAIL_FROM's address ("Name <a@b>" or "a@b"). */
export function vapidSubject(env: NodeJS.ProcessEnv): string {
  const given = urlVar(env, 'VAPID_SUBJECT', ['mailto:', 'https:']);
  if (given) return given;
  const from = optional(env, 'MAIL_FROM') ?? DEFAULT_MAIL_FROM;
  const address = /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from;
  return `mailto:${address.trim()}`;
}

const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const DEFAULT_TILE_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

function optional(env: NodeJS.ProcessEnv, name: string): string | null {
  const value = env[name]?.trim();
  return value ? value : null;
}

function urlVar(env: NodeJS.ProcessEnv, name: string, protocols: string[]): string | null {
  const value = optional(env, name);
  if (value === null) return null;
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new ConfigError(`${name} is not a valid URL: "${value}"`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(`${name} must start with ${protocols.map((p) => `${p}//`).join(' or ')}, got "${parsed.protocol}"`);
  }
  return value;
}

/**
 * One worker process per core (at most 8), since the API reads are CPU-bound in JavaScript; but
 * half the cores when PostgreSQL runs on this machine. PostgreSQL then does about half the work of
 * each read on the same cores (under the benchmark's upcoming-rides load, 8.9 CPU seconds in its
 * backends for 9.1 in Node), so a worker per core only makes the processes take turns: on 2 cores,
 * 2 workers served about as many requests per second as 1, with a p99 two to four times longer.
 */
export function defaultWorkers(databaseUrl: string | null, cores = os.availableParallelism()): number {
  const perCore = Math.min(cores, 8);
  return databaseUrl !== null && postgresIsLocal(databaseUrl) ? Math.max(1, Math.floor(perCore / 2)) : perCore;
}

/** Whether a PostgreSQL URL reaches a server on this machine: a loopback host, or a Unix socket (no host, or a host path). */
function postgresIsLocal(databaseUrl: string): boolean {
  const url = new URL(databaseUrl);
  const host = url.searchParams.get('host') ?? decodeURIComponent(url.hostname);
  return host === '' || host.startsWith('/') || host === 'localhost' || host === '[::1]' || host === '::1' || /^127\./.test(host);
}

/** A yes/no variable: unset, "false" or "true". */
function flag(env: NodeJS.ProcessEnv, name: string): boolean {
  const text = optional(env, name);
  if (text === null || text === 'false') return false;
  if (text === 'true') return true;
  throw new ConfigError(`${name} must be true or false, got "${text}"`);
}

function wholeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number, unit = ''): number {
  const text = optional(env, name);
  if (text === null) return fallback;
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number${unit} from ${min} to ${max}, got "${text}"`);
  }
  return value;
}

const TRUST_PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** An address or CIDR as proxy-addr (Fastify's trustProxy) takes it: 10.0.0.1, 10.0.0.0/8, ::1/128, loopback. */
function isProxyAddress(text: string): boolean {
  if (TRUST_PROXY_NAMES.includes(text)) return true;
  const [address = '', prefix, ...rest] = text.split('/');
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d+$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: unset or "false", the socket's address is the client's and X-Forwarded-For is
 * ignored; "true", every peer is believed (only when nothing but the proxy can reach the port);
 * a hop count (1: one proxy in front); or a comma-separated list of proxy addresses and CIDRs.
 */
export function parseTrustProxy(text: string | null): boolean | number | string[] {
  if (text === null || text === 'false') return false;
  if (text === 'true') return true;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops < 1 || hops > 64) throw new ConfigError(`TRUST_PROXY as a hop count must be from 1 to 64, got "${text}"`);
    return hops;
  }
  const entries = text.split(',').map((entry) => entry.trim());
  const bad = entries.find((entry) => !isProxyAddress(entry));
  if (bad !== undefined) {
    throw new ConfigError(`TRUST_PROXY must be true, a hop count or comma-separated proxy addresses/CIDRs (like 10.0.0.0/8,::1), got "${bad}"`);
  }
  return entries;
}

const STORAGE_URL_PARAMETERS = ['endpoint', 'region', 'forcePathStyle'];
// S3's bucket naming rules: 3 to 63 lower-case letters, digits, dots and hyphens.
const BUCKET_PATTERN = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/** STORAGE_URL: unset for local disk, or s3://bucket/prefix?endpoint=…&region=…&forcePathStyle=true. */
export function parseStorageUrl(text: string | null, env: NodeJS.ProcessEnv = {}): ObjectStorageSettings | null {
  if (text === null) return null;
  const form = 's3://bucket/optional/prefix?endpoint=https://…&region=…&forcePathStyle=true';
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ConfigError(`STORAGE_URL is not a valid URL: "${text}" (expected ${form})`);
  }
  if (url.protocol !== 's3:') throw new ConfigError(`STORAGE_URL must start with s3:// (unset it to keep files under DATA_DIR), got "${url.protocol}" (expected ${form})`);
  if (url.username || url.password) throw new ConfigError('STORAGE_URL must not hold credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY instead');
  if (!BUCKET_PATTERN.test(url.hostname)) throw new ConfigError(`STORAGE_URL names no valid bucket: "${url.hostname}" (3 to 63 lower-case letters, digits, dots and hyphens)`);
  const unknown = [...url.searchParams.keys()].find((name) => !STORAGE_URL_PARAMETERS.includes(name));
  if (unknown !== undefined) throw new ConfigError(`STORAGE_URL has an unknown parameter "${unknown}" (known: ${STORAGE_URL_PARAMETERS.join(', ')})`);
  const endpoint = url.searchParams.get('endpoint');
  if (endpoint !== null && !/^https?:\/\/[^/]/.test(endpoint)) throw new ConfigError(`STORAGE_URL's endpoint must be an http(s) URL, got "${endpoint}"`);
  const pathStyle = url.searchParams.get('forcePathStyle') ?? 'false';
  if (pathStyle !== 'true' && pathStyle !== 'false') throw new ConfigError(`STORAGE_URL's forcePathStyle must be true or false, got "${pathStyle}"`);
  const accessKeyId = optional(env, 'AWS_ACCESS_KEY_ID');
  const secretAccessKey = optional(env, 'AWS_SECRET_ACCESS_KEY');
  if ((accessKeyId === null) !== (secretAccessKey === null)) throw new ConfigError('AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY must be set together');
  const sessionToken = optional(env, 'AWS_SESSION_TOKEN');
  return {
    bucket: url.hostname,
    prefix: decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, ''),
    endpoint,
    region: url.searchParams.get('region') || optional(env, 'AWS_REGION') || optional(env, 'AWS_DEFAULT_REGION') || 'us-east-1',
    forcePathStyle: pathStyle === 'true',
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) } : null,
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const portText = optional(env, 'PORT') ?? '3000';
  const port = Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT must be a whole number from 0 to 65535, got "${portText}"`);
  }
  const databaseUrl = urlVar(env, 'DATABASE_URL', ['postgres:', 'postgresql:']);
  const publicUrl = (urlVar(env, 'PUBLIC_URL', ['http:', 'https:']) ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const tileUrl = optional(env, 'TILE_URL') ?? DEFAULT_TILE_URL;
  if (!/^https?:\/\//.test(tileUrl) || !tileUrl.includes('{z}') || !tileUrl.includes('{x}') || !tileUrl.includes('{y}')) {
    throw new ConfigError(`TILE_URL must be an http(s) template containing {z}, {x} and {y}, got "${tileUrl}"`);
  }
  const workersText = optional(env, 'WORKERS') ?? String(defaultWorkers(databaseUrl));
  const workers = Number(workersText);
  if (!Number.isInteger(workers) || workers < 1 || workers > 64) {
    throw new ConfigError(`WORKERS must be a whole number from 1 to 64, got "${workersText}"`);
  }
  const dataDir = path.resolve(optional(env, 'DATA_DIR') ?? './data');
  return {
    port,
    host: optional(env, 'HOST') ?? '0.0.0.0',
    dataDir,
    gazetteerDir: path.resolve(optional(env, 'GAZETTEER_DIR') ?? dataDir),
    databaseUrl,
    publicUrl,
    smtpUrl: urlVar(env, 'SMTP_URL', ['smtp:', 'smtps:']),
    mailFrom: optional(env, 'MAIL_FROM') ?? DEFAULT_MAIL_FROM,
    vapidSubject: vapidSubject(env),
    pushServiceHosts: [...PUSH_SERVICES, ...(optional(env, 'PUSH_SERVICE_HOSTS') ?? '').split(',').map((host) => host.trim().toLowerCase()).filter(Boolean)],
    appName: optional(env, 'APP_NAME') ?? 'RoadCaptain',
    geocoderUrl: urlVar(env, 'GEOCODER_URL', ['http:', 'https:']),
    routerUrl: urlVar(env, 'ROUTER_URL', ['http:', 'https:']),
    tileUrl,
    tileAttribution: optional(env, 'TILE_ATTRIBUTION') ?? DEFAULT_TILE_ATTRIBUTION,
    tileCacheMb: wholeNumber(env, 'TILE_CACHE_MB', 100, 1, 10_000, ' of megabytes'),
    tilePrefetch: flag(env, 'TILE_PREFETCH'),
    tilePrefetchMaxTiles: wholeNumber(env, 'TILE_PREFETCH_MAX_TILES', 3000, 1, 100_000),
    webDir: path.resolve('dist/web'),
    logLevel: optional(env, 'LOG_LEVEL') ?? 'info',
    workers,
    trustProxy: parseTrustProxy(optional(env, 'TRUST_PROXY')),
    writeLimitPerSession: wholeNumber(env, 'WRITE_LIMIT_PER_SESSION', 120, 1, 1_000_000),
    writeLimitPerAddress: wholeNumber(env, 'WRITE_LIMIT_PER_ADDRESS', 600, 1, 1_000_000),
    headersTimeoutMs: wholeNumber(env, 'HEADERS_TIMEOUT', 10, 1, 600, ' of seconds') * 1000,
    bodyTimeoutMs: wholeNumber(env, 'BODY_TIMEOUT', 20, 1, 600, ' of seconds') * 1000,
    requestTimeoutMs: requestTimeoutMs(env),
    keepAliveTimeoutMs: wholeNumber(env, 'KEEP_ALIVE_TIMEOUT', 72, 1, 3600, ' of seconds') * 1000,
    mediaQuotaMb: wholeNumber(env, 'MEDIA_QUOTA_MB', 1000, 1, 10_000_000, ' of megabytes'),
    mediaGuestQuotaMb: wholeNumber(env, 'MEDIA_GUEST_QUOTA_MB', 100, 1, 10_000_000, ' of megabytes'),
    guestUploadMbPerAddressPerDay: wholeNumber(env, 'GUEST_UPLOAD_MB_PER_ADDRESS_PER_DAY', 500, 1, 10_000_000, ' of megabytes'),
    objectStorage: parseStorageUrl(optional(env, 'STORAGE_URL'), env),
    pseudoLocale: flag(env, 'PSEUDO_LOCALE'),
  };
}

/** The whole request (headers and body) must arrive within REQUEST_TIMEOUT, which Node requires to be at least HEADERS_TIMEOUT. */
function requestTimeoutMs(env: NodeJS.ProcessEnv): number {
  const headers = wholeNumber(env, 'HEADERS_TIMEOUT', 10, 1, 600, ' of seconds');
  const request = wholeNumber(env, 'REQUEST_TIMEOUT', 3600, 1, 24 * 3600, ' of seconds');
  if (request < headers) throw new ConfigError(`REQUEST_TIMEOUT (${request}) must not be shorter than HEADERS_TIMEOUT (${headers})`);
  return request * 1000;
}
