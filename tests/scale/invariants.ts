import pg from 'pg';
import type { TestSmtp } from '../helpers/smtp';
import type { ScaleProduct } from './catalog';
import type { Findings } from './findings';
import type { Ledger } from './journey';

// What must hold in the database once the load is over, whatever instance did what and
// whichever died: stock conserved per variant, each paid order paid once at PayPal with one
// confirmation (in the outbox and at the SMTP server), and every acknowledged write present.

/** Orders holding stock: a pending order reserved it, a paid one sold it; others gave it back. */
const HOLDING = `('pending', 'paid')`;

export async function checkInvariants(
  findings: Findings,
  databaseUrl: string,
  products: ScaleProduct[],
  ledger: Ledger,
  smtp: TestSmtp,
) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const q = async <T>(text: string) => (await client.query(text)).rows as T[];
  try {
    await stock(findings, q, products);
    await payments(findings, q);
    await acknowledged(findings, q, ledger);
    await emails(findings, q, smtp);
  } finally {
    await client.end();
  }
}

type Query = <T>(text: string) => Promise<T[]>;

/** Waits until the outbox has nothing left to send (or `timeoutMs`); returns how many are left. */
export async function drainOutbox(databaseUrl: string, timeoutMs: number) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const { rows } = await client.query(
        `select count(*)::int as n from email_outbox where status = 'pending'`,
      );
      const left = rows[0].n as number;
      if (left === 0 || Date.now() > deadline) return left;
      await new Promise((r) => setTimeout(r, 250));
    }
  } finally {
    await client.end();
  }
}

async function stock(findings: Findings, q: Query, products: ScaleProduct[]) {
  const rows = await q<{ id: string; product_id: string; stock: number; held: number }>(`
    select v.id, v.product_id, v.total_stock as stock,
           coalesce(sum(i.quantity) filter (where o.payment_status in ${HOLDING}), 0)::int as held
    from product_variants v
    left join order_items i on i.variant_id = v.id
    left join orders o on o.id = i.order_id
    group by v.id`);
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const product of products) {
    for (const variant of product.variants) {
      const row = byId.get(variant.id);
      findings.count('invariants: variants checked');
      if (!row) {
        findings.fail('a variant is missing', `${product.title} ${variant.size}`);
      } else if (row.stock + row.held !== variant.stock) {
        findings.fail(
          'stock not conserved (initial ≠ in stock + in pending and paid orders)',
          `${product.title} ${variant.size}: initial ${variant.stock}, in stock ${row.stock}, held ${row.held}`,
        );
      }
    }
  }
  const sums = await q<{ title: string; total: number; sum: number }>(`
    select p.title, p.total_stock as total, sum(v.total_stock)::int as sum
    from products p join product_variants v on v.product_id = p.id
    group by p.id having p.total_stock <> sum(v.total_stock)`);
  for (const s of sums) {
    findings.fail(
      "a product's stock is not its variants' sum",
      `${s.title}: ${s.total} ≠ ${s.sum}`,
    );
  }
  const refunded = await q<{ n: number }>(
    `select count(*)::int as n from orders where payment_status in ('refunded', 'partially_refunded')`,
  );
  if (refunded[0]!.n > 0)
    findings.fail('orders refunded, though nobody asked', `${refunded[0]!.n}`);
}

async function payments(findings: Findings, q: Query) {
  const paid = await q<{
    order_number: number;
    total_cents: number;
    payment_id: string | null;
    payment_status: string | null;
    status: string | null;
    capture_id: string | null;
    amount_cents: number | null;
  }>(`
    select o.order_number, o.total_cents, p.capture_id as payment_id, p.status as payment_status,
           s.status, s.capture_id, s.amount_cents
    from orders o
    left join order_payments p on p.order_id = o.id and p.provider = 'paypal'
    left join paypal_sim_orders s on s.id = p.provider_order_id
    where o.payment_status = 'paid' and o.total_cents > 0`);
  findings.count('invariants: paid orders', paid.length);
  for (const o of paid) {
    if (
      o.status !== 'COMPLETED' ||
      o.payment_status !== 'captured' ||
      o.capture_id !== o.payment_id
    ) {
      findings.fail(
        "a paid order's payment is not its one capture at PayPal",
        `#${o.order_number}: PayPal ${o.status}, capture ${o.capture_id}, order's ${o.payment_id}`,
      );
    } else if (Number(o.amount_cents) !== o.total_cents) {
      findings.fail('a paid order was charged another amount', `#${o.order_number}`);
    }
  }
  // The other way round: money PayPal took belongs to an order the shop recorded as paid, once.
  const unrecorded = await q<{ id: string; reference_id: string }>(`
    select s.id, s.reference_id from paypal_sim_orders s
    left join order_payments p on p.provider = 'paypal' and p.provider_order_id = s.id
    left join orders o on o.id = p.order_id
    where s.status = 'COMPLETED' and (o.id is null or o.payment_status <> 'paid')`);
  for (const s of unrecorded) {
    findings.fail(
      'PayPal captured a payment the shop did not record as paid',
      `${s.id} (order ${s.reference_id})`,
    );
  }
  const twice = await q<{ reference_id: string; n: number }>(`
    select reference_id, count(*)::int as n from paypal_sim_orders
    where status = 'COMPLETED' group by reference_id having count(*) > 1`);
  for (const t of twice) {
    findings.fail(
      'one order paid more than once at PayPal',
      `order ${t.reference_id}: ${t.n} captures`,
    );
  }
}

async function acknowledged(findings: Findings, q: Query, ledger: Ledger) {
  const orders = await q<{ id: string; payment_status: string; lines: string[] | null }>(`
    select o.id, o.payment_status,
           array_agg(i.variant_id || ' x' || i.quantity) filter (where i.id is not null) as lines
    from orders o left join order_items i on i.order_id = o.id group by o.id`);
  const byId = new Map(orders.map((o) => [o.id, o]));
  findings.count('invariants: acknowledged orders checked', ledger.created.size);
  for (const [id, { email, lines }] of ledger.created) {
    const row = byId.get(id);
    if (!row) {
      findings.fail('an order answered 201 is not in the database', `${id} of ${email}`);
      continue;
    }
    const expected = lines.map((l) => `${l.variantId} x${l.quantity}`).sort();
    const actual = [...(row.lines ?? [])].sort();
    if (expected.join() !== actual.join()) {
      findings.fail(
        "an order's lines are not the cart the shopper read before checking out",
        `${id}: cart ${expected.join(', ')}; order ${actual.join(', ')}`,
      );
    }
  }
  for (const id of ledger.paid) {
    if (byId.get(id)?.payment_status !== 'paid') {
      findings.fail('a capture answered paid is not paid in the database', id);
    }
  }
  const pending = orders.filter((o) => o.payment_status === 'pending').length;
  if (pending > 0)
    findings.note(
      'orders left pending (a checkout sent again replaced them, or unpaid)',
      `${pending}`,
    );
}

// "Order #100042 confirmed · <shop name>"
const SUBJECT = /^Order #(\d+) confirmed\b/;
const MESSAGE_ID = /^message-id:\s*(\S+)/im;

async function emails(findings: Findings, q: Query, smtp: TestSmtp) {
  // The outbox is sent every 2 s by any instance. The messages the killed instance had claimed
  // wait out its lease (2 minutes), then another instance sends them: waited for, so that one
  // it sent just before dying would show up here as a second copy.
  type Row = { n: number; until: Date | null };
  let deadline = Date.now() + 30_000;
  let said = false;
  let left: Row;
  for (;;) {
    left = (
      await q<Row>(`select count(*)::int as n, max(claimed_until) as until
        from email_outbox where status = 'pending'`)
    )[0]!;
    if (left.n === 0) break;
    const until = left.until?.getTime() ?? 0;
    if (until > deadline - 20_000 && !said) {
      said = true;
      deadline = until + 20_000;
      const wait = Math.ceil((until - Date.now()) / 1000);
      console.log(
        `  ${left.n} email(s) unsent, some claimed by the killed instance: ${wait} s of lease`,
      );
    }
    if (Date.now() > deadline) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  if (left.n > 0) findings.fail('confirmation emails still unsent', `${left.n}`);
  const again = await q<{ n: number }>(
    `select count(*)::int as n from email_outbox where status = 'sent' and attempts > 1`,
  );
  if (again[0]!.n > 0) {
    findings.note(
      "emails claimed by the killed instance, sent by another after the claim's 2-minute lease",
      `${again[0]!.n}`,
    );
  }
  const failed = await q<{ n: number }>(
    `select count(*)::int as n from email_outbox where status = 'failed'`,
  );
  if (failed[0]!.n > 0) findings.fail('emails failed', `${failed[0]!.n}`);

  const rows = await q<{
    order_number: number;
    status: string;
    confirmations: number;
    attempts: number;
  }>(`
    select o.order_number, o.payment_status as status, count(e.id)::int as confirmations,
           coalesce(max(e.attempts), 0)::int as attempts
    from orders o
    left join email_outbox e
      on e.template = 'orderConfirmed' and e.data->'order'->>'orderId' = o.id::text
    group by o.id`);
  // Order number → the Message-ID of each copy that arrived.
  const received = new Map<number, string[]>();
  for (const mail of smtp.received) {
    const match = SUBJECT.exec(mail.subject);
    if (!match) continue;
    const id = MESSAGE_ID.exec(mail.raw)?.[1] ?? '';
    received.set(Number(match[1]), [...(received.get(Number(match[1])) ?? []), id]);
  }
  findings.count(
    'invariants: confirmation emails received',
    [...received.values()].reduce((a, ids) => a + ids.length, 0),
  );
  for (const o of rows) {
    const ids = received.get(o.order_number) ?? [];
    const label = `#${o.order_number}`;
    if (o.status === 'paid' && o.confirmations !== 1) {
      findings.fail(
        'a paid order has not exactly one confirmation in the outbox',
        `${label}: ${o.confirmations}`,
      );
    } else if (o.status !== 'paid' && o.confirmations > 0) {
      findings.fail('an unpaid order has a confirmation', `${label} (${o.status})`);
    } else if (o.confirmations === 1 && ids.length === 0) {
      findings.fail('a confirmation in the outbox never arrived', label);
    } else if (ids.length > 1 && (new Set(ids).size > 1 || o.attempts < 2)) {
      findings.fail('a confirmation email arrived more than once', `${label}: ${ids.join(', ')}`);
    } else if (ids.length > 1) {
      // The killed instance died after the SMTP server took the message and before recording
      // it; its claim ran out and another instance sent it again. The copies share their
      // Message-ID, so mail clients show one. No sender can close this gap over SMTP.
      findings.note(
        'a confirmation delivered twice under one Message-ID: its sender was killed between the SMTP server taking it and recording it',
        `${label}: ${ids[0]}`,
      );
    }
  }
}
