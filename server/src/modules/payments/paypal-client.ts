import { z } from 'zod';
import {
  type CreateOrderInput,
  type Money,
  orderBody,
  refundBody,
  type TrackerInput,
  trackerBody,
  verifyBody,
  type WebhookSignature,
} from './paypal-requests';
import {
  captureSchema,
  orderSchema,
  type PayPalCapture,
  PayPalError,
  type PayPalOrder,
  refundSchema,
  toError,
  tokenSchema,
} from './paypal-shapes';

export type {
  CreateOrderInput,
  Money,
  ShippingAddress,
  TrackerInput,
  WebhookSignature,
} from './paypal-requests';
export {
  approvalLink,
  type CaptureState,
  captureOf,
  captureStateOf,
  PayPalError,
  type PayPalErrorKind,
  type PayPalOrder,
} from './paypal-shapes';

// A client of PayPal's Orders v2 REST API. It speaks to PayPal (sandbox or live) or to the
// built-in simulator alike: only the base URL differs.

export type PayPalClientOptions = {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  timeoutMs?: number;
  /** Pause before the one retry of a 5xx or a dropped connection. */
  retryDelayMs?: number;
  /** The HTTP transport; the built-in simulator is reached in-process (see paypal-sandbox). */
  fetch?: typeof fetch;
};

type Call = {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  /** A JSON body sent as given (webhook verification passes the event byte for byte). */
  rawJson?: string;
  requestId?: string;
  /** Prefer: return=representation, so the answer carries the amounts (PayPal's default is minimal). */
  representation?: boolean;
};

const verifySchema = z.object({ verification_status: z.string() });

export class PayPalClient {
  private token: { value: string; expiresAt: number } | undefined;
  private pendingToken: Promise<string> | undefined;
  private readonly timeoutMs: number;
  private readonly retryDelayMs: number;
  private transport: typeof fetch;

  constructor(private readonly options: PayPalClientOptions) {
    this.timeoutMs = options.timeoutMs ?? 15_000;
    this.retryDelayMs = options.retryDelayMs ?? 300;
    this.transport = options.fetch ?? ((input, init) => fetch(input, init));
  }

  /** Replaces the HTTP transport (same requests and answers, another way to carry them). */
  setTransport(transport: typeof fetch) {
    this.transport = transport;
  }

  /** Creates an order with intent CAPTURE; the payer approves it at its `approve` link. */
  async createOrder(input: CreateOrderInput, requestId: string): Promise<PayPalOrder> {
    const body = orderBody(input);
    const json = await this.call({ method: 'POST', path: '/v2/checkout/orders', body, requestId });
    return orderSchema.parse(json);
  }

  /** Captures an approved order. The same requestId makes a repeat a replay, not a charge. */
  async captureOrder(id: string, requestId: string): Promise<PayPalOrder> {
    const path = `/v2/checkout/orders/${encodeURIComponent(id)}/capture`;
    return orderSchema.parse(
      await this.call({ method: 'POST', path, body: {}, requestId, representation: true }),
    );
  }

  /**
   * Adds a parcel's tracking to a captured order (Seller Protection asks for it). The same
   * requestId makes a repeat a replay, not a second tracker.
   */
  async addTracking(orderId: string, input: TrackerInput, requestId: string) {
    const path = `/v2/checkout/orders/${encodeURIComponent(orderId)}/track`;
    const body = trackerBody(input);
    return orderSchema.parse(await this.call({ method: 'POST', path, body, requestId }));
  }

  async getOrder(id: string): Promise<PayPalOrder> {
    const path = `/v2/checkout/orders/${encodeURIComponent(id)}`;
    return orderSchema.parse(await this.call({ method: 'GET', path }));
  }

  /** A capture's own state (GET /v2/payments/captures/{id}): PENDING ones change later. */
  async getCapture(id: string): Promise<PayPalCapture> {
    const path = `/v2/payments/captures/${encodeURIComponent(id)}`;
    return captureSchema.parse(await this.call({ method: 'GET', path }));
  }

  /**
   * Refunds all (no amount) or part of a capture. The same requestId makes a repeat a replay,
   * not a second refund.
   */
  async refundCapture(
    captureId: string,
    input: { amount?: Money; note?: string },
    requestId: string,
  ) {
    const path = `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`;
    const body = refundBody(input);
    return refundSchema.parse(
      await this.call({ method: 'POST', path, body, requestId, representation: true }),
    );
  }

  /** PayPal's verdict on a webhook delivery: true only for verification_status SUCCESS. */
  async verifyWebhookSignature(input: WebhookSignature): Promise<boolean> {
    const rawJson = verifyBody(input);
    const json = await this.call({
      method: 'POST',
      path: '/v1/notifications/verify-webhook-signature',
      rawJson,
    });
    return verifySchema.parse(json).verification_status === 'SUCCESS';
  }

  /** One API call with a bearer token; a token PayPal no longer accepts is renewed once. */
  private async call(call: Call): Promise<unknown> {
    const hadToken = this.token !== undefined;
    let response = await this.send(call, `Bearer ${await this.accessToken()}`);
    if (response.status === 401 && hadToken) {
      this.token = undefined;
      response = await this.send(call, `Bearer ${await this.accessToken()}`);
    }
    if (!response.ok) throw toError(response.status, response.json);
    return response.json;
  }

  /** OAuth2 client credentials; cached until shortly before it expires, fetched once at a time. */
  private async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now()) return this.token.value;
    this.pendingToken ??= this.fetchToken().finally(() => {
      this.pendingToken = undefined;
    });
    return this.pendingToken;
  }

  private async fetchToken(): Promise<string> {
    const { clientId, clientSecret } = this.options;
    const basic = Buffer.from(`${clientId}:${clientSecret}`).toString('base64');
    const response = await this.send(
      { method: 'POST', path: '/v1/oauth2/token', body: 'grant_type=client_credentials' },
      `Basic ${basic}`,
    );
    if (!response.ok) throw toError(response.status, response.json);
    const token = tokenSchema.parse(response.json);
    // Renew a minute early (or half-way, for short-lived tokens) so no call meets an expiry.
    const lifeMs = token.expires_in * 1000;
    this.token = {
      value: token.access_token,
      expiresAt: Date.now() + Math.max(lifeMs / 2, lifeMs - 60_000),
    };
    return token.access_token;
  }

  /** One HTTP exchange, retried once on a 5xx or a dropped connection (never on a timeout). */
  private async send(call: Call, authorization: string) {
    const isForm = typeof call.body === 'string';
    const headers: Record<string, string> = {
      Authorization: authorization,
      Accept: 'application/json',
    };
    const body =
      call.rawJson ??
      (call.body === undefined
        ? undefined
        : isForm
          ? String(call.body)
          : JSON.stringify(call.body));
    if (body !== undefined) {
      headers['Content-Type'] = isForm ? 'application/x-www-form-urlencoded' : 'application/json';
    }
    if (call.requestId) headers['PayPal-Request-Id'] = call.requestId;
    if (call.representation) headers.Prefer = 'return=representation';
    const init = { method: call.method, headers, ...(body === undefined ? {} : { body }) };
    const url = `${this.options.baseUrl}${call.path}`;
    for (let attempt = 0; ; attempt += 1) {
      const isLast = attempt === 1;
      let response: Response;
      try {
        response = await this.transport(url, {
          ...init,
          signal: AbortSignal.timeout(this.timeoutMs),
        });
      } catch (error) {
        if (error instanceof Error && error.name === 'TimeoutError') {
          throw new PayPalError('timeout', `PayPal did not answer within ${this.timeoutMs} ms`);
        }
        if (isLast) throw new PayPalError('network', `Could not reach PayPal: ${String(error)}`);
        await sleep(this.retryDelayMs);
        continue;
      }
      if (response.status >= 500 && !isLast) {
        await response.body?.cancel();
        await sleep(this.retryDelayMs);
        continue;
      }
      const json: unknown = await response.json().catch(() => null);
      return { ok: response.ok, status: response.status, json };
    }
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
