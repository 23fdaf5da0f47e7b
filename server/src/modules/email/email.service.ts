import { randomUUID } from 'node:crypto';
import type { EmailStatus } from '@contract/email';
import type { Db, Executor } from '../../db/client';
import * as repo from './email.repository';
import type { Mailer } from './mailer';
import type { EmailMessage, EmailTemplates, RenderContext } from './templates/types';

export type { EmailMessage, EmailOrder, EmailOrderLine } from './templates/types';

export type EmailOptions = {
  from: string;
  ctx: RenderContext;
  /** Attempts before a message is given up on (then shown to the admin as failed). */
  maxAttempts?: number;
  /** First retry after this long, doubling each time (capped at an hour). */
  backoffMs?: number;
  /** How long a claimed message is this sender's before another may take it. */
  leaseMs?: number;
  batchSize?: number;
};

// Data that must not outlive the message: reset, status and claim links are credentials, and
// an erased account's name is not kept once its confirmation is sent.
const SENSITIVE = new Set([
  'passwordReset',
  'staffInvite',
  'orderLink',
  'claimOrders',
  'accountDeleted',
  'guestPrivacy',
]);

/** What a sent message keeps of its data: no credential (a guest order's status link). */
function keptAfterSending(template: string, data: unknown): unknown {
  if (SENSITIVE.has(template)) return { removed: 'sent' };
  const order = (data as { order?: { statusToken?: string } } | null)?.order;
  if (!order?.statusToken) return undefined;
  const { statusToken: _link, ...rest } = order;
  return { ...(data as object), order: rest };
}

/** The outbox: `enqueue` inside the event's transaction, `sendDue` from the sending job. */
export class EmailService {
  private readonly maxAttempts: number;
  private readonly backoffMs: number;
  private readonly leaseMs: number;
  private readonly batchSize: number;

  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly options: EmailOptions,
  ) {
    this.maxAttempts = options.maxAttempts ?? 8;
    this.backoffMs = options.backoffMs ?? 30_000;
    this.leaseMs = options.leaseMs ?? 120_000;
    this.batchSize = options.batchSize ?? 20;
  }

  get transport() {
    return this.mailer.kind;
  }

  /** Writes the message with the caller's transaction: it is sent only if that commits. */
  async enqueue(tx: Executor, message: EmailMessage) {
    return repo.insertMessage(tx, {
      recipient: message.to,
      template: message.template,
      data: message.data,
    });
  }

  /**
   * Sends what is due; safe to run on every instance at once (each message is claimed). Once
   * `signal` aborts (the instance is stopping), the message in hand is finished and recorded
   * and the rest of the batch is given back, so another instance sends it now rather than
   * after the lease.
   */
  async sendDue(now = new Date(), signal?: AbortSignal) {
    const token = randomUUID();
    const rows = await repo.claimDue(this.db, {
      now,
      leaseMs: this.leaseMs,
      limit: this.batchSize,
      token,
    });
    const sent: Array<{ subject: string; file?: string | undefined }> = [];
    let failed = 0;
    for (const [i, row] of rows.entries()) {
      if (signal?.aborted) {
        await repo.releaseClaims(
          this.db,
          rows.slice(i).map((r) => r.id),
          token,
        );
        break;
      }
      const outcome = await this.sendOne(row, token, now);
      if (outcome) sent.push(outcome);
      else failed += 1;
    }
    return { sent, failed };
  }

  private async sendOne(row: repo.OutboxRow, token: string, now: Date) {
    let subject: string | undefined;
    try {
      // Loaded with the first email sent: React's server renderer and the templates are ~3 MB
      // of memory a server that sends no mail should not hold.
      const { isTemplateName, renderEmail } = await import('./render');
      if (!isTemplateName(row.template)) throw new Error(`unknown template ${row.template}`);
      const rendered = renderEmail(
        row.template,
        row.data as EmailTemplates[typeof row.template],
        this.options.ctx,
      );
      subject = rendered.subject;
      const file = await this.mailer.send({
        from: this.options.from,
        to: row.recipient,
        subject: rendered.subject,
        html: rendered.html,
        text: rendered.text,
        messageId: `<${row.id}@${new URL(this.options.ctx.publicUrl).hostname}>`,
      });
      const kept = keptAfterSending(row.template, row.data);
      await repo.markSent(this.db, row.id, token, {
        subject,
        ...(kept !== undefined ? { data: kept } : {}),
      });
      return { subject, file };
    } catch (error) {
      const retry = row.attempts < this.maxAttempts;
      const delay = Math.min(this.backoffMs * 2 ** (row.attempts - 1), 3_600_000);
      await repo.markFailed(this.db, row.id, token, {
        error: error instanceof Error ? error.message : String(error),
        subject,
        retryAt: retry ? new Date(now.getTime() + delay) : undefined,
      });
      return undefined;
    }
  }

  async list(status: EmailStatus | undefined, limit: number) {
    const [rows, counts] = await Promise.all([
      repo.list(this.db, status, limit),
      repo.countByStatus(this.db),
    ]);
    return {
      counts: Object.fromEntries(counts.map((c) => [c.status, Number(c.count)])),
      emails: rows.map((r) => ({
        _id: r.id,
        to: r.recipient,
        template: r.template,
        subject: r.subject ?? '',
        status: r.status,
        attempts: r.attempts,
        lastError: r.lastError ?? '',
        createdAt: r.createdAt.toISOString(),
        sentAt: r.sentAt?.toISOString() ?? null,
        nextAttemptAt: r.nextAttemptAt.toISOString(),
      })),
    };
  }

  /** The outbox keeps sent mail 30 days (the admin's recent history), then forgets it. */
  purgeSent(now = new Date(), days = 30) {
    return repo.deleteSentBefore(this.db, new Date(now.getTime() - days * 86_400_000));
  }

  retry(id: string) {
    return repo.retry(this.db, id);
  }

  close() {
    this.mailer.close();
  }
}

/** The return mails' shapes, filled by the returns module. */
export type { EmailReturn, EmailReturnOrder } from './templates/return-types';
