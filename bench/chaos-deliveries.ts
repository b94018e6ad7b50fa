/**
 * The deliveries part of `npm run chaos` (bench/chaos.ts; issue 30 "Done means"): a real SMTP
 * server that counts each mail by its Message-ID as it accepts it, and the checks on the outbox
 * once the kills are over.
 */
import type { FastifyBaseLogger } from 'fastify';
import { startSmtpServer } from '../src/server/test/smtp-server';
import type { AppContext } from '../src/server/context';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/database';
import { createMailer } from '../src/server/platform/mailer';
import { LEASE_MS, runDueDeliveries } from '../src/server/deliveries/deliveries.worker';
import { emailSender } from '../src/server/deliveries/email.sender';

export interface ChaosSmtp {
  url: string;
  /** The Message-ID of every mail accepted, in order (a mail accepted twice is here twice). */
  messageIds: string[];
  close(): Promise<void>;
}

/**
 * The tests' SMTP server on loopback (src/server/test/smtp-server.ts). A mail counts as accepted when
 * its data has all arrived (what a real server then delivers); the "250" goes back `delayMs` later,
 * so a worker killed in between has had its mail accepted without knowing: the window in which a
 * duplicate is expected.
 */
export async function startChaosSmtp(delayMs: number): Promise<ChaosSmtp> {
  const messageIds: string[] = [];
  const smtp = await startSmtpServer({
    replyDelayMs: delayMs,
    onArrived(raw) {
      const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
      messageIds.push(/^message-id:\s*(<[^>\r\n]+>)/im.exec(head)?.[1] ?? '(no Message-ID)');
    },
  });
  return { url: smtp.url, messageIds, close: () => smtp.close() };
}

export interface DeliveryFigures {
  rows: number;
  sent: number;
  skipped: number;
  failed: number;
  pending: number;
  /** Sent by this process's worker after the run: rows killed workers left claimed, or due since. */
  sentAfterRun: number;
  /** Rows claimed more than once: their first worker was killed holding them (or an attempt failed). */
  claimedAgain: number;
  received: number;
  distinct: number;
  /** Rows settled sent whose Message-ID never arrived. */
  missing: number;
  /** Copies beyond the first of a Message-ID. */
  duplicates: number;
  /** ...of rows claimed more than once (a worker killed after the SMTP server accepted, before its commit). */
  duplicatesAfterKill: number;
}

const quietLog = { level: 'silent', fatal() {}, error() {}, warn() {}, info() {}, debug() {}, trace() {}, silent() {}, child: () => quietLog } as unknown as FastifyBaseLogger;

/**
 * After the kills, with the server stopped: a worker of this process sends what is left (a killed
 * worker's claim holds LEASE_MS, so it runs as if that had passed, as another server would later),
 * then every e-mail row is compared with what the SMTP server accepted. Failures go to `failures`.
 */
export async function deliveryChecks(options: { env: NodeJS.ProcessEnv; mails: string[]; failures: string[] }): Promise<DeliveryFigures> {
  const config = loadConfig(options.env);
  const db = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const ctx = {
      db: db.kysely,
      engine: db.engine,
      config,
      mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log: quietLog }),
      log: quietLog,
    } as AppContext;
    const later = Date.now() + LEASE_MS + 60_000;
    const run = await runDueDeliveries(ctx, { email: emailSender }, { now: () => later });
    const rows = await db.kysely.selectFrom('deliveries').select(['id', 'state', 'attempts']).where('channel', '=', 'email').execute();
    const host = new URL(config.publicUrl).host;
    const copies = new Map<string, number>();
    for (const id of options.mails) copies.set(id, (copies.get(id) ?? 0) + 1);
    const count = (state: string) => rows.filter((r) => r.state === state).length;
    let missing = 0;
    let duplicates = 0;
    let duplicatesAfterKill = 0;
    for (const row of rows) {
      const received = copies.get(`<delivery-${row.id}@${host}>`) ?? 0;
      if (row.state === 'sent' && received === 0) missing += 1;
      if (received > 1) {
        duplicates += received - 1;
        if (Number(row.attempts) > 1) duplicatesAfterKill += received - 1;
      }
    }
    const figures: DeliveryFigures = {
      rows: rows.length,
      sent: count('sent'),
      skipped: count('skipped'),
      failed: count('failed'),
      pending: count('pending'),
      sentAfterRun: run.sent,
      claimedAgain: rows.filter((r) => Number(r.attempts) > 1).length,
      received: options.mails.length,
      distinct: copies.size,
      missing,
      duplicates,
      duplicatesAfterKill,
    };
    if (figures.sent === 0) options.failures.push('no delivery was sent: the run proved nothing about mail');
    if (figures.pending > 0) options.failures.push(`${figures.pending} deliveries still pending after the run`);
    if (figures.failed > 0) options.failures.push(`${figures.failed} deliveries failed (the SMTP server refuses nothing)`);
    if (missing > 0) options.failures.push(`${missing} deliveries settled sent never arrived`);
    if (duplicates > duplicatesAfterKill) options.failures.push(`${duplicates - duplicatesAfterKill} duplicate mails of rows claimed only once`);
    return figures;
  } finally {
    await db.close();
  }
}
