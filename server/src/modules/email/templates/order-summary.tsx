import { formatMoney, fromCents } from '@contract/money';
import { paymentMethodLabel } from '@contract/order-constants';
import { dayInWords, deliveryLines, sizeAndColour } from '@contract/order-display';
import type { EmailBreakdown, EmailOrder, RenderContext } from './types';

export const money = (cents: number) => formatMoney(fromCents(cents));

/** "December 25, 2026", the same for every reader (UTC): for days already fixed at noon UTC. */
export const longDate = (iso: string) => dayInWords(iso, 'UTC');

/** "#100042" once orders carry a number; the id until then. */
export const orderLabel = (order: EmailOrder) =>
  order.orderNumber ? `#${order.orderNumber.replace(/^#/, '')}` : order.orderId;

const cell = { padding: '6px 0', borderBottom: '1px solid #e4e4e7' } as const;

/**
 * The day it was placed (in words, in the shop's time zone) and how it is paid ("PayPal"), as
 * the order page shows them; nothing for a message queued before orders carried them.
 */
function OrderFacts({ order, ctx }: { order: EmailOrder; ctx: RenderContext }) {
  const facts = [
    order.orderDate && `Order date: ${dayInWords(order.orderDate, ctx.timeZone ?? 'UTC')}`,
    order.paymentMethod && `Payment: ${paymentMethodLabel(order.paymentMethod)}`,
  ].filter(Boolean);
  if (facts.length === 0) return null;
  return (
    <p style={{ margin: '0 0 12px' }}>
      {facts.map((fact, i) => (
        <span key={String(fact)}>
          {i > 0 ? <br /> : null}
          {fact}
        </span>
      ))}
    </p>
  );
}

/** The day and payment, lines, totals and delivery address of an order (the order page's). */
export function OrderSummary({ order, ctx }: { order: EmailOrder; ctx: RenderContext }) {
  const refunded = order.refundedCents ?? 0;
  return (
    <>
      <OrderFacts order={order} ctx={ctx} />
      <table role="presentation" width="100%" cellPadding={0} cellSpacing={0}>
        <tbody>
          {order.lines.map((line, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a static snapshot, never reordered
            <tr key={i}>
              <td style={cell}>
                {line.title}
                {sizeAndColour(line) ? ` (${sizeAndColour(line)})` : ''} × {line.quantity}
              </td>
              <td style={{ ...cell, textAlign: 'right' }}>
                {money(line.unitCents * line.quantity)}
              </td>
            </tr>
          ))}
          {order.breakdown ? <BreakdownRows breakdown={order.breakdown} /> : null}
          <tr>
            <td style={{ padding: '8px 0', fontWeight: 'bold' }}>Total</td>
            <td style={{ padding: '8px 0', fontWeight: 'bold', textAlign: 'right' }}>
              {money(order.totalCents)}
            </td>
          </tr>
          {refunded > 0 ? (
            <tr>
              <td style={{ padding: '4px 0' }}>Refunded</td>
              <td style={{ padding: '4px 0', textAlign: 'right' }}>{money(refunded)}</td>
            </tr>
          ) : null}
        </tbody>
      </table>
      <p style={{ margin: '16px 0 4px', fontWeight: 'bold' }}>Delivery address</p>
      <p style={{ margin: 0 }}>
        {[...deliveryLines(order.address), order.address.phone].filter(Boolean).map((line, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a static snapshot, never reordered
          <span key={i}>
            {i > 0 ? <br /> : null}
            {line}
          </span>
        ))}
      </p>
    </>
  );
}

const row = { padding: '4px 0' } as const;

/** Subtotal, discount, shipping and tax: the figures the checkout showed, to the cent. */
function BreakdownRows({ breakdown: b }: { breakdown: EmailBreakdown }) {
  const rows: [string, string][] = [['Subtotal', money(b.subtotalCents)]];
  if (b.discountCents > 0) {
    rows.push([
      `Discount${b.discountCode ? ` (${b.discountCode})` : ''}`,
      `−${money(b.discountCents)}`,
    ]);
  }
  rows.push([
    `Shipping${b.shippingMethod ? ` (${b.shippingMethod})` : ''}`,
    b.shippingCents > 0 ? money(b.shippingCents) : 'Free',
  ]);
  if (b.taxCents > 0) {
    rows.push([b.pricesIncludeTax ? `Includes ${b.taxName}` : b.taxName, money(b.taxCents)]);
  }
  return (
    <>
      {rows.map(([label, value]) => (
        <tr key={label}>
          <td style={row}>{label}</td>
          <td style={{ ...row, textAlign: 'right' }}>{value}</td>
        </tr>
      ))}
    </>
  );
}
