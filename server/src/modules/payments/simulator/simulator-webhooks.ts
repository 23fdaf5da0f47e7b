import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { paypalId } from './simulator-ids';

// Webhooks as PayPal sends them: a JSON event and the paypal-transmission-* headers. PayPal
// signs with its certificate (SHA256withRSA); the simulator signs with an HMAC of the same
// fields (transmission id|time|webhook id|crc32 of the body) under a secret derived from its
// client secret (so every instance of the shop verifies what any other signed), and answers
// verify-webhook-signature the same way, so the shop's code path is PayPal's.

export const SIMULATOR_AUTH_ALGO = 'HMACSHA256';

export type WebhookTarget = { url: string; id: string };
export type WebhookDelivery = { url: string; body: string; headers: Record<string, string> };
export type Deliver = (delivery: WebhookDelivery) => Promise<void>;

export type SignedFields = {
  authAlgo: string;
  transmissionId: string;
  transmissionTime: string;
  transmissionSig: string;
  webhookId: string;
  body: string;
};

export class WebhookSigner {
  constructor(private readonly secret: Buffer) {}

  private signature(id: string, time: string, webhookId: string, body: string) {
    const message = `${id}|${time}|${webhookId}|${crc32(body)}`;
    return createHmac('sha256', this.secret).update(message).digest('base64');
  }

  /** The headers PayPal sends with a delivery of `body` to the webhook `webhookId`. */
  headers(body: string, webhookId: string, base: string): Record<string, string> {
    const id = randomUUID();
    const time = new Date().toISOString();
    return {
      'content-type': 'application/json',
      'paypal-transmission-id': id,
      'paypal-transmission-time': time,
      'paypal-transmission-sig': this.signature(id, time, webhookId, body),
      'paypal-cert-url': `${base}/v1/notifications/certs/CERT-SIMULATOR`,
      'paypal-auth-algo': SIMULATOR_AUTH_ALGO,
    };
  }

  verify(f: SignedFields) {
    if (f.authAlgo !== SIMULATOR_AUTH_ALGO) return false;
    const expected = Buffer.from(
      this.signature(f.transmissionId, f.transmissionTime, f.webhookId, f.body),
    );
    const given = Buffer.from(f.transmissionSig);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}

/** A webhook event in PayPal's envelope. */
export function webhookEvent(eventType: string, resource: object, base: string) {
  const id = `WH-${paypalId(17)}`;
  const isCapture = eventType.startsWith('PAYMENT.CAPTURE.');
  return {
    id,
    event_version: '1.0',
    create_time: new Date().toISOString(),
    resource_type:
      eventType === 'PAYMENT.CAPTURE.REFUNDED' || eventType === 'PAYMENT.CAPTURE.REVERSED'
        ? 'refund'
        : eventType.startsWith('CUSTOMER.DISPUTE.')
          ? 'dispute'
          : isCapture
            ? 'capture'
            : 'checkout-order',
    resource_version: '2.0',
    event_type: eventType,
    summary: `Simulated ${eventType}`,
    resource,
    links: [{ href: `${base}/v1/notifications/webhooks-events/${id}`, rel: 'self', method: 'GET' }],
  };
}

/** Delivers over HTTP, as PayPal does; a failure is only logged by PayPal (it retries later). */
export const deliverOverHttp: Deliver = async ({ url, body, headers }) => {
  const res = await fetch(url, {
    method: 'POST',
    headers,
    body,
    signal: AbortSignal.timeout(10_000),
  });
  await res.body?.cancel();
};
