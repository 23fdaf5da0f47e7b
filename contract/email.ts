import { z } from 'zod';

export const emailStatuses = ['pending', 'sent', 'failed'] as const;
export type EmailStatus = (typeof emailStatuses)[number];

export const adminEmailsQuery = z.object({
  status: z.enum(emailStatuses).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const outboxEmailSchema = z.object({
  _id: z.string(),
  to: z.string(),
  template: z.string(),
  subject: z.string(),
  status: z.enum(emailStatuses),
  attempts: z.number().int(),
  lastError: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  nextAttemptAt: z.string(),
});
export type OutboxEmail = z.infer<typeof outboxEmailSchema>;

export const adminEmailsResponse = z.object({
  success: z.literal(true),
  transport: z.enum(['smtp', 'files']),
  counts: z.record(z.string(), z.number()),
  data: z.array(outboxEmailSchema),
});
export type AdminEmails = z.infer<typeof adminEmailsResponse>;
