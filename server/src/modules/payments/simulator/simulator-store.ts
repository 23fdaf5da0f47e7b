import { decimalToCents } from '@contract/money';
import type { CaptureOutcome, Reply, SimOrder, SimTracker } from './simulator-state';

/**
 * Where the simulator keeps its payments: in memory when it runs on its own, in the shop's
 * database when the shop mounts it (simulator.repository.ts). Each change of state is
 * conditional, so of two racing callers exactly one sees it succeed and acts on it (moves
 * money, sends the webhook).
 */
export interface SimulatorStore {
  findOrder(id: string): Promise<SimOrder | undefined>;
  findOrderByCapture(captureId: string): Promise<SimOrder | undefined>;
  addOrder(order: SimOrder): Promise<void>;
  /**
   * CREATED → APPROVED, keeping how its capture will answer; the order when this call approved
   * it, undefined otherwise.
   */
  approve(
    id: string,
    payerId: string,
    at: string,
    outcome?: CaptureOutcome,
  ): Promise<SimOrder | undefined>;
  /**
   * APPROVED → COMPLETED with a capture whose status is the buyer's choice; the order when this
   * call captured it, undefined otherwise.
   */
  complete(id: string, captureId: string, at: string): Promise<SimOrder | undefined>;
  /** A PENDING capture → COMPLETED or DECLINED; the order when this call settled it. */
  settleCapture(
    captureId: string,
    status: 'COMPLETED' | 'DECLINED',
    at: string,
  ): Promise<SimOrder | undefined>;
  /** Adds `amount` cents to the capture's refunds unless they would pass the amount captured. */
  addRefund(captureId: string, amount: number): Promise<boolean>;
  /** A chargeback: the capture (not yet reversed) is REVERSED; the order when this call did it. */
  reverse(captureId: string, at: string): Promise<SimOrder | undefined>;
  /** Keeps a tracker; false when the capture already has one with this tracking number. */
  addTracker(orderId: string, tracker: SimTracker): Promise<boolean>;
  /** The trackers of an order, oldest first. */
  trackersOf(orderId: string): Promise<SimTracker[]>;
  /**
   * Runs `act` once per PayPal-Request-Id `key`: a repeat, even one running at the same time
   * on another instance, gets the reply the first one gave. A reply `keep` refuses is not
   * stored (its changes must not outlive it either), so the key can be used again.
   */
  once(
    key: string,
    act: (store: SimulatorStore) => Promise<Reply>,
    keep: (reply: Reply) => boolean,
  ): Promise<{ reply: Reply; isReplay: boolean }>;
}

const MAX_ENTRIES = 10_000;

/** The status_details.reason of a capture the buyer chose to have reviewed by the bank. */
export const PENDING_REASON = 'PENDING_REVIEW';

function remember<K, V>(map: Map<K, V>, key: K, value: V) {
  map.set(key, value);
  if (map.size > MAX_ENTRIES) map.delete(map.keys().next().value as K);
}

/**
 * The standalone simulator's store: one process, so each method's check and change run
 * without an await between them. Bounded, so a long-running simulator cannot grow without end.
 */
export class MemorySimulatorStore implements SimulatorStore {
  readonly orders = new Map<string, SimOrder>();
  private readonly replies = new Map<string, Reply>();
  readonly trackers = new Map<string, SimTracker[]>();
  private readonly running = new Map<string, Promise<Reply>>();

  async findOrder(id: string) {
    return this.orders.get(id);
  }

  async findOrderByCapture(captureId: string) {
    return [...this.orders.values()].find((o) => o.captureId === captureId);
  }

  async addOrder(order: SimOrder) {
    remember(this.orders, order.id, order);
  }

  async approve(id: string, payerId: string, at: string, outcome?: CaptureOutcome) {
    const order = this.orders.get(id);
    if (order?.status !== 'CREATED') return undefined;
    return this.replace({
      ...order,
      status: 'APPROVED',
      payerId,
      updateTime: at,
      ...(outcome ? { captureOutcome: outcome } : {}),
    });
  }

  async complete(id: string, captureId: string, at: string) {
    const order = this.orders.get(id);
    if (order?.status !== 'APPROVED') return undefined;
    const captureStatus = order.captureOutcome ?? 'COMPLETED';
    return this.replace({
      ...order,
      status: 'COMPLETED',
      captureId,
      captureStatus,
      ...(captureStatus === 'PENDING' ? { captureReason: PENDING_REASON } : {}),
      updateTime: at,
    });
  }

  async settleCapture(captureId: string, status: 'COMPLETED' | 'DECLINED', at: string) {
    const order = await this.findOrderByCapture(captureId);
    if (order?.captureStatus !== 'PENDING') return undefined;
    const { captureReason: _reason, ...rest } = order;
    return this.replace({ ...rest, captureStatus: status, updateTime: at });
  }

  async reverse(captureId: string, at: string) {
    const order = await this.findOrderByCapture(captureId);
    if (!order || order.reversedAt || order.captureStatus === 'PENDING') return undefined;
    if (order.captureStatus === 'DECLINED') return undefined;
    return this.replace({ ...order, reversedAt: at, updateTime: at });
  }

  async addTracker(orderId: string, tracker: SimTracker) {
    const list = this.trackers.get(orderId) ?? [];
    const isKnown = list.some(
      (t) => t.captureId === tracker.captureId && t.trackingNumber === tracker.trackingNumber,
    );
    if (isKnown) return false;
    remember(this.trackers, orderId, [...list, tracker]);
    return true;
  }

  async trackersOf(orderId: string) {
    return this.trackers.get(orderId) ?? [];
  }

  async addRefund(captureId: string, amount: number) {
    const order = await this.findOrderByCapture(captureId);
    if (!order || order.refundedCents + amount > decimalToCents(order.amount.value)) return false;
    this.replace({ ...order, refundedCents: order.refundedCents + amount });
    return true;
  }

  async once(
    key: string,
    act: (store: SimulatorStore) => Promise<Reply>,
    keep: (reply: Reply) => boolean,
  ) {
    for (;;) {
      const stored = this.replies.get(key);
      if (stored) return { reply: stored, isReplay: true };
      const running = this.running.get(key);
      if (!running) break;
      await running.catch(() => {});
    }
    const pending = act(this);
    this.running.set(key, pending);
    try {
      const reply = await pending;
      if (keep(reply)) remember(this.replies, key, reply);
      return { reply, isReplay: false };
    } finally {
      this.running.delete(key);
    }
  }

  private replace(order: SimOrder) {
    this.orders.set(order.id, order);
    return order;
  }
}
