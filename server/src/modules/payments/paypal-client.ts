import { z } from 'zod';
import {
  orderSchema,
  PayPalError,
  type PayPalOrder,
  refundSchema,
  toError,
  tokenSchema,
} from './paypal-shapes';

export {
  approvalLink,
  captureOf,
  PayPalError,
  type PayPalErrorKind,
  type PayPalOrder,
} from './paypal-shapes';

// A client of PayPal's Orders v2 REST API. It speaks to PayPal (sandbox or live) or to the
// built-in simulator alike: only the base URL differs.

export type Money = { currency_code: string; value: string };
export type CreateOrderInput = {
  referenceId: string;
  /** The shop's order number: PayPal shows it to the payer and refuses a duplicate. */
  invoiceId?: string;
  amount: Money;
  /** amount = itemTotal + shipping + taxTotal - discount (PayPal refuses a mismatch). */
  breakdown?: { itemTotal: Money; shipping: Money; taxTotal: Money; discount: Money };
  items: Array<{ name: string; quantity: number; unitAmount: Money }>;
  returnUrl: string;
  cancelUrl: string;
  brandName: string;
};

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
};

/** The headers PayPal signs a webhook delivery with, and the event exactly as received. */
export type WebhookSignature = {
  authAlgo: string;
  certUrl: string;
  transmissionId: string;
  transmissionSig: string;
  transmissionTime: string;
  webhookId: string;
  rawEvent: string;
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
    const body = {
      intent: 'CAPTURE',
      purchase_units: [
        {
          reference_id: input.referenceId,
          custom_id: input.referenceId,
          ...(input.invoiceId ? { invoice_id: input.invoiceId } : {}),
          amount: {
            ...input.amount,
            breakdown: input.breakdown
              ? {
                  item_total: input.breakdown.itemTotal,
                  shipping: input.breakdown.shipping,
                  tax_total: input.breakdown.taxTotal,
                  discount: input.breakdown.discount,
                }
              : { item_total: input.amount },
          },
          items: input.items.map((item) => ({
            name: item.name.slice(0, 127),
            quantity: String(item.quantity),
            unit_amount: item.unitAmount,
            category: 'PHYSICAL_GOODS',
          })),
        },
      ],
      application_context: {
        brand_name: input.brandName.slice(0, 127),
        return_url: input.returnUrl,
        cancel_url: input.cancelUrl,
        user_action: 'PAY_NOW',
        shipping_preference: 'NO_SHIPPING',
      },
    };
    const json = await this.call({ method: 'POST', path: '/v2/checkout/orders', body, requestId });
    return orderSchema.parse(json);
  }

  /** Captures an approved order. The same requestId makes a repeat a replay, not a charge. */
  async captureOrder(id: string, requestId: string): Promise<PayPalOrder> {
    const path = `/v2/checkout/orders/${encodeURIComponent(id)}/capture`;
    return orderSchema.parse(await this.call({ method: 'POST', path, body: {}, requestId }));
  }

  async getOrder(id: string): Promise<PayPalOrder> {
    const path = `/v2/checkout/orders/${encodeURIComponent(id)}`;
    return orderSchema.parse(await this.call({ method: 'GET', path }));
  }

  /**
   * Refunds all (no amount) or part of a capture. The same requestId makes a repeat a replay,
   * not a second refund.
   */
  async refundCapture(
    captureId: string,
    input: { amount?: Money; note?: string },
    requestId: string,
  ): Promise<{ id: string; status: string }> {
    const path = `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`;
    const body = {
      ...(input.amount ? { amount: input.amount } : {}),
      ...(input.note ? { note_to_payer: input.note.slice(0, 255) } : {}),
    };
    return refundSchema.parse(await this.call({ method: 'POST', path, body, requestId }));
  }

  /** PayPal's verdict on a webhook delivery: true only for verification_status SUCCESS. */
  async verifyWebhookSignature(input: WebhookSignature): Promise<boolean> {
    const fields = {
      auth_algo: input.authAlgo,
      cert_url: input.certUrl,
      transmission_id: input.transmissionId,
      transmission_sig: input.transmissionSig,
      transmission_time: input.transmissionTime,
      webhook_id: input.webhookId,
    };
    // The event goes back exactly as it came: re-serialising it could change the signed bytes.
    const rawJson = `${JSON.stringify(fields).slice(0, -1)},"webhook_event":${input.rawEvent}}`;
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
