import { toCents } from '@contract/money';
import type { OrderStatus, PaymentStatus } from '@contract/orders';
import { orderItems, orders } from '../../server/src/db/schema';
import type { TestApp } from '../helpers/test-app';

export type OrderItemInput = {
  productId: string;
  quantity?: number;
  /** Unit price paid, in decimals like the API. */
  price?: number;
  title?: string;
  image?: string;
  /** The size bought (a variant's), '' when none. */
  size?: string;
};

export type OrderOverrides = {
  /** null: a guest's order (give guestEmail). */
  userId: string | null;
  items: OrderItemInput[];
  guestEmail?: string;
  recipientName?: string;
  orderDate?: Date;
  paymentStatus?: PaymentStatus;
  orderStatus?: OrderStatus;
};

/** Inserts an order with its lines straight into the test's database (no checkout, no stock). */
export async function makeOrder(t: TestApp, overrides: OrderOverrides) {
  const lines = overrides.items.map((item) => ({
    productId: item.productId,
    quantity: item.quantity ?? 1,
    unitPriceCents: toCents(item.price ?? 10),
    title: item.title ?? 'Ordered product',
    image: item.image ?? '/uploads/test.webp',
    size: item.size ?? '',
  }));
  const paymentStatus = overrides.paymentStatus ?? 'paid';
  const [order] = await t.db
    .insert(orders)
    .values({
      userId: overrides.userId,
      guestEmail: overrides.guestEmail ?? null,
      guestKey: overrides.guestEmail ? `test-guest-key-${crypto.randomUUID()}` : null,
      recipientName: overrides.recipientName ?? '',
      ...(overrides.orderDate ? { orderDate: overrides.orderDate } : {}),
      address: '1 Test Street',
      city: 'Testville',
      pincode: '12345',
      phone: '555-0100',
      notes: '',
      paymentStatus,
      orderStatus: overrides.orderStatus ?? (paymentStatus === 'paid' ? 'confirmed' : 'pending'),
      totalCents: lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0),
    })
    .returning();
  if (lines.length > 0) {
    await t.db.insert(orderItems).values(lines.map((l) => ({ ...l, orderId: order!.id })));
  }
  return order!;
}
