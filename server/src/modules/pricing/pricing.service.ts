import { maxOrderTotalCents, overMaximumMessage } from '@contract/limits';
import { fromCents, payPrice } from '@contract/money';
import type { Quote, QuoteBody } from '@contract/pricing';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import {
  type Customer,
  type DiscountsService,
  type EvaluatedCode,
  minimumShortfall,
} from '../discounts';
import type { ShippingService } from '../shipping';
import type { TaxesService } from '../taxes';
import { type QuoteLine, quote, RATE_SCALE, type ShippingRate } from './quote-engine';

type Deps = { shipping: ShippingService; taxes: TaxesService; discounts: DiscountsService };
export type PricingOptions = { pricesIncludeTax: boolean };

/** A cart line as sold now: the catalogue's prices, never the client's. */
export type SaleLine = {
  productId: string;
  variantId: string | null;
  title: string;
  category: string;
  brand: string;
  priceCents: number;
  salePriceCents: number;
  quantity: number;
};

/** `isEstimate`: no address yet, the shop's country (taxed by its own rate or mark). */
export type Destination = { country: string; region: string; isEstimate?: boolean };

export type PricingInput = {
  lines: SaleLine[];
  destination: Destination;
  shippingMethodId?: string | undefined;
  discountCode?: string | undefined;
  /** Whose uses a per-customer code limit counts. */
  customer: Customer;
  /** shopperKey of the shopper asking (its own open checkout's code use is its to take again). */
  shopper: string;
};

/** The priced checkout, in cents, with what an order needs to keep. */
export type Priced = ReturnType<PricingService['priceWith']>;
export type PricingRules = Awaited<ReturnType<PricingService['rules']>>;

/** One line of a cart or an order: a product in one variant (none for a one-size product). */
export const lineKey = (l: { productId: string; variantId: string | null }) =>
  `${l.productId}/${l.variantId ?? ''}`;
const unitOf = (l: SaleLine) => payPrice({ price: l.priceCents, salePrice: l.salePriceCents });

/**
 * The one quote: lines, subtotal, discount, shipping, tax and total for a cart, an address, a
 * shipping method and a code. The checkout page, the order, its emails and PayPal all use it.
 */
export class PricingService {
  constructor(
    private readonly deps: Deps,
    private readonly options: PricingOptions,
  ) {}

  /**
   * The settings a price depends on, read once: the destination's methods and tax, whether the
   * shop ships anywhere, and the code checked for this customer and cart.
   */
  async rules(input: Omit<PricingInput, 'shippingMethodId'>, db?: Executor) {
    const { shipping, taxes, discounts } = this.deps;
    const { country, region } = input.destination;
    // Zones and rates come from memory (kept by their modules, dropped on any change).
    const [rates, hasZones] = await Promise.all([
      shipping.ratesFor(country, region),
      shipping.hasZones(),
    ]);
    const decided = await taxes.decide(country, region, hasZones, input.destination.isEstimate);
    const tax = decided.ok ? decided.rule : null;
    const customerKey = input.discountCode
      ? await discounts.customerKeyOf(input.customer, db)
      : null;
    const lines = input.lines.map((l) => ({ ...l, unitCents: unitOf(l) }));
    const code: EvaluatedCode | null = input.discountCode
      ? await discounts.evaluate(
          input.discountCode,
          { customer: customerKey, shopper: input.shopper, lines },
          db,
        )
      : null;
    return {
      rates,
      tax,
      taxRefusal: decided.ok ? null : decided.message,
      hasZones,
      code,
      customerKey,
    };
  }

  /**
   * Refuses a destination we ship to that no tax rule prices (never 0% by omission); one we do
   * not ship to is told that instead.
   */
  assertTaxable(rules: PricingRules) {
    const shippable = rules.rates.length > 0 || !rules.hasZones;
    if (shippable && rules.taxRefusal) throw new AppError('INVALID_INPUT', rules.taxRefusal);
  }

  /**
   * Prices lines with rules already read: no database call, so checkout runs it under its row
   * locks with the prices of the rows it locked.
   */
  priceWith(rules: PricingRules, lines: SaleLine[], shippingMethodId?: string) {
    const { rates, tax, hasZones } = rules;
    const quoteLines: QuoteLine[] = lines.map((l) => ({
      key: lineKey(l),
      category: l.category,
      brand: l.brand,
      unitCents: unitOf(l),
      quantity: l.quantity,
    }));
    // The minimum again, at these lines' prices (checkout's are those of the rows it locked).
    const shortfall = rules.code?.rule ? minimumShortfall(rules.code.rule, quoteLines) : null;
    const code: EvaluatedCode | null =
      shortfall && rules.code
        ? { check: { ...rules.code.check, ok: false, reason: shortfall }, rule: null }
        : rules.code;
    const priceFor = (rate: ShippingRate | null) =>
      quote({
        lines: quoteLines,
        shipping: rate,
        discount: code?.rule ?? null,
        tax,
        pricesIncludeTax: this.options.pricesIncludeTax,
      });
    // Each method's price for this cart (free thresholds apply after the discount).
    const methods = rates.map((rate) => ({ rate, cents: priceFor(rate).shippingCents }));
    const chosen =
      methods.find((m) => m.rate.id === shippingMethodId) ??
      [...methods].sort((a, b) => a.cents - b.cents)[0] ??
      null;
    return {
      ...priceFor(chosen?.rate ?? null),
      // A shop with no zones at all charges no shipping (the spec's shop); with zones, an
      // address no zone covers cannot check out.
      shippable: chosen !== null || !hasZones,
      saleLines: lines,
      unitCents: new Map(quoteLines.map((l) => [l.key, l.unitCents])),
      methods,
      method: chosen?.rate ?? null,
      tax,
      code,
      pricesIncludeTax: this.options.pricesIncludeTax,
    };
  }

  async price(input: PricingInput, db?: Executor) {
    const rules = await this.rules(input, db);
    this.assertTaxable(rules);
    return this.priceWith(rules, input.lines, input.shippingMethodId);
  }

  /** The priced checkout as the API shows it (decimal dollars). */
  toQuote(priced: Priced): Quote {
    const byKey = new Map(priced.lines.map((l) => [l.key, l]));
    const { shippable } = priced;
    const overMaximum = priced.totalCents > maxOrderTotalCents;
    return {
      lines: priced.saleLines.map((l) => {
        const p = byKey.get(lineKey(l))!;
        return {
          productId: l.productId,
          variantId: l.variantId,
          title: l.title,
          quantity: l.quantity,
          unitPrice: fromCents(priced.unitCents.get(lineKey(l)) ?? 0),
          subtotal: fromCents(p.subtotalCents),
          discount: fromCents(p.discountCents),
          tax: fromCents(p.taxCents),
          total: fromCents(p.totalCents),
        };
      }),
      subtotal: fromCents(priced.subtotalCents),
      discount: fromCents(priced.discountCents),
      shipping: fromCents(priced.shippingCents),
      tax: fromCents(priced.taxCents),
      total: fromCents(priced.totalCents),
      taxLines: taxLinesOf(priced).map((t) => ({ ...t, amount: fromCents(t.amountCents) })),
      shippingMethods: priced.methods.map(({ rate, cents }) => ({
        _id: rate.id,
        name: rate.name,
        price: fromCents(cents),
        minDays: rate.minDays,
        maxDays: rate.maxDays,
      })),
      shippingMethodId: priced.method?.id ?? null,
      pricesIncludeTax: priced.pricesIncludeTax,
      discountCode: priced.code?.check ?? null,
      shippable,
      overMaximum,
      message: !shippable
        ? 'We do not ship to this address yet. Please choose another one'
        : overMaximum
          ? overMaximumMessage
          : '',
    };
  }
}

/** One line per tax (one rate per destination today), for orders, emails and pages. */
export function taxLinesOf(priced: Priced) {
  if (!priced.tax || priced.taxCents === 0) return [];
  return [
    {
      name: priced.tax.name,
      rate: (priced.tax.rate * 100) / RATE_SCALE,
      amountCents: priced.taxCents,
    },
  ];
}

/** The pure engine's rules and shipping price, for the modules that keep them (orders, shipping, taxes, discounts). */
export {
  type DiscountRule,
  eligibleCents,
  RATE_SCALE,
  type ShippingRate,
  shippingPrice,
  type TaxRule,
  taxOf,
} from './quote-engine';
export type { QuoteBody };
