import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PayPalClient, PayPalError } from '../../server/src/modules/payments/paypal-client';
import { SIM_CREDENTIALS, type Simulator, startSimulator, visitPayPal } from '../helpers/paypal';

let sim: Simulator;
beforeAll(async () => {
  sim = await startSimulator();
});
afterAll(async () => sim.close());

const client = (options: { clientSecret?: string; timeoutMs?: number; baseUrl?: string } = {}) =>
  new PayPalClient({
    baseUrl: options.baseUrl ?? sim.url,
    clientId: SIM_CREDENTIALS.clientId,
    clientSecret: options.clientSecret ?? SIM_CREDENTIALS.clientSecret,
    timeoutMs: options.timeoutMs ?? 2000,
    retryDelayMs: 10,
  });

const usd = (value: string) => ({ currency_code: 'USD', value });
const orderInput = (value = '10.00') => ({
  referenceId: 'ref-1',
  amount: usd(value),
  items: [{ name: 'Shirt', quantity: 1, unitAmount: usd(value) }],
  returnUrl: 'http://shop.test/shop/paypal-return',
  cancelUrl: 'http://shop.test/shop/paypal-cancel',
  brandName: 'Test shop',
  shipping: {
    fullName: 'Ada Lovelace',
    addressLine1: '1 Checkout Lane',
    adminArea2: 'Springfield',
    adminArea1: 'IL',
    postalCode: '62701',
    countryCode: 'US',
  },
});

async function caught(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error as PayPalError;
  }
  throw new Error('expected a failure');
}

describe('PayPal client against the simulator', () => {
  it('creates an order with an approve link, and caches the OAuth token', async () => {
    const paypal = client();
    const before = sim.state.calls.token;
    const a = await paypal.createOrder(orderInput(), 'req-a');
    const b = await paypal.createOrder(orderInput(), 'req-b');
    expect(a.status).toBe('CREATED');
    expect(a.links.find((l) => l.rel === 'approve')?.href).toBe(
      `${sim.url}/checkoutnow?token=${a.id}`,
    );
    expect(b.id).not.toBe(a.id);
    expect(sim.state.calls.token - before).toBe(1);
  });

  it('sends the shipping name and address with SET_PROVIDED_ADDRESS (Seller Protection)', async () => {
    const sent: unknown[] = [];
    const paypal = client();
    paypal.setTransport(async (input, init) => {
      if (String(input).endsWith('/v2/checkout/orders')) sent.push(JSON.parse(String(init?.body)));
      return fetch(input, init);
    });
    const order = await paypal.createOrder(orderInput(), 'ship-1');
    expect(sent[0]).toMatchObject({
      payment_source: {
        paypal: { experience_context: { shipping_preference: 'SET_PROVIDED_ADDRESS' } },
      },
      purchase_units: [
        {
          shipping: {
            name: { full_name: 'Ada Lovelace' },
            address: {
              address_line_1: '1 Checkout Lane',
              admin_area_2: 'Springfield',
              admin_area_1: 'IL',
              postal_code: '62701',
              country_code: 'US',
            },
          },
        },
      ],
    });
    // The simulator keeps what it received and shows it back, as PayPal does.
    expect(sim.state.orders.get(order.id)?.shipping?.address.country_code).toBe('US');
  });

  it('refuses an address without a country code with 422, as PayPal does', async () => {
    const input = orderInput();
    const error = await caught(
      client().createOrder(
        { ...input, shipping: { ...input.shipping, countryCode: '' } },
        'ship-2',
      ),
    );
    expect(error).toMatchObject({ kind: 'unprocessable', status: 422 });
    expect(error.issue).toBe('MISSING_SHIPPING_ADDRESS_COUNTRY_CODE');
  });

  it('fetches a new token when the cached one expires', async () => {
    const shortLived = await startSimulator({ tokenTtlSeconds: 1 });
    try {
      const paypal = client({ baseUrl: shortLived.url });
      await paypal.createOrder(orderInput(), 'ttl-1');
      await new Promise((r) => setTimeout(r, 700));
      await paypal.createOrder(orderInput(), 'ttl-2');
      expect(shortLived.state.calls.token).toBe(2);
    } finally {
      await shortLived.close();
    }
  });

  it('replays a create with the same PayPal-Request-Id instead of making a second order', async () => {
    const paypal = client();
    const first = await paypal.createOrder(orderInput(), 'same-request');
    const again = await paypal.createOrder(orderInput(), 'same-request');
    expect(again.id).toBe(first.id);
  });

  it('reports a 401 on the token as an authentication failure', async () => {
    const error = await caught(client({ clientSecret: 'wrong' }).createOrder(orderInput(), 'x'));
    expect(error).toBeInstanceOf(PayPalError);
    expect(error).toMatchObject({ kind: 'auth', status: 401 });
  });

  it('reports 422 UNPROCESSABLE_ENTITY with PayPal’s issue', async () => {
    const paypal = client();
    const order = await paypal.createOrder(orderInput(), 'not-approved');
    const error = await caught(paypal.captureOrder(order.id, 'cap-not-approved'));
    expect(error).toMatchObject({
      kind: 'unprocessable',
      status: 422,
      issue: 'ORDER_NOT_APPROVED',
    });
    const mismatch = await caught(
      paypal.createOrder({ ...orderInput('10.00'), amount: usd('12.00') }, 'mismatch'),
    );
    expect(mismatch).toMatchObject({ status: 422 });
  });

  it('retries a 5xx once and succeeds', async () => {
    const paypal = client();
    await paypal.createOrder(orderInput(), 'warm-up');
    sim.state.inject({ on: 'create', status: 503 });
    const before = sim.state.calls.create;
    const order = await paypal.createOrder(orderInput(), 'after-503');
    expect(order.status).toBe('CREATED');
    expect(sim.state.calls.create - before).toBe(2);
  });

  it('gives up after a second 5xx', async () => {
    const paypal = client();
    sim.state.inject({ on: 'any', status: 500, times: 2 });
    const error = await caught(paypal.createOrder(orderInput(), 'two-500s'));
    expect(error).toMatchObject({ kind: 'unavailable', status: 500 });
  });

  it('times out a call that takes too long, without retrying it', async () => {
    const paypal = client({ timeoutMs: 200 });
    await paypal.createOrder(orderInput(), 'warm');
    sim.state.inject({ on: 'create', delayMs: 600 });
    const before = sim.state.calls.create;
    const error = await caught(paypal.createOrder(orderInput(), 'slow'));
    expect(error).toMatchObject({ kind: 'timeout' });
    expect(sim.state.calls.create - before).toBe(1);
  });

  it('captures an approved order once, however often it is asked with the same request id', async () => {
    const paypal = client();
    const order = await paypal.createOrder(orderInput('42.50'), 'cap-create');
    const approved = await visitPayPal(order.links.find((l) => l.rel === 'approve')!.href);
    expect(approved.payerId).toMatch(/^[A-Z0-9]{13}$/);
    expect((await paypal.getOrder(order.id)).status).toBe('APPROVED');
    const before = sim.state.captures;
    const first = await paypal.captureOrder(order.id, 'cap-1');
    const second = await paypal.captureOrder(order.id, 'cap-1');
    expect(first.status).toBe('COMPLETED');
    expect(second).toEqual(first);
    expect(first.payer?.payer_id).toBe(approved.payerId);
    expect(first.purchase_units[0]?.payments?.captures[0]?.status).toBe('COMPLETED');
    expect(sim.state.captures - before).toBe(1);
    const other = await caught(paypal.captureOrder(order.id, 'cap-2'));
    expect(other).toMatchObject({ issue: 'ORDER_ALREADY_CAPTURED' });
  });
});
