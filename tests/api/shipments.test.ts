import type { Order } from '@contract/orders';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, shipmentLines, shipments } from '../../server/src/db/schema';
import { makePaidOrder, orderRow } from '../factories/checkout';
import { makeOrder } from '../factories/orders';
import { makeProduct } from '../factories/products';
import { makeUser, type TestUser } from '../factories/users';
import { type Simulator, startSimulator } from '../helpers/paypal';
import { startSmtp, type TestSmtp } from '../helpers/smtp';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let sim: Simulator;
let smtp: TestSmtp;
let admin: TestUser;
beforeAll(async () => {
  sim = await startSimulator();
  smtp = await startSmtp();
  t = await createTestApp({ ...sim.env, ...smtp.env });
  admin = await makeUser(t, { role: 'admin' });
});
afterAll(async () => {
  await t.close();
  await sim.close();
  await smtp.close();
});

const ship = (id: string, body: object, cookie: string | null = admin.cookie) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${id}/shipments`,
    headers: cookie ? { cookie } : {},
    payload: body,
  });

/** A paid order of a shirt ×2 and a cap ×1; its lines by title. */
async function paidOrder() {
  const shirt = await makeProduct(t, { title: 'Linen shirt', price: 40, totalStock: 10 });
  const cap = await makeProduct(t, { title: 'Wool cap', price: 15, totalStock: 10 });
  const paid = await makePaidOrder(t, [
    { product: shirt, quantity: 2 },
    { product: cap, quantity: 1 },
  ]);
  const line = (title: string) => paid.order.cartItems.find((i) => i.title === title)!.lineId;
  return { ...paid, shirt: line('Linen shirt'), cap: line('Wool cap') };
}

const shipmentCount = async (orderId: string) =>
  (await t.db.select().from(shipments).where(eq(shipments.orderId, orderId))).length;

describe('shipping an order', () => {
  it('ships part, then the rest: inProcess, then inShipping, each parcel with its tracking link', async () => {
    const { user, orderId, order, shirt, cap } = await paidOrder();
    expect(order.shipments).toEqual([]);

    const first = await ship(orderId, {
      lines: [{ lineId: shirt, quantity: 1 }],
      carrier: 'ups',
      trackingNumber: '1Z 999',
    });
    expect(first.statusCode).toBe(201);
    const partial = first.json().data as Order;
    expect(partial.orderStatus).toBe('inProcess');
    expect(partial.shipments).toEqual([
      {
        _id: expect.any(String),
        carrier: 'ups',
        trackingNumber: '1Z 999',
        trackingUrl: 'https://www.ups.com/track?tracknum=1Z%20999',
        lines: [{ lineId: shirt, quantity: 1 }],
        createdAt: expect.any(String),
        deliveredAt: null,
      },
    ]);

    const rest = await ship(orderId, {
      lines: [
        { lineId: shirt, quantity: 1 },
        { lineId: cap, quantity: 1 },
      ],
      carrier: 'other',
      trackingNumber: 'PK-42',
      trackingUrl: 'https://parcels.example.com/t/PK-42',
    });
    expect(rest.statusCode).toBe(201);
    const shipped = rest.json().data as Order;
    expect(shipped.orderStatus).toBe('inShipping');
    expect(shipped.shipments.map((s) => [s.carrier, s.trackingUrl])).toEqual([
      ['ups', 'https://www.ups.com/track?tracknum=1Z%20999'],
      ['other', 'https://parcels.example.com/t/PK-42'],
    ]);

    // Confirmation, the partial parcel, the complete one: no generic "In Shipping" message.
    const mails = await smtp.waitFor(3, user.email);
    const label = `#${order.orderNumber}`;
    expect(mails.map((m) => m.subject)).toEqual([
      `Order ${label} confirmed · The E-Commerce Store`,
      `Part of your order ${label} has shipped · The E-Commerce Store`,
      `Your order ${label} has shipped · The E-Commerce Store`,
    ]);
    const last = mails[2]!;
    expect(last.text).toContain('Other, tracking number PK-42');
    expect(last.text).toContain('Track this parcel: https://parcels.example.com/t/PK-42');
    expect(last.text).toMatch(/In this parcel[\s\S]*Linen shirt × 1[\s\S]*Wool cap × 1/);
    // The earlier parcel's link travels with the last message too.
    expect(last.text).toContain('UPS, tracking number 1Z 999');
    expect(last.html).toContain('href="https://www.ups.com/track?tracknum=1Z%20999"');
    expect(mails[1]!.text).toMatch(/In this parcel[\s\S]*Linen shirt × 1/);
    expect(mails[1]!.text).not.toContain('Wool cap');
    const templates = await t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.recipient, user.email));
    expect(templates.map((m) => m.template).sort()).toEqual([
      'orderConfirmed',
      'orderShipped',
      'orderShipped',
    ]);
  });

  it('builds each carrier link from its pattern unless an https link is given', async () => {
    const { orderId, shirt, cap } = await paidOrder();
    const res = await ship(orderId, {
      lines: [{ lineId: shirt, quantity: 2 }],
      carrier: 'dhl',
      trackingNumber: 'JD0146',
      trackingUrl: 'https://dhl.example.com/JD0146',
    });
    expect(res.json().data.shipments[0].trackingUrl).toBe('https://dhl.example.com/JD0146');
    const royal = await ship(orderId, {
      lines: [{ lineId: cap, quantity: 1 }],
      carrier: 'royalMail',
      trackingNumber: 'AB123',
    });
    expect(royal.json().data.shipments[1].trackingUrl).toBe(
      'https://www.royalmail.com/track-your-item#/tracking-results/AB123',
    );
  });

  it('refuses to ship more than is left and changes nothing', async () => {
    const { orderId, shirt } = await paidOrder();
    const tooMany = await ship(orderId, {
      lines: [{ lineId: shirt, quantity: 3 }],
      carrier: 'fedex',
      trackingNumber: '7777',
    });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().message).toBe('Only 2 of Linen shirt are left to ship');
    const body = {
      lines: [{ lineId: shirt, quantity: 2 }],
      carrier: 'fedex',
      trackingNumber: '777',
    };
    expect((await ship(orderId, body)).statusCode).toBe(201);
    const again = await ship(orderId, { ...body, lines: [{ lineId: shirt, quantity: 1 }] });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      'Nothing of Linen shirt is left to ship (shipped or withdrawn)',
    );
    expect(await shipmentCount(orderId)).toBe(1);
    expect((await orderRow(t, orderId)).orderStatus).toBe('inProcess');
  });

  it('two admins shipping the same lines at once ship them once', async () => {
    const { orderId, shirt, cap } = await paidOrder();
    const other = await makeUser(t, { role: 'admin' });
    const body = (n: string) => ({
      lines: [
        { lineId: shirt, quantity: 2 },
        { lineId: cap, quantity: 1 },
      ],
      carrier: 'dpd',
      trackingNumber: n,
    });
    const results = await Promise.all([
      ship(orderId, body('RACE-1')),
      ship(orderId, body('RACE-2'), other.cookie),
      ship(orderId, body('RACE-3')),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    const rows = await t.db
      .select({ quantity: shipmentLines.quantity })
      .from(shipmentLines)
      .innerJoin(shipments, eq(shipments.id, shipmentLines.shipmentId))
      .where(eq(shipments.orderId, orderId));
    expect(rows.reduce((sum, r) => sum + r.quantity, 0)).toBe(3);
    expect((await orderRow(t, orderId)).orderStatus).toBe('inShipping');
  });

  it('refuses an unpaid, a cancelled or a rejected order', async () => {
    const product = await makeProduct(t, { totalStock: 5 });
    const shopper = await makeUser(t);
    for (const [paymentStatus, orderStatus, message] of [
      ['pending', 'pending', 'Only a paid order can be shipped'],
      ['cancelled', 'cancelled', 'This order was cancelled and cannot be shipped'],
      ['paid', 'rejected', 'This order was rejected and cannot be shipped'],
      ['refunded', 'confirmed', 'This order was refunded in full and cannot be shipped'],
    ] as const) {
      const row = await makeOrder(t, {
        userId: shopper.id,
        items: [{ productId: product._id }],
        paymentStatus,
        orderStatus,
      });
      const [line] = (
        await t.app.inject({
          method: 'GET',
          url: `/api/admin/orders/details/${row.id}`,
          headers: { cookie: admin.cookie },
        })
      ).json().data.cartItems as Order['cartItems'];
      const res = await ship(row.id, {
        lines: [{ lineId: line!.lineId, quantity: 1 }],
        carrier: 'usps',
        trackingNumber: '9400',
      });
      expect([res.statusCode, res.json().message]).toEqual([409, message]);
      expect(await shipmentCount(row.id)).toBe(0);
      expect((await orderRow(t, row.id)).orderStatus).toBe(orderStatus);
    }
  });

  it('answers 404 for an unknown order', async () => {
    const body = {
      lines: [{ lineId: crypto.randomUUID(), quantity: 1 }],
      carrier: 'ups',
      trackingNumber: '1Z1',
    };
    expect((await ship(crypto.randomUUID(), body)).statusCode).toBe(404);
    expect((await ship('not-an-id', body)).statusCode).toBe(404);
  });
});

describe('who may ship, and what', () => {
  it('needs an admin, checked before the body', async () => {
    const { orderId, user, shirt } = await paidOrder();
    const good = { lines: [{ lineId: shirt, quantity: 1 }], carrier: 'ups', trackingNumber: '1Z1' };
    expect((await ship(orderId, good, null)).statusCode).toBe(401);
    expect((await ship(orderId, { nonsense: true }, null)).statusCode).toBe(401);
    expect((await ship(orderId, good, user.cookie)).statusCode).toBe(403);
    expect((await ship(orderId, { nonsense: true }, user.cookie)).statusCode).toBe(403);
    expect(await shipmentCount(orderId)).toBe(0);
  });

  it('refuses bad bodies with 400 and a message, and changes nothing', async () => {
    const { orderId, shirt } = await paidOrder();
    const unknownLine = crypto.randomUUID();
    const base = { lines: [{ lineId: shirt, quantity: 1 }], carrier: 'ups', trackingNumber: '1Z1' };
    const cases: [object, string | RegExp][] = [
      [
        { ...base, lines: [{ lineId: unknownLine, quantity: 1 }] },
        `lines: line ${unknownLine} is not in this order`,
      ],
      [{ ...base, carrier: 'other' }, 'trackingUrl is required when the carrier is "other"'],
      [{ ...base, trackingUrl: 'http://track.example.com/1' }, /^trackingUrl must be an https/],
      [{ ...base, trackingUrl: 'javascript:alert(1)' }, /^trackingUrl must be an https/],
      [{ ...base, carrier: 'pigeon' }, /^carrier must be one of ups, usps/],
      [{ ...base, lines: [] }, 'lines must name at least one line'],
      [{ ...base, lines: [{ lineId: shirt, quantity: 0 }] }, 'lines.0.quantity must be at least 1'],
      [
        { ...base, lines: [{ lineId: shirt, quantity: 1.5 }] },
        /^lines\.0\.quantity must be a whole/,
      ],
      [
        { ...base, lines: [{ lineId: 'x', quantity: 1 }] },
        'lines.0.lineId must be a valid line id',
      ],
      [
        { ...base, lines: [base.lines[0], { lineId: shirt, quantity: 1 }] },
        `lines names line ${shirt} twice`,
      ],
      [{ ...base, trackingNumber: '<b>' }, /^trackingNumber must be/],
      [{ ...base, trackingNumber: 'x'.repeat(41) }, 'trackingNumber must be at most 40 characters'],
      [{ ...base, orderStatus: 'delivered' }, /orderStatus/],
    ];
    for (const [body, message] of cases) {
      const res = await ship(orderId, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect(await shipmentCount(orderId)).toBe(0);
    expect((await orderRow(t, orderId)).orderStatus).toBe('confirmed');
  });
});
