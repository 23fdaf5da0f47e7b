import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type StreamTransport from 'nodemailer/lib/stream-transport';

export type OutgoingMail = {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Stable per outbox row: a receiver that sees a retry can tell it is the same message. */
  messageId: string;
};

/** Hands one message on; rejects when it was not accepted (the outbox retries it). */
export type Mailer = {
  kind: 'smtp' | 'files';
  /** Resolves with where the message went (the file, for the file mailer). */
  send(mail: OutgoingMail): Promise<string | undefined>;
  close(): void;
};

/**
 * A nodemailer transport made on the first message: nodemailer is ~2 MB of every instance's heap
 * once loaded, and most instances send no mail for long stretches (or leave it to one worker).
 */
function lazyTransport<T extends Transporter>(
  make: (mailer: typeof import('nodemailer')['default']) => T,
) {
  let transport: Promise<T> | undefined;
  return {
    get: () => {
      transport ??= import('nodemailer').then((module) => make(module.default));
      return transport;
    },
    close: () => {
      transport?.then((made) => made.close()).catch(() => {});
    },
  };
}

/** SMTP from `smtp://user:pass@host:port` (STARTTLS when offered) or `smtps://` (TLS). */
export function smtpMailer(smtpUrl: string): Mailer {
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  const transport = lazyTransport<Transporter<SMTPTransport.SentMessageInfo>>((nodemailer) =>
    nodemailer.createTransport({
      host: url.hostname,
      port: url.port ? Number(url.port) : secure ? 465 : 587,
      secure,
      ...(url.username
        ? {
            auth: {
              user: decodeURIComponent(url.username),
              pass: decodeURIComponent(url.password),
            },
          }
        : {}),
      // A stuck server must not hold a message's lease for long: fail and retry later.
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    }),
  );
  return {
    kind: 'smtp',
    async send(mail) {
      const info = await (await transport.get()).sendMail(mail);
      if (info.rejected.length > 0) throw new Error(`recipient refused: ${info.response}`);
      return undefined;
    },
    close: () => transport.close(),
  };
}

/**
 * Without SMTP every message becomes an .eml file (RFC 822, openable in any mail client) in
 * `folder`, so a shop runs with nothing to configure and tests can read what was sent.
 */
export function fileMailer(folder: string): Mailer {
  const transport = lazyTransport<Transporter<StreamTransport.SentMessageInfo>>((nodemailer) =>
    nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
  );
  return {
    kind: 'files',
    async send(mail) {
      const info = await (await transport.get()).sendMail(mail);
      await mkdir(folder, { recursive: true });
      const id = mail.messageId.replace(/[^\w.-]/g, '');
      const file = path.join(folder, `${new Date().toISOString().replace(/[:.]/g, '-')}-${id}.eml`);
      await writeFile(file, info.message as Buffer);
      return file;
    },
    close: () => transport.close(),
  };
}

export function createMailer(config: { SMTP_URL?: string | undefined; DATA_DIR: string }) {
  return config.SMTP_URL
    ? smtpMailer(config.SMTP_URL)
    : fileMailer(path.resolve(config.DATA_DIR, 'outbox'));
}
