import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The action link inside the message (logged in file mode, so a developer can follow it). */
  link?: string;
}

export interface MailLogger {
  info(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

export interface Mailer {
  /** Sends now and resolves when the message is accepted (SMTP) or written (file mode). */
  send(message: MailMessage): Promise<void>;
  /**
   * Sends without making the request wait, so that answering "a link has been sent" takes the
   * same time whether or not an account exists. Failures are logged.
   */
  sendInBackground(message: MailMessage): void;
  /** Resolves when every background send has finished (tests, graceful shutdown). */
  idle(): Promise<void>;
  close(): void;
  readonly mode: 'smtp' | 'file';
}

/**
 * With `smtpUrl` (e.g. `smtp://user:pass@host:587`), mail goes out through nodemailer's SMTP
 * transport. Without it, every message is written as an `.eml` file into `${dataDir}/outbox/`
 * and its link is logged: the single-machine default needs no mail server.
 */
export function createMailer(options: { smtpUrl?: string; from: string; dataDir: string; logger: MailLogger }): Mailer {
  const { from, logger } = options;
  const mode = options.smtpUrl ? 'smtp' : 'file';
  const outbox = join(options.dataDir, 'outbox');
  const transport = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const pending = new Set<Promise<void>>();

  async function send(message: MailMessage): Promise<void> {
    const info = await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text });
    if (mode === 'file') {
      await mkdir(outbox, { recursive: true });
      const file = join(
        outbox,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`,
      );
      await writeFile(file, (info as unknown as { message: Buffer }).message, { mode: 0o600 });
      logger.info(
        { to: message.to, subject: message.subject, file, link: message.link },
        'email written to the outbox folder (no SMTP_URL set)',
      );
    } else {
      logger.info({ to: message.to, subject: message.subject }, 'email sent');
    }
  }

  return {
    mode,
    send,
    sendInBackground(message) {
      const p: Promise<void> = send(message)
        .catch((err: unknown) =>
          logger.error(
            { to: message.to, subject: message.subject, err: (err as Error).message },
            'email could not be sent',
          ),
        )
        .finally(() => pending.delete(p));
      pending.add(p);
    },
    async idle() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    close() {
      transport.close();
    },
  };
}
