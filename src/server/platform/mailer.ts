import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { makePrivateDir, writePrivateFile } from './private-files';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Notification mails: List-Unsubscribe, List-Unsubscribe-Post, Auto-Submitted. */
  headers?: Record<string, string>;
  /** A stable Message-ID (the same on a retry), and the ride's thread. */
  messageId?: string;
  references?: string;
  inReplyTo?: string;
  /** The ride as an iCalendar invitation (METHOD:REQUEST or CANCEL), which calendars apply at once. */
  icalEvent?: { method: 'REQUEST' | 'CANCEL'; filename: string; content: string };
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}

/**
 * SMTP when SMTP_URL is set. Without it every mail is written to DATA_DIR/outbox/*.eml (0600 files
 * in a 0700 folder) and the log says where, so a self-hoster can still sign in. The log never
 * carries the mail's body: it holds sign-in tokens, and tokens never appear in logs (GUIDE section 5).
 */
export function createMailer(options: { smtpUrl: string | null; from: string; dataDir: string; log: FastifyBaseLogger }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: options.from, ...mail });
        options.log.info({ to: mail.to, subject: mail.subject }, 'mail sent over SMTP');
      },
    };
  }
  const outbox = path.join(options.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: options.from, ...mail });
      await makePrivateDir(outbox);
      const safeTo = mail.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
      const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeTo}.eml`);
      await writePrivateFile(file, info.message as Buffer);
      options.log.info({ to: mail.to, subject: mail.subject, file }, 'SMTP_URL is not set: mail written to the outbox');
    },
  };
}
