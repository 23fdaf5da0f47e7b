import type { Order } from '@contract/orders';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  DisputeBadge,
  PaymentFlags,
  ShippingHold,
} from '../../web/src/features/admin-orders/components/payment-flags';
import { authQueryKey } from '../../web/src/lib/auth';

// What the admin's order dialog and list say of PayPal's chargebacks, disputes and amounts that
// did not match, and who is offered "Ship anyway" (the server lets only orders.refund do it).

const paid = {
  _id: 'order-1',
  paymentStatus: 'paid',
  reversedAmount: 0,
  dispute: { status: 'none', id: '', outcome: '' },
  shipOverride: null,
  amountMismatch: null,
} as unknown as Order;
const order = (overrides: Partial<Order>) => ({ ...paid, ...overrides }) as Order;

function render(element: ReactElement, user?: { role: string; permissions: string[] }) {
  const client = new QueryClient();
  client.setQueryData(authQueryKey, { success: Boolean(user), user: user ?? null });
  return renderToString(createElement(QueryClientProvider, { client }, element));
}
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"');

describe('the order list badge', () => {
  it('says Chargeback once money was taken back, Disputed while a dispute is open', () => {
    expect(
      text(render(createElement(DisputeBadge, { order: order({ reversedAmount: 12 }) }))),
    ).toContain('Chargeback');
    const disputed = order({ dispute: { status: 'open', id: 'PP-D-1', outcome: '' } });
    expect(text(render(createElement(DisputeBadge, { order: disputed })))).toContain('Disputed');
    const resolved = order({ dispute: { status: 'resolved', id: 'PP-D-1', outcome: 'DENIED' } });
    expect(render(createElement(DisputeBadge, { order: resolved }))).toBe('');
    expect(render(createElement(DisputeBadge, { order: paid }))).toBe('');
  });
});

describe('the payment alerts', () => {
  it('show the chargeback amount, the dispute and its outcome, and a mismatched amount', () => {
    const flagged = order({
      reversedAmount: 45.5,
      dispute: { status: 'open', id: 'PP-D-12345', outcome: '' },
      amountMismatch: {
        kind: 'refund',
        expected: 'USD 10.00',
        seen: 'EUR 10.00',
        at: '2026-12-02T07:00:00.000Z',
      },
    });
    const html = text(render(createElement(PaymentFlags, { order: flagged })));
    expect(html).toContain('Chargeback $45.50');
    expect(html).toContain('Disputed');
    expect(html).toContain('PP-D-12345');
    expect(html).toContain('Amount mismatch');
    expect(html).toContain(
      'PayPal reported EUR 10.00 for a refund where the order expected USD 10.00',
    );
    expect(html).toContain('not counted as money returned');

    const resolved = order({
      dispute: { status: 'resolved', id: 'PP-D-9', outcome: 'RESOLVED_SELLER_FAVOUR' },
    });
    expect(text(render(createElement(PaymentFlags, { order: resolved })))).toContain(
      "closed the buyer's dispute in the shop's favour",
    );
    expect(render(createElement(PaymentFlags, { order: paid }))).toBe('');
  });
});

describe('the shipping hold', () => {
  const held = order({ dispute: { status: 'open', id: 'PP-D-1', outcome: '' } });

  it('offers "Ship anyway" to an admin and to staff with orders.refund only', () => {
    const asAdmin = render(createElement(ShippingHold, { order: held }), {
      role: 'admin',
      permissions: [],
    });
    expect(text(asAdmin)).toContain('Shipping on hold.');
    expect(text(asAdmin)).toContain('opened a dispute at PayPal');
    expect(asAdmin).toMatch(/<button[^>]*>Ship anyway<\/button>/);
    const refunder = { role: 'staff', permissions: ['orders.refund'] };
    expect(render(createElement(ShippingHold, { order: held }), refunder)).toMatch(
      /<button[^>]*>Ship anyway<\/button>/,
    );
    const packer = { role: 'staff', permissions: ['orders.update'] };
    const packed = render(createElement(ShippingHold, { order: held }), packer);
    expect(packed).toContain('Shipping on hold.');
    expect(packed).not.toContain('<button');
  });

  it('says when shipping was allowed anyway, and nothing for an order nothing holds', () => {
    const allowed = order({ ...held, shipOverride: { at: '2026-12-02T07:30:00.000Z' } });
    const html = render(createElement(ShippingHold, { order: allowed }), {
      role: 'admin',
      permissions: [],
    });
    expect(html).toContain('Shipping allowed anyway on');
    expect(html).not.toContain('<button');
    expect(render(createElement(ShippingHold, { order: paid }))).toBe('');
  });
});
