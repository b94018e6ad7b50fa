import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';

/** A mail as the SMTP server received it: its envelope's recipients, read back as a mail client reads it (mailparser). */
export interface ReceivedMail {
  to: string;
  parsed: ParsedMail;
  raw: string;
}

export interface TestSmtpServer {
  /** SMTP_URL of the server, for createMailer. */
  url: string;
  received: ReceivedMail[];
  close(): Promise<void>;
}

export interface SmtpServerOptions {
  /** Called with each mail as soon as its data has all arrived: the server has it, whatever the client learns. */
  onArrived?: (raw: string) => void;
  /** The "250" goes back this long after the mail arrived (the chaos run's window for a worker to die in). */
  replyDelayMs?: number;
}

/**
 * A real SMTP server on loopback that keeps every mail it is sent, parsed (the tests, and the chaos
 * run's deliveries: bench/chaos-deliveries.ts).
 */
export async function startSmtpServer({ onArrived, replyDelayMs = 0 }: SmtpServerOptions = {}): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        onArrived?.(raw);
        simpleParser(raw)
          .then((parsed) => {
            received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), parsed, raw });
            if (replyDelayMs > 0) setTimeout(() => callback(), replyDelayMs);
            else callback();
          })
          .catch(callback);
      });
    },
  });
  // A client killed mid-conversation resets its connection: not an error of the server's.
  smtp.on('error', () => undefined);
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
