import type { Quote, QuoteBody } from '@contract/pricing';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { type Shopper, shopperKey } from '../../lib/shopper';
import { type AddressesService, placeRegion, savedRegion } from '../addresses';
import type { CartService } from '../cart';
import type { StockService } from '../inventory';
import type { Destination, PricingService, SaleLine } from '../pricing';

type Deps = {
  cart: CartService;
  stock: StockService;
  addresses: AddressesService;
  pricing: PricingService;
};

export type CartLine = { productId: string; variantId: string | null; quantity: number };

/**
 * Prices a shopper's cart for the checkout page and the cart sheet: the cart's lines at the
 * catalogue's prices now, to an address (a saved one, one typed in, or the shop's country).
 */
export class QuoteService {
  constructor(
    private readonly deps: Deps,
    /** Where addresses without a country are (SHOP_COUNTRY). */
    readonly shopCountry: string,
  ) {}

  async forShopper(shopper: Shopper, body: QuoteBody): Promise<Quote> {
    // The cart's lines come with their products' prices, and the saved address beside them.
    const [lines, destination] = await Promise.all([
      this.deps.cart.pricedLines(shopper),
      this.destination(shopper, body),
    ]);
    const priced = await this.deps.pricing.price({
      lines,
      destination,
      shippingMethodId: body.shippingMethodId,
      discountCode: body.discountCode,
      // A guest counts by its email, as its order will; before it gives one, by nothing used.
      customer:
        shopper.kind === 'user' ? { userId: shopper.userId } : { email: body.email ?? null },
      shopper: shopperKey(shopper),
    });
    return this.deps.pricing.toQuote(priced);
  }

  /** The cart's lines as sold now (a product no longer sold drops out). */
  async saleLines(items: CartLine[], db?: Executor): Promise<SaleLine[]> {
    const products = await this.deps.stock.saleProducts(
      items.map((i) => i.productId),
      db,
    );
    return items.flatMap((item) => {
      const p = products.get(item.productId);
      if (!p) return [];
      return [
        {
          productId: p.id,
          variantId: item.variantId,
          title: p.title,
          category: p.category,
          brand: p.brand,
          priceCents: p.priceCents,
          salePriceCents: p.salePriceCents,
          quantity: item.quantity,
        },
      ];
    });
  }

  /** Where the order goes: the saved address named, the place typed in, or the shop's country. */
  async destination(
    shopper: Shopper,
    body: Pick<QuoteBody, 'addressId' | 'address'>,
  ): Promise<Destination> {
    if (body.addressId) {
      // Guests have no saved addresses.
      const saved =
        shopper.kind === 'user'
          ? await this.deps.addresses.findOwned(shopper.userId, body.addressId)
          : undefined;
      if (!saved) throw new AppError('NOT_FOUND', 'Address not found');
      return { country: saved.country, region: savedRegion(saved) };
    }
    if (body.address) {
      const { country, region, pincode } = body.address;
      return { country, region: placeRegion({ country, region, postcode: pincode }) };
    }
    return { country: this.shopCountry, region: '', isEstimate: true };
  }
}
