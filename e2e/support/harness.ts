import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import { onTestFinished } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { freePort } from '../../src/server/test/free-port';
import { testGazetteerDir } from '../../src/server/test/test-gazetteer';

export type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
}

/**
 * The real server (built web app + API on SQLite) on a free port, a real SMTP server receiving its
 * mail, and Debian's Chromium driven by playwright-core.
 */
export interface Harness {
  baseUrl: string;
  app: FastifyInstance;
  browser: Browser;
  mails: ReceivedMail[];
  /**
   * A page in a new browser context; with `storageState` (another context's), signed in as that
   * context's rider; with `locale`, a browser in that language (its Accept-Language and navigator.languages).
   */
  newPage(viewport?: { width: number; height: number }, storageState?: StorageState, options?: { locale?: string }): Promise<{ context: BrowserContext; page: Page }>;
  /**
   * The newest mail to `to`, as soon as it has arrived; with `after` (an earlier `mails.length`),
   * only one that arrived since then, e.g. the second sign-in link of an address.
   */
  waitForMail(to: string, options?: { after?: number }): Promise<ReceivedMail>;
  close(): Promise<void>;
}

async function startSmtp(mails: ReceivedMail[], arrived: () => void): Promise<{ port: number; close(): Promise<void> }> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          mails.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), subject: parsed.subject ?? '', text: parsed.text ?? '' });
          arrived();
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}


/** How every browser test starts Debian's Chromium (also for a persistent profile: launchPersistentContext). */
export const CHROMIUM_LAUNCH = {
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    // Tests never reach the internet (map tiles would go there): every host but ours fails to resolve.
    // A rule of the browser, not a context.route(): routing a context pauses every request in Node
    // and turns the HTTP cache off, so each page load fetched and compiled the whole app again.
    '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
  ],
};

/**
 * With `webDir`, the server serves that copy of the build instead of dist/web (a test that changes it);
 * `env` adds or changes the server's configuration (e.g. TILE_URL naming a fake tile server on loopback).
 * Pages run without the service worker unless `serviceWorkers: 'allow'`: only the push and offline
 * tests need it, and elsewhere its install (the whole build precached in every context) costs CI time
 * and brings the worker's timing (the update prompt) into tests about something else.
 */
export async function startHarness(options: { webDir?: string; env?: Record<string, string>; serviceWorkers?: 'allow' | 'block' } = {}): Promise<Harness> {
  const serviceWorkers = options.serviceWorkers ?? 'block';
  const webDir = options.webDir ?? path.resolve('dist/web');
  if (!fs.existsSync(path.join(webDir, 'index.html'))) throw new Error('dist/web is missing: run "npm run build" first (npm test does)');
  const mails: ReceivedMail[] = [];
  // Each waiting test is told of every mail as it arrives (no polling).
  const mailWaiters = new Set<() => void>();
  const smtp = await startSmtp(mails, () => mailWaiters.forEach((wake) => wake()));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-e2e-'));

  // PUBLIC_URL must be known before the app is built: take a free port first.
  const port = await freePort();

  const config = {
    ...loadConfig({ DATA_DIR: dataDir, GAZETTEER_DIR: testGazetteerDir(), PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: `http://127.0.0.1:${port}`, SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, PUSH_SERVICE_HOSTS: '127.0.0.1', PSEUDO_LOCALE: 'true', ...options.env }),
    webDir,
  };
  const app = await buildApp({ config, logger: false });
  await app.listen({ port, host: '127.0.0.1' });

  const browser = await chromium.launch(CHROMIUM_LAUNCH);

  return {
    baseUrl: config.publicUrl,
    app,
    browser,
    mails,
    async newPage(viewport = { width: 1280, height: 800 }, storageState, options = {}) {
      const context = await browser.newContext({ viewport, baseURL: config.publicUrl, storageState, serviceWorkers, ...options });
      closeWithTest(context);
      const page = await context.newPage();
      return { context, page };
    },
    waitForMail(to, { after = 0 } = {}) {
      const found = () => mails.slice(after).reverse().find((m) => m.to === to);
      return new Promise((resolve, reject) => {
        const done = (mail?: ReceivedMail) => {
          mailWaiters.delete(check);
          clearTimeout(timer);
          if (mail) resolve(mail);
          else reject(new Error(`no mail arrived for ${to}`));
        };
        const check = () => {
          const mail = found();
          if (mail) done(mail);
        };
        // A limit, not a wait: the mail normally arrives well before it.
        const timer = setTimeout(() => done(), 30_000);
        mailWaiters.add(check);
        check();
      });
    },
    async close() {
      await browser.close();
      await app.close();
      await smtp.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Closes a context made during a test when that test ends. Every test makes its own riders, and a
 * page left open keeps working: a guest with a group sees the pulsing "not yet saved access" notice,
 * which Chromium redraws on every frame (about a fifth of a core per page, measured), so the pages of
 * earlier tests slowed every later test of the file. Contexts made outside a test close with the browser.
 */
function closeWithTest(context: BrowserContext): void {
  try {
    onTestFinished(() => context.close());
  } catch {
    // Not inside a test (beforeAll): the harness closes the browser, and with it the context.
  }
}

export function linkFrom(mail: ReceivedMail): string {
  const match = mail.text.match(/https?:\/\/\S+\/auth\/magic-link\?token=[A-Za-z0-9_-]+/);
  if (!match) throw new Error(`no sign-in link in: ${mail.text}`);
  return match[0];
}
