import type { Product } from '@contract/catalog';
import type { Order } from '@contract/orders';
import { eq } from 'drizzle-orm';
import { orderPayments, orders, products } from '../../server/src/db/schema';
import { visitPayPal } from '../helpers/paypal';
import type { TestApp } from '../helpers/test-app';
import { makeUser, type TestUser } from './users';

export type Line = { product: Product; quantity?: number; variantId?: string };

// The five fields of SPEC §3: the region is the ZIP's state (Illinois, which no test taxes).
const address = {
  address: '1 Checkout Lane',
  city: 'Springfield',
  pincode: '62701',
  phone: '+1 555 0100',
  notes: 'Back door',
};

/** A shopper with these lines in the cart and one saved address, through the API. */
export async function makeShopperReady(t: TestApp, lines: Line[]) {
  const user = await makeUser(t);
  for (const line of lines) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/shop/cart/add',
      headers: { cookie: user.cookie },
      payload: {
        userId: user.id,
        productId: line.product._id,
        quantity: line.quantity ?? 1,
        ...(line.variantId ? { variantId: line.variantId } : {}),
      },
    });
    if (res.statusCode !== 200) throw new Error(`cart add failed: ${res.body}`);
  }
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/shop/address/add',
    headers: { cookie: user.cookie },
    payload: { userId: user.id, ...address },
  });
  if (res.statusCode !== 201) throw new Error(`address add failed: ${res.body}`);
  return { user, addressId: res.json().data._id as string };
}

export function createOrder(t: TestApp, user: TestUser, addressId: string, extra: object = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/shop/order/create',
    headers: { cookie: user.cookie },
    payload: { userId: user.id, addressInfo: { addressId }, ...extra },
  });
}

export function orderCall(
  t: TestApp,
  user: TestUser,
  action: 'capture' | 'cancel',
  payload: { orderId: string; paymentId?: string; payerId?: string },
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/shop/order/${action}`,
    headers: { cookie: user.cookie },
    payload,
  });
}

/** The product's stock, read from the database. */
export const stockOf = async (t: TestApp, id: string) =>
  (await t.db.select({ s: products.totalStock }).from(products).where(eq(products.id, id)))[0]!.s;

/** The order's row, read from the database. */
export const orderRow = async (t: TestApp, id: string) =>
  (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;

/** The order's provider payment row, read from the database. */
export const paymentRow = async (t: TestApp, orderId: string) =>
  (await t.db.select().from(orderPayments).where(eq(orderPayments.orderId, orderId)))[0]!;

/** The shopper's cart lines, through the API. */
export const cartOf = async (t: TestApp, user: { id: string; cookie: string }) =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/shop/cart/get/${user.id}`,
      headers: { cookie: user.cookie },
    })
  ).json().data.items;

/** A shopper who checked out these lines and paid through the simulator; the paid order. */
export async function makePaidOrder(t: TestApp, lines: Line[]) {
  const { user, addressId } = await makeShopperReady(t, lines);
  const created = await createOrder(t, user, addressId);
  if (created.statusCode !== 201) throw new Error(`order create failed: ${created.body}`);
  const { approvalURL, orderId } = created.json() as { approvalURL: string; orderId: string };
  const { token } = await visitPayPal(approvalURL);
  const captured = await orderCall(t, user, 'capture', { orderId, paymentId: token });
  if (captured.statusCode !== 200) throw new Error(`capture failed: ${captured.body}`);
  return { user, orderId, order: captured.json().data as Order };
}
