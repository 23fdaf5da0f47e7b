import { formatMoney, fromCents } from '@contract/money';
import type { EmailBreakdown, EmailOrder, EmailOrderLine } from './types';

export const money = (cents: number) => formatMoney(fromCents(cents));

/** "December 25, 2026", the same for every reader (UTC). */
export const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** "#100042" once orders carry a number; the id until then. */
export const orderLabel = (order: EmailOrder) =>
  order.orderNumber ? `#${order.orderNumber.replace(/^#/, '')}` : order.orderId;

const lineOptions = (line: EmailOrderLine) =>
  [line.size && `Size ${line.size}`, line.color && `Colour ${line.color}`]
    .filter(Boolean)
    .join(', ');

const cell = { padding: '6px 0', borderBottom: '1px solid #e4e4e7' } as const;

/** The lines, totals and delivery address of an order. */
export function OrderSummary({ order }: { order: EmailOrder }) {
  const refunded = order.refundedCents ?? 0;
  return (
    <>
      <table role="presentation" width="100%" cellPadding={0} cellSpacing={0}>
        <tbody>
          {order.lines.map((line, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a static snapshot, never reordered
            <tr key={i}>
              <td style={cell}>
                {line.title}
                {lineOptions(line) ? ` (${lineOptions(line)})` : ''} × {line.quantity}
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
        {order.address.name ? (
          <>
            {order.address.name}
            <br />
          </>
        ) : null}
        {order.address.address}
        <br />
        {[order.address.city, order.address.region, order.address.pincode]
          .filter(Boolean)
          .join(' ')}
        <br />
        {order.address.country ? (
          <>
            {countryName(order.address.country)}
            <br />
          </>
        ) : null}
        {order.address.phone}
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

const countries = new Intl.DisplayNames(['en'], { type: 'region' });

/** "United States" for "US"; the code itself where there is no name for it. */
function countryName(code: string) {
  try {
    return countries.of(code) ?? code;
  } catch {
    return code;
  }
}
