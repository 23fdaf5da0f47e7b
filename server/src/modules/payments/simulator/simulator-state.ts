import { randomBytes } from 'node:crypto';

// In-memory state of the PayPal sandbox simulator. Nothing here is money: it lives as long
// as the process and is bounded so a long-running dev server cannot grow without end.

export type SimMoney = { currency_code: string; value: string };
export type SimItem = { name: string; quantity: string; unit_amount: SimMoney };

export type SimOrder = {
  id: string;
  status: 'CREATED' | 'APPROVED' | 'COMPLETED';
  referenceId: string;
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

/** PayPal-style ids: upper-case letters and digits. */
export const paypalId = (length = 17) => {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
  return Array.from(randomBytes(length), (b) => alphabet[b % alphabet.length]).join('');
};

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

  constructor(
    readonly credentials: { clientId: string; clientSecret: string },
    readonly tokenTtlSeconds = 32_400,
  ) {}

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
