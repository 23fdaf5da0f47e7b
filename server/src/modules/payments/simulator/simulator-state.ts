import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { paypalId } from './simulator-ids';
import type { SimulatorStore } from './simulator-store';
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

// The simulator's payments live in its store (memory when standalone, the shop's database when
// mounted). What is left here holds no payment: tokens and webhook signatures are checked by
// keys derived from the client secret, so every instance with the same config accepts them,
// and the rest (faults, counters, deliveries) is for tests of this process.

export type SimMoney = { currency_code: string; value: string };
export type SimItem = { name: string; quantity: string; unit_amount: SimMoney };

/** How a capture answers, chosen by the buyer on the approval page (sandbox only). */
export type CaptureOutcome = 'COMPLETED' | 'PENDING' | 'DECLINED';

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
  /** The buyer's choice at approval; the capture then answers with it (COMPLETED when unset). */
  captureOutcome?: CaptureOutcome;
  /** The capture's own status (purchase_units[0].payments.captures[0].status) once captured. */
  captureStatus?: CaptureOutcome;
  /** Why a PENDING capture waits (status_details.reason), e.g. PENDING_REVIEW. */
  captureReason?: string;
  /** Refunded so far, in cents of `amount`; never more than the amount captured. */
  refundedCents: number;
  /** purchase_units[0].shipping as the shop sent it (SET_PROVIDED_ADDRESS). */
  shipping?: SimShipping;
  /** When a chargeback reversed the capture (its status is then REVERSED). */
  reversedAt?: string;
};

export type SimShipping = {
  name: { full_name: string };
  address: {
    address_line_1?: string;
    address_line_2?: string;
    admin_area_2?: string;
    admin_area_1?: string;
    postal_code?: string;
    country_code: string;
  };
};

/** A tracker as the shop added it to a captured order. */
export type SimTracker = {
  id: string;
  captureId: string;
  trackingNumber: string;
  carrier: string;
  carrierNameOther?: string;
  notifyPayer: boolean;
  createTime: string;
};

/** A failure to inject, for tests: answer with `status`, or answer late by `delayMs`. */
export type Fault = {
  on: 'token' | 'create' | 'capture' | 'get' | 'track' | 'any';
  status?: number;
  /** PayPal issue code for a 422, e.g. INSTRUMENT_DECLINED. */
  issue?: string;
  /** Wait this long first; without `status` the request then completes normally. */
  delayMs?: number;
  times?: number;
};

export type Reply = { status: number; body: unknown };

type Credentials = { clientId: string; clientSecret: string };

/** A key of its own per purpose, derived from the client secret every instance shares. */
const derivedKey = ({ clientId, clientSecret }: Credentials, purpose: string) =>
  Buffer.from(hkdfSync('sha256', clientSecret, clientId, `paypal-simulator ${purpose}`, 32));

export class SimulatorState {
  private faults: Fault[] = [];
  /** How many times each endpoint was called on this instance (tests read it). */
  readonly calls = { token: 0, create: 0, capture: 0, get: 0, track: 0 };
  /** How many captures this instance made: each moved (pretend) money once. */
  captures = 0;
  /** Where webhooks go (none when unset), how, and after how long (PayPal sends them later). */
  webhook:
    | (WebhookTarget & {
        deliver?: Deliver;
        delayMs?: number;
        /** Told of each delivery from its scheduling to its end (a shutdown waits for it). */
        track?: (sending: Promise<void>) => void;
      })
    | undefined;
  /** Every webhook delivery made, for tests. */
  readonly deliveries: WebhookDelivery[] = [];
  private readonly signer: WebhookSigner;
  private readonly tokenKey: Buffer;

  constructor(
    readonly credentials: Credentials,
    readonly store: SimulatorStore,
    readonly tokenTtlSeconds = 32_400,
  ) {
    this.signer = new WebhookSigner(derivedKey(credentials, 'webhook signature'));
    this.tokenKey = derivedKey(credentials, 'oauth token');
  }

  /** Sends a webhook event to the configured URL, signed as PayPal signs them. */
  sendWebhook(eventType: string, resource: object, base: string) {
    const target = this.webhook;
    if (!target) return undefined;
    const delivery = this.signedDelivery(webhookEvent(eventType, resource, base), base);
    const deliver = target.deliver ?? deliverOverHttp;
    const sent = new Promise<void>((resolve) => {
      setTimeout(resolve, target.delayMs ?? 0).unref();
    }).then(() => {
      this.deliveries.push(delivery);
      if (this.deliveries.length > 1000) this.deliveries.shift();
      return deliver(delivery).catch(() => {});
    });
    target.track?.(sent);
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

  /** An access token that carries its own expiry and MAC: no instance needs to remember it. */
  issueToken() {
    const payload = `A21AA${paypalId(24)}.${(Date.now() + this.tokenTtlSeconds * 1000).toString(36)}`;
    return `${payload}.${this.tokenMac(payload)}`;
  }

  isValidToken(token: string | undefined) {
    const parts = token?.split('.') ?? [];
    if (parts.length !== 3) return false;
    const [random, expiry, mac] = parts as [string, string, string];
    const expected = Buffer.from(this.tokenMac(`${random}.${expiry}`));
    const given = Buffer.from(mac);
    const isGenuine = expected.length === given.length && timingSafeEqual(expected, given);
    return isGenuine && Number.parseInt(expiry, 36) > Date.now();
  }

  private tokenMac(payload: string) {
    return createHmac('sha256', this.tokenKey).update(payload).digest('base64url');
  }
}
