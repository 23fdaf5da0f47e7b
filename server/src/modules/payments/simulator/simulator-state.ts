import { paypalId } from './simulator-ids';
import {
  type Deliver,
  deliverOverHttp,
  type SignedFields,
  type WebhookDelivery,
  WebhookSigner,
  type WebhookTarget,
  webhookEvent,
} from './simulator-webhooks';

export { paypalId };

// In-memory state of the PayPal sandbox simulator. Nothing here is money: it lives as long
// as the process and is bounded so a long-running dev server cannot grow without end.

export type SimMoney = { currency_code: string; value: string };
export type SimItem = { name: string; quantity: string; unit_amount: SimMoney };

export type SimOrder = {
  id: string;
  status: 'CREATED' | 'APPROVED' | 'COMPLETED';
  referenceId: string;
  invoiceId?: string;
  customId?: string;
  amount: SimMoney;
  items: SimItem[];
  brandName: string;
  returnUrl: string;
  cancelUrl: string;
  createTime: string;
  updateTime: string;
  payerId?: string;
  captureId?: string;
};

/** A failure to inject, for tests: answer with `status`, or answer late by `delayMs`. */
export type Fault = {
  on: 'token' | 'create' | 'capture' | 'get' | 'any';
  status?: number;
  /** PayPal issue code for a 422, e.g. INSTRUMENT_DECLINED. */
  issue?: string;
  /** Wait this long first; without `status` the request then completes normally. */
  delayMs?: number;
  times?: number;
};

export type Reply = { status: number; body: unknown };

const MAX_ENTRIES = 10_000;

function remember<K, V>(map: Map<K, V>, key: K, value: V) {
  map.set(key, value);
  if (map.size > MAX_ENTRIES) map.delete(map.keys().next().value as K);
}

export class SimulatorState {
  readonly orders = new Map<string, SimOrder>();
  private readonly tokens = new Map<string, number>();
  /** Replies already given per PayPal-Request-Id: a repeat gets the same answer. */
  private readonly replies = new Map<string, Reply>();
  private faults: Fault[] = [];
  /** How many times each endpoint was called (tests read it). */
  readonly calls = { token: 0, create: 0, capture: 0, get: 0 };
  /** How many captures actually moved (pretend) money. */
  captures = 0;
  /** Where webhooks go (none when unset), how, and after how long (PayPal sends them later). */
  webhook: (WebhookTarget & { deliver?: Deliver; delayMs?: number }) | undefined;
  /** Every webhook delivery made, for tests. */
  readonly deliveries: WebhookDelivery[] = [];
  private readonly signer = new WebhookSigner();

  constructor(
    readonly credentials: { clientId: string; clientSecret: string },
    readonly tokenTtlSeconds = 32_400,
  ) {}

  /** Sends a webhook event to the configured URL, signed as PayPal signs them. */
  sendWebhook(eventType: string, resource: { id?: string }, base: string) {
    const target = this.webhook;
    if (!target) return undefined;
    const delivery = this.signedDelivery(webhookEvent(eventType, resource, base), base);
    const deliver = target.deliver ?? deliverOverHttp;
    const timer = setTimeout(() => {
      this.deliveries.push(delivery);
      if (this.deliveries.length > 1000) this.deliveries.shift();
      deliver(delivery).catch(() => {});
    }, target.delayMs ?? 0);
    timer.unref();
    return delivery;
  }

  /** A delivery of `event` (any JSON) with valid PayPal headers for the configured webhook. */
  signedDelivery(event: object, base: string): WebhookDelivery {
    const body = JSON.stringify(event);
    const id = this.webhook?.id ?? '';
    return { url: this.webhook?.url ?? '', body, headers: this.signer.headers(body, id, base) };
  }

  isGenuineWebhook(fields: SignedFields) {
    return this.signer.verify(fields);
  }

  inject(fault: Fault) {
    this.faults.push({ times: 1, ...fault });
  }

  clearFaults() {
    this.faults = [];
  }

  /** Takes the next fault for this endpoint, if one is waiting. */
  takeFault(on: Exclude<Fault['on'], 'any'>): Fault | undefined {
    const index = this.faults.findIndex((f) => f.on === on || f.on === 'any');
    if (index < 0) return undefined;
    const fault = this.faults[index]!;
    fault.times = (fault.times ?? 1) - 1;
    if (fault.times <= 0) this.faults.splice(index, 1);
    return fault;
  }

  issueToken() {
    const token = `A21AA${paypalId(40)}`;
    remember(this.tokens, token, Date.now() + this.tokenTtlSeconds * 1000);
    return token;
  }

  isValidToken(token: string | undefined) {
    const expiresAt = token ? this.tokens.get(token) : undefined;
    return expiresAt !== undefined && expiresAt > Date.now();
  }

  saveOrder(order: SimOrder) {
    remember(this.orders, order.id, order);
  }

  replyFor(key: string) {
    return this.replies.get(key);
  }

  saveReply(key: string, reply: Reply) {
    remember(this.replies, key, reply);
  }
}
