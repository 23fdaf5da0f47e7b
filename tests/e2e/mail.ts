import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { type ParsedMail, simpleParser } from 'mailparser';

/**
 * The mail the E2E server wrote to DATA_DIR/outbox (it runs without SMTP_URL), newest last,
 * waiting until `count` messages to `to` are there, or (given a test) one that passes it: mail
 * is sent after the answer, so a count can be reached before the very message a test looks for
 * is written. `dataDir`: another server's (public-shop.ts).
 */
export async function mailTo(
  to: string,
  wanted: number | ((mail: ParsedMail) => boolean) = 1,
  dataDir = process.env.E2E_DATA_DIR ?? '',
): Promise<ParsedMail[]> {
  const folder = path.join(dataDir, 'outbox');
  let found: ParsedMail[] = [];
  await expect
    .poll(
      async () => {
        const files = (() => {
          try {
            return readdirSync(folder).filter((f) => f.endsWith('.eml'));
          } catch {
            return [];
          }
        })().sort();
        const mails = await Promise.all(
          files.map((f) => simpleParser(readFileSync(path.join(folder, f)))),
        );
        found = mails.filter((m) => JSON.stringify(m.to ?? '').includes(to));
        return typeof wanted === 'number' ? found.length >= wanted : found.some(wanted);
      },
      { timeout: 15_000, message: `mail to ${to}` },
    )
    .toBe(true);
  return found;
}
