import { type Answer, describe, type Line, route, type Shopper } from './client';
import type { Findings } from './findings';

// A shopper's purchase through the balancer, step by step, and how each answer is judged: a
// read must succeed; a write either succeeds, or is refused in a way a shopper meets and
// retries (contention 409, an instance that went away before answering), or fails the test.

/** What the shop acknowledged (a 2xx), to be found in the database afterwards. */
export class Ledger {
  /** Orders answered 201, with the cart as the shopper read it just before. */
  readonly created = new Map<string, { email: string; lines: Line[] }>();
  /** Orders whose capture was answered 200 and paid. */
  readonly paid = new Set<string>();
}

/** Instances that went away, and when: a write they cut off was not answered, not lost. */
export class Disruptions {
  private readonly windows: Array<{ upstream: string; how: string; from: number; to: number }> = [];

  /** `upstream` (host:port) goes away from now until `settled` resolves (and a second after). */
  track(upstream: string, how: 'stopping' | 'killed', settled: Promise<unknown>) {
    const window = { upstream, how, from: Date.now(), to: Number.POSITIVE_INFINITY };
    this.windows.push(window);
    void settled.finally(() => {
      window.to = Date.now() + 1000;
    });
  }

  /** How the instance that cut `a` off went away, if it was going away meanwhile. */
  cutOff(a: Answer) {
    return this.windows.find(
      (w) => w.upstream === a.upstream && a.startedAt <= w.to && a.endedAt >= w.from,
    )?.how;
  }
}

export type Run = {
  findings: Findings;
  ledger: Ledger;
  disruptions: Disruptions;
  /** Answers by status and by instance, for the summary. */
  seen: (a: Answer) => void;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const CONTENTION = /Many shoppers are buying these items right now/;
const IN_PROGRESS = /A payment for this order is in progress/;
const OPENING = /Your checkout is already being opened/;

type StepOptions = {
  tries?: number;
  /** After the last try of a call sent again, give up without failing (the caller re-reads). */
  quiet?: boolean;
  /** An answer that ends the step without success yet is allowed: the note to make of it. */
  allowed?: (a: Answer) => string | undefined;
};

/**
 * Sends `call` until `ok` holds, as a shopper would: a contention 409 and a write the shop never
 * answered (the instance went away mid-request) are sent again; anything else is a failure.
 */
export async function step(
  run: Run,
  what: string,
  call: () => Promise<Answer>,
  ok: (a: Answer) => boolean,
  { tries = 8, quiet = false, allowed }: StepOptions = {},
): Promise<Answer | undefined> {
  let last: Answer | undefined;
  for (let attempt = 1; attempt <= tries; attempt += 1) {
    const a = await call();
    last = a;
    run.seen(a);
    if (ok(a)) return a;
    const message = String(a.json?.message ?? '');
    const note = allowed?.(a);
    if (note) {
      run.findings.note(note, describe(a));
      return undefined;
    }
    if (a.status === 409 && CONTENTION.test(message)) {
      run.findings.note(`409 contention on ${route(a)}, sent again`, describe(a));
    } else if (a.status === 409 && IN_PROGRESS.test(message)) {
      run.findings.note(`409 payment in progress on ${route(a)}, sent again`, describe(a));
    } else if (a.method !== 'GET' && a.status === 502 && run.disruptions.cutOff(a)) {
      // nginx never sends a POST again once it reached an instance (it may have been done).
      run.findings.note(
        `${route(a)} cut off by the ${run.disruptions.cutOff(a)} instance (nginx 502, not acknowledged), sent again`,
        describe(a),
      );
    } else if (a.method === 'GET') {
      run.findings.fail(`read failed: ${route(a)}`, describe(a));
      return undefined;
    } else {
      const kind = a.status === 0 ? 'no answer' : a.status;
      run.findings.fail(`${what}: ${kind} on ${route(a)}`, describe(a));
      return undefined;
    }
    if (attempt < tries) await sleep(100 * attempt + Math.random() * 200);
  }
  if (!quiet)
    run.findings.fail(`${what}: not done after ${tries} tries`, last ? describe(last) : '');
  return undefined;
}

/**
 * Shoppers whose checkout was cut off between the order's insert and its PayPal payment (the
 * instance died): the shop keeps that order as "being opened" for its guard (2 minutes) and
 * answers 409 meanwhile. The load's buyers leave them be.
 */
export const blocked = new Set<Shopper>();

const okStatus =
  (...statuses: number[]) =>
  (a: Answer) =>
    statuses.includes(a.status);

/** The shopper's cart as the cart sheet reads it. */
async function readCart(run: Run, shopper: Shopper): Promise<Line[] | undefined> {
  const read = await step(run, 'read the cart', () => shopper.cart(), okStatus(200));
  return (read?.json.data.items as Line[] | undefined)?.map(
    ({ productId, variantId, quantity }) => ({ productId, variantId, quantity }),
  );
}

/**
 * Puts what is missing of `lines` in the cart and checks out: returns the order id and approval
 * URL, or undefined after recording why. An add is never sent blindly again (a lost add may
 * have been made): the cart is read back and only what is missing is added.
 */
export async function checkout(run: Run, shopper: Shopper, lines: Line[]) {
  let cart = await readCart(run, shopper);
  for (let round = 1; cart && round <= 3; round += 1) {
    const missing = lines.filter(
      (l) => !cart!.some((c) => c.variantId === l.variantId && c.productId === l.productId),
    );
    if (missing.length === 0) break;
    for (const line of missing) {
      const added = await step(
        run,
        'add to cart',
        () => shopper.addToCart(line),
        okStatus(200, 201),
        { tries: 1, quiet: round < 3 },
      );
      if (!added && round === 3) return undefined;
    }
    cart = await readCart(run, shopper);
  }
  if (!cart) return undefined;
  let cutOff = false;
  const created = await step(
    run,
    'create the order',
    async () => {
      const a = await shopper.createOrder();
      if (a.status === 502) cutOff = true;
      return a;
    },
    okStatus(201),
    {
      allowed: (a) =>
        cutOff && a.status === 409 && OPENING.test(String(a.json?.message))
          ? "409 'already being opened' after a checkout cut off by a killed instance (the shop's 2-minute guard); the shopper waits"
          : undefined,
    },
  );
  if (!created) {
    if (cutOff) blocked.add(shopper);
    return undefined;
  }
  const { orderId, approvalURL } = created.json as { orderId: string; approvalURL: string };
  run.ledger.created.set(orderId, { email: shopper.email, lines: cart });
  return { orderId, approvalURL };
}

/** At PayPal: the approval page (a read), then Approve (a write, idempotent). */
export async function approve(run: Run, shopper: Shopper, approvalURL: string) {
  const token = new URL(approvalURL).searchParams.get('token') ?? '';
  const page = await step(
    run,
    'open the approval page',
    () => shopper.http.call('GET', approvalURL),
    (a) => a.status === 200 && a.text.includes('no money moves'),
  );
  if (!page) return undefined;
  const approved = await step(
    run,
    'approve at PayPal',
    () => shopper.http.call('POST', '/paypal-sandbox/checkoutnow/approve', { form: { token } }),
    (a) => a.status === 303 && (a.headers.get('location') ?? '').includes('/shop/paypal-return'),
  );
  return approved ? token : undefined;
}

/** Capture (idempotent), then the order as the payment-success page reads it. */
export async function pay(run: Run, shopper: Shopper, orderId: string, token: string) {
  const captured = await step(
    run,
    'capture',
    () => shopper.capture(orderId, token),
    (a) => a.status === 200 && a.json?.data?.paymentStatus === 'paid',
  );
  if (!captured) return false;
  run.ledger.paid.add(orderId);
  const read = await step(
    run,
    'read the paid order',
    () => shopper.order(orderId),
    (a) => a.status === 200,
  );
  if (read && read.json.data.paymentStatus !== 'paid') {
    run.findings.fail('a captured order reads unpaid', describe(read));
  }
  return true;
}

/** The whole purchase; true when paid. */
export async function purchase(run: Run, shopper: Shopper, lines: Line[]) {
  const order = await checkout(run, shopper, lines);
  if (!order) return false;
  const token = await approve(run, shopper, order.approvalURL);
  if (!token) return false;
  return pay(run, shopper, order.orderId, token);
}
