import { randomBytes } from 'node:crypto';
import type { Order } from '@contract/orders';
import type { InjectOptions } from 'fastify';
import { visitPayPal } from '../helpers/paypal';
import type { TestApp } from '../helpers/test-app';
import type { Line } from './checkout';

/** The guest shop's settings: GUEST_CHECKOUT needs the public storefront. */
export const GUEST_ENV = { PUBLIC_STOREFRONT: 'true', GUEST_CHECKOUT: 'true' };

export const guestAddress = {
  name: 'Vera Visitor',
  address: '7 Visitor Road',
  city: 'Sacramento',
  pincode: '95814',
  phone: '+1 555 0199',
  notes: '',
  country: 'US',
  region: 'CA',
};

let counter = 0;
export const guestEmail = () => {
  counter += 1;
  return `guest${counter}-${randomBytes(4).toString('hex')}@example.com`;
};

export type Guest = ReturnType<typeof makeGuest>;

/**
 * A visitor's browser: it keeps the `guest` cookie the shop sets and sends it back, as a
 * browser would (with the shop's Origin on writes once it has one, test-app.ts).
 */
export function makeGuest(t: TestApp) {
  let cookie = '';
  const call = async (opts: InjectOptions) => {
    const res = await t.app.inject({
      ...opts,
      headers: { ...(cookie ? { cookie } : {}), ...opts.headers },
    });
    const set = res.cookies.find((c) => c.name === 'guest');
    if (set) cookie = `guest=${set.value}`;
    return res;
  };
  return {
    call,
    get cookie() {
      return cookie;
    },
    add: (line: Line) =>
      call({
        method: 'POST',
        url: '/api/shop/cart/add',
        payload: {
          userId: 'guest',
          productId: line.product._id,
          quantity: line.quantity ?? 1,
          ...(line.variantId ? { variantId: line.variantId } : {}),
        },
      }),
    cart: async () =>
      (await call({ method: 'GET', url: '/api/shop/cart/get/guest' })).json().data as {
        _id: string | null;
        items: { productId: string; quantity: number }[];
      },
    quote: (payload: object = {}) =>
      call({
        method: 'POST',
        url: '/api/shop/checkout/quote',
        payload: { userId: 'guest', ...payload },
      }),
    create: (email: string, extra: object = {}) =>
      call({
        method: 'POST',
        url: '/api/shop/order/create',
        payload: { userId: 'guest', email, addressInfo: guestAddress, ...extra },
      }),
    capture: (payload: { orderId?: string; paymentId?: string }) =>
      call({ method: 'POST', url: '/api/shop/order/capture', payload }),
  };
}

/** A guest who put these lines in its cart, checked out with `email` and paid at the simulator. */
export async function makeGuestPaidOrder(
  t: TestApp,
  lines: Line[],
  email = guestEmail(),
  extra: object = {},
) {
  const guest = makeGuest(t);
  for (const line of lines) {
    const res = await guest.add(line);
    if (res.statusCode !== 200) throw new Error(`guest cart add failed: ${res.body}`);
  }
  const created = await guest.create(email, extra);
  if (created.statusCode !== 201) throw new Error(`guest order create failed: ${created.body}`);
  const { approvalURL, orderId } = created.json() as { approvalURL: string; orderId: string };
  const { token } = await visitPayPal(approvalURL);
  const captured = await guest.capture({ paymentId: token });
  if (captured.statusCode !== 200) throw new Error(`guest capture failed: ${captured.body}`);
  const { data, statusToken } = captured.json() as { data: Order; statusToken: string };
  return { guest, email, orderId, order: data, statusToken };
}
