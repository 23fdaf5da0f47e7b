import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { to: string; subject: string; text: string; html: string; raw: string };

/**
 * A real SMTP server on a local port that keeps what it receives. `refuse` attempts are
 * answered with a temporary failure after the message was transmitted (the hardest case);
 * `delayMs` holds each answer that long (a slow server, so a sender's round takes time).
 */
export async function startSmtp({
  refuse = 0,
  delayMs = 0,
}: {
  refuse?: number;
  delayMs?: number;
} = {}) {
  const received: ReceivedMail[] = [];
  let refusalsLeft = refuse;
  let attempts = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', async () => {
        if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
        attempts += 1;
        if (refusalsLeft > 0) {
          refusalsLeft -= 1;
          const error = new Error('Try again later') as Error & { responseCode: number };
          error.responseCode = 451;
          callback(error);
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        simpleParser(raw)
          .then((mail: ParsedMail) => {
            received.push({
              to: Array.isArray(mail.to) ? (mail.to[0]?.text ?? '') : (mail.to?.text ?? ''),
              subject: mail.subject ?? '',
              text: mail.text ?? '',
              html: typeof mail.html === 'string' ? mail.html : '',
              raw,
            });
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });
  // A sender that vanishes mid-session (a killed instance) resets its connection: not an
  // error of this server, which would otherwise throw it as an unhandled 'error' event.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    received,
    get attempts() {
      return attempts;
    },
    url: `smtp://127.0.0.1:${port}`,
    env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Test Shop <shop@example.com>' },
    /** Waits until `count` messages to `to` (any recipient when omitted) have arrived. */
    async waitFor(count: number, to?: string, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      const mine = () => received.filter((m) => !to || m.to.includes(to));
      while (mine().length < count) {
        if (Date.now() > deadline) {
          throw new Error(`expected ${count} mail(s) to ${to ?? 'anyone'}, got ${mine().length}`);
        }
        await new Promise((r) => setTimeout(r, 50));
      }
      return mine();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type TestSmtp = Awaited<ReturnType<typeof startSmtp>>;

/** A mail's text with its line breaks and runs of spaces as one space: sentences wrap. */
export const oneLine = (text: string) => text.replace(/\s+/g, ' ');
