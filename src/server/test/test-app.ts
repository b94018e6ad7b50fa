import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, type AppOptions } from '../app';
import { loadConfig, type Config } from '../config';
import type { Mailer, OutgoingMail } from '../platform/mailer';
import { testGazetteerDir } from './test-gazetteer';

/**
 * A real app on a fresh database for one test file: SQLite in a temp dir by default, or a new
 * PostgreSQL database when TEST_DATABASE_URL is set (the same suite runs on both engines).
 */
export interface TestApp {
  app: FastifyInstance;
  mail: OutgoingMail[];
  config: Config;
  close(): Promise<void>;
}

/** A new, empty PostgreSQL database on the server `baseUrl` names. */
export async function freshPostgresDatabase(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `rc_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** `webDir`: a built web app to serve (its pages); none by default. */
export async function createTestApp(env: Record<string, string> = {}, { webDir = null, ...options }: Pick<AppOptions, 'onRoute'> & { webDir?: string | null } = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-api-'));
  // A second app process on an existing database passes DATABASE_URL itself.
  const pgDb = process.env.TEST_DATABASE_URL && !env.DATABASE_URL ? await freshPostgresDatabase(process.env.TEST_DATABASE_URL) : null;
  const config = {
    // The tests sit behind a proxy that sets X-Forwarded-For (TRUST_PROXY=true), so each factory
    // rider can ask from its own address; a test of the default passes TRUST_PROXY: ''.
    // The pseudo-language is offered in the tests as in development (PSEUDO_LOCALE).
    ...loadConfig({ DATA_DIR: dataDir, GAZETTEER_DIR: testGazetteerDir(), PUBLIC_URL: 'http://rc.test', TRUST_PROXY: 'true', PUSH_SERVICE_HOSTS: '127.0.0.1', PSEUDO_LOCALE: 'true', ...(pgDb ? { DATABASE_URL: pgDb.url } : {}), ...env }),
    webDir,
  };
  const mail: OutgoingMail[] = [];
  const mailer: Mailer = { send: async (m) => void mail.push(m) };
  // Every answer of every test is checked against its route's schema: one outside it fails the request.
  const app = await buildApp({ config, mailer, logger: false, ...options, responseContract: 'enforce' });
  await app.ready();
  return {
    app,
    mail,
    config,
    async close() {
      await app.close();
      await pgDb?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A browser-like client with a small cookie jar: every cookie the server sets (the session, the
 * sign-in link nonce) is sent back, and a cleared or expired one is dropped. `cookie` reads and
 * writes the session cookie alone (`__Host-rc_session` for an https app), as a `name=value` pair,
 * for tests that replay or forge one.
 */
export class TestClient {
  readonly jar = new Map<string, string>();
  constructor(
    private readonly app: FastifyInstance,
    private readonly cookieName = 'rc_session',
  ) {}

  get cookie(): string | null {
    const session = this.jar.get(this.cookieName);
    return session ? `${this.cookieName}=${session}` : null;
  }

  set cookie(value: string | null) {
    this.jar.delete(this.cookieName);
    if (value) {
      const at = value.indexOf('=');
      this.jar.set(value.slice(0, at), value.slice(at + 1));
    }
  }

  /** The Cookie header this client sends. */
  get cookieHeader(): string | null {
    return this.jar.size ? [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ') : null;
  }

  async request(method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, body?: unknown, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
    const cookieHeader = this.cookieHeader;
    const response = await this.app.inject({
      method,
      url,
      headers: { ...(cookieHeader ? { cookie: cookieHeader } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
      ...(body !== undefined ? { payload: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
    });
    for (const c of response.cookies) {
      const expired = (c.expires !== undefined && c.expires.getTime() <= Date.now()) || (c.maxAge !== undefined && c.maxAge <= 0);
      if (!c.value || expired) this.jar.delete(c.name);
      else this.jar.set(c.name, c.value);
    }
    return response;
  }

  get = (url: string, headers?: Record<string, string>) => this.request('GET', url, undefined, headers);
  post = (url: string, body?: unknown, headers?: Record<string, string>) => this.request('POST', url, body, headers);
  patch = (url: string, body?: unknown) => this.request('PATCH', url, body);
  put = (url: string, body?: unknown) => this.request('PUT', url, body);
  delete = (url: string, headers?: Record<string, string>) => this.request('DELETE', url, undefined, headers);
}

/** The token inside the last sign-in mail sent to an address. */
export function tokenFromMail(mail: OutgoingMail[], to: string): string {
  const last = [...mail].reverse().find((m) => m.to === to);
  const match = last?.text.match(/token=([A-Za-z0-9_-]+)/);
  if (!match) throw new Error(`no sign-in mail for ${to}`);
  return match[1]!;
}

/** An address no other rider of the test database has. */
export const uniqueEmail = (name = 'rider') => `${name}-${crypto.randomBytes(4).toString('hex')}@example.com`;

/** A client address of its own (sent as X-Forwarded-For, which the test app trusts), so per-IP limits do not bite. */
export const randomIp = () => `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;

/** Factory: a rider with a confirmed e-mail and a signed-in client. */
export async function buildSignedInUser(t: TestApp, email = uniqueEmail()) {
  const client = new TestClient(t.app);
  await client.get('/api/users/current');
  // Each factory rider asks from its own address, so the per-IP sign-in limit does not bite tests.
  await client.post('/api/auth/magic-link', { email }, { 'x-forwarded-for': randomIp() });
  await client.post('/api/auth/verify-magic-link', { token: tokenFromMail(t.mail, email) });
  const me = (await client.get('/api/users/current')).json() as { id: string; userId: string; email: string };
  return { client, user: me };
}
