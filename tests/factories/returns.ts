import type { Order } from '@contract/orders';
import { leftToShip } from '@contract/shipments';
import { and, desc, eq, sql } from 'drizzle-orm';
import { emailOutbox, orders, returns } from '../../server/src/db/schema';
import { renderEmail } from '../../server/src/modules/email/render';
import type { TemplateName } from '../../server/src/modules/email/templates/types';
import { toApiOrder } from '../../server/src/modules/orders';
import { visitPayPal } from '../helpers/paypal';
import type { TestApp } from '../helpers/test-app';
import { createOrder, type Line, makeShopperReady, orderCall } from './checkout';
import type { TestUser } from './users';

/** A shopper's order paid through the simulator, delivered to California (taxed). */
export function makeOrderInCalifornia(
  t: TestApp,
  lines: Line[],
  extra: { discountCode?: string } = {},
) {
  return makeOrderInState(t, 'CA', lines, extra);
}

/**
 * A shopper's order paid through the simulator, sent to a US state (the demo pricing taxes
 * California's goods, New York's goods and shipping), by the cheapest method unless named.
 */
export async function makeOrderInState(
  t: TestApp,
  region: string,
  lines: Line[],
  extra: { discountCode?: string; shippingMethodId?: string } = {},
) {
  const { user } = await makeShopperReady(t, lines);
  const address = await t.app.inject({
    method: 'POST',
    url: '/api/shop/address/add',
    headers: { cookie: user.cookie },
    payload: {
      userId: user.id,
      address: '1 Main St',
      ...(region === 'NY'
        ? { city: 'Albany', pincode: '12207' }
        : { city: 'Sacramento', pincode: '95814' }),
      phone: '555 0100',
      notes: '-',
      country: 'US',
      region,
    },
  });
  if (address.statusCode !== 201) throw new Error(`address add failed: ${address.body}`);
  const created = await createOrder(t, user, address.json().data._id, extra);
  if (created.statusCode !== 201) throw new Error(`order create failed: ${created.body}`);
  const { approvalURL, orderId } = created.json() as { approvalURL: string; orderId: string };
  const { token } = await visitPayPal(approvalURL);
  const paid = await orderCall(t, user, 'capture', { orderId, paymentId: token });
  if (paid.statusCode !== 200) throw new Error(`capture failed: ${paid.body}`);
  return { user, orderId, order: paid.json().data as Order };
}

/** Ships what is left of the order in one parcel (none when nothing is left). */
export async function shipRest(t: TestApp, admin: TestUser, orderId: string) {
  const order = toApiOrder((await t.app.services.orders.find(orderId))!);
  const lines = [...leftToShip(order)]
    .filter(([, quantity]) => quantity > 0)
    .map(([lineId, quantity]) => ({ lineId, quantity }));
  if (lines.length === 0) return;
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderId}/shipments`,
    headers: { cookie: admin.cookie },
    payload: { lines, carrier: 'dhl', trackingNumber: 'JJD000390007' },
  });
  if (res.statusCode !== 201) throw new Error(`ship failed: ${res.body}`);
}

/**
 * The admin ships what is left and marks the order delivered (an order is delivered when its
 * parcels are); `daysAgo` then moves the delivery into the past.
 */
export async function deliver(t: TestApp, admin: TestUser, orderId: string, daysAgo = 0) {
  await shipRest(t, admin, orderId);
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/admin/orders/update/${orderId}`,
    headers: { cookie: admin.cookie },
    payload: { orderStatus: 'delivered' },
  });
  if (res.statusCode !== 200) throw new Error(`deliver failed: ${res.body}`);
  if (daysAgo > 0) await deliveredDaysAgo(t, orderId, daysAgo);
}

export async function deliveredDaysAgo(t: TestApp, orderId: string, days: number) {
  await t.db
    .update(orders)
    .set({ deliveredAt: sql`now() - make_interval(secs => ${days * 86_400})` })
    .where(eq(orders.id, orderId));
}

/** An admin's step on a return. */
export const returnStep = (
  t: TestApp,
  who: { cookie: string } | undefined,
  id: string,
  step: 'approve' | 'refuse' | 'receive' | 'refund' | 'exception',
  payload?: object,
) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/returns/${id}/${step}`,
    headers: who ? { cookie: who.cookie } : {},
    ...(payload ? { payload } : {}),
  });

export const askReturn = (t: TestApp, user: TestUser | undefined, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/shop/returns',
    headers: user ? { cookie: user.cookie } : {},
    payload,
  });

export const returnCount = async (t: TestApp, orderId?: string) =>
  (
    await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(returns)
      .where(orderId ? eq(returns.orderId, orderId) : undefined)
  )[0]!.n;

/** The messages queued to `to` with this template, newest first, rendered as text. */
export async function mailsTo(t: TestApp, to: string, template: TemplateName) {
  const rows = await t.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.recipient, to), eq(emailOutbox.template, template)))
    .orderBy(desc(emailOutbox.createdAt));
  const ctx = { shopName: 'Shop', publicUrl: 'http://localhost' };
  // biome-ignore lint/suspicious/noExplicitAny: the outbox keeps each template's data as JSON
  return rows.map((r) => renderEmail(template, r.data as any, ctx));
}
