import { maxOrderTotalCents, overMaximumMessage, pricesChangedMessage } from '@contract/limits';
import { payPrice } from '@contract/money';
import { AppError } from '../../lib/app-error';
import type { ReservedLine } from '../inventory';
import type { PaymentBreakdown } from '../payments';
import { lineKey, type Priced, type SaleLine, shippingPrice, taxLinesOf } from '../pricing';
import type { OrderRow } from './orders.repository';

/** The reserved lines as the pricing engine reads them (prices of the locked rows). */
export const saleLinesOf = (reserved: ReservedLine[]): SaleLine[] =>
  reserved.map((p) => ({
    productId: p.id,
    variantId: p.variantId,
    title: p.title,
    category: p.category,
    brand: p.brand,
    priceCents: p.priceCents,
    salePriceCents: p.salePriceCents,
    quantity: p.quantity,
  }));

/** Refuses what cannot be paid: no way to ship there, a refused code, a huge total. */
export function assertPayable(priced: Priced) {
  if (!priced.shippable) {
    throw new AppError(
      'INVALID_INPUT',
      'We do not ship to this address yet. Please choose another one',
    );
  }
  if (priced.code && !priced.code.check.ok) {
    throw new AppError('INVALID_INPUT', `discountCode: ${priced.code.check.reason}`);
  }
  if (priced.totalCents > maxOrderTotalCents) {
    throw new AppError('INVALID_INPUT', overMaximumMessage);
  }
}

/**
 * The total the shopper was shown (dollars, when the client sent it) against the server's:
 * a price, tax or shipping change since the quote is told, and nothing is made.
 */
export function assertExpectedTotal(priced: Priced, expectedTotal: number | undefined) {
  if (expectedTotal === undefined) return;
  if (Math.round(expectedTotal * 100) === priced.totalCents) return;
  throw new AppError('CONFLICT', pricesChangedMessage(priced.totalCents));
}

/** The order's money columns and its lines' snapshot, from one quote. */
export function orderFigures(
  priced: Priced,
  reserved: ReservedLine[],
  imageOf: (productId: string, variantId: string | null) => string | undefined,
) {
  const byKey = new Map(priced.lines.map((l) => [l.key, l]));
  const items = reserved.map((p) => {
    const line = byKey.get(lineKey({ productId: p.id, variantId: p.variantId }));
    return {
      productId: p.id,
      variantId: p.variantId,
      size: p.size,
      color: p.color,
      title: p.title,
      // The cart line's picture: the chosen colour's when it has one.
      image: imageOf(p.id, p.variantId) || p.image,
      unitPriceCents: payPrice({ price: p.priceCents, salePrice: p.salePriceCents }),
      quantity: p.quantity,
      discountCents: line?.discountCents ?? 0,
      taxCents: line?.taxCents ?? 0,
    };
  });
  const method = priced.method;
  return {
    items,
    values: {
      totalCents: priced.totalCents,
      subtotalCents: priced.subtotalCents,
      discountCents: priced.discountCents,
      shippingCents: priced.shippingCents,
      taxCents: priced.taxCents,
      taxLines: taxLinesOf(priced),
      shippingMethod: method && {
        id: method.id,
        name: method.name,
        minDays: method.minDays,
        maxDays: method.maxDays,
      },
      discountCode: priced.code?.rule?.code ?? '',
      pricesIncludeTax: priced.pricesIncludeTax,
    },
  };
}

/** What the code gave: its amount off, or the shipping it waived. */
export function discountGiven(priced: Priced) {
  if (priced.code?.rule?.type !== 'freeShipping' || !priced.method) return priced.discountCents;
  return shippingPrice(priced.method, priced.subtotalCents - priced.discountCents);
}

/** What PayPal is told the total is made of; it checks the parts add up to the amount. */
export function breakdownOf(row: OrderRow): PaymentBreakdown {
  return {
    // Inclusive prices carry their VAT inside the items: PayPal's tax_total is then 0.
    taxCents: row.pricesIncludeTax ? 0 : row.taxCents,
    shippingCents: row.shippingCents,
    discountCents: row.discountCents,
  };
}
