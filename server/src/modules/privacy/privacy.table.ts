import { guestPrivacyRequests } from '@contract/privacy';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * A guest's privacy request (download or erasure of the orders placed with an email), emailed
 * to that address as a link: following it is the proof of the email. Stored as the HMAC of the
 * token (256 random bits), like the status links; short-lived; an erasure deletes its email's.
 */
export const guestPrivacyTokens = pgTable(
  'guest_privacy_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    // The email the order was placed with, as the order keeps it.
    email: text('email').notNull(),
    request: text('request', { enum: guestPrivacyRequests }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('guest_privacy_tokens_request_check', sql`${t.request} in ('download', 'erase')`),
    index('guest_privacy_tokens_email_idx').on(sql`lower(${t.email})`),
    index('guest_privacy_tokens_expires_idx').on(t.expiresAt),
  ],
);
