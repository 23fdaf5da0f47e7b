import { type Cart, stockLimitMessage } from '@contract/cart';
import { isId } from '@contract/common';
import { fromCents } from '@contract/money';
import { variantLabel } from '@contract/variant-constants';
import type { Db, Executor } from '../../db/client';
import { transact } from '../../db/transaction';
import { AppError, notFound } from '../../lib/app-error';
import { batchedReads } from '../../lib/batched-reads';
import { type Shopper, shopperKey, shopperOfKey } from '../../lib/shopper';
import { nowComesInSizes, type StockService } from '../inventory';
import * as repo from './cart.repository';
import { findProductDetails, LineDetails } from './line-details';

/** The most of one line a cart holds (contract/cart.ts's quantity bound). */
const MAX_LINE_QUANTITY = 10_000;

/** A line whose product (and variant, if it names one) still exists. */
const isSold = (
  line: repo.CartLine,
): line is repo.CartLine & { productId: string; title: string } =>
  line.productId !== null && line.title !== null && !(line.variantId && line.size === null);
type VariantId = string | null | undefined;

type OwnerLines = { owner: string; lines: repo.CartLine[] };

export class CartService {
  /**
   * Cart reads outside a transaction, those of one turn of the event loop in one query
   * (lib/batched-reads.ts): a quote or a cart page per shopper, fifty shoppers at once, were
   * fifty round trips to the database, most of the server's CPU. A lone read stays the one
   * named statement it was.
   */
  private readonly readLines = batchedReads<OwnerLines>(
    (owners) => this.linesOf(owners),
    (read) => read.owner,
  );

  /** What cart lines show of their products, for the add's answer (line-details.ts). */
  private readonly details: LineDetails;

  constructor(
    private readonly db: Db,
    private readonly stock: StockService,
  ) {
    this.details = new LineDetails((ids) => findProductDetails(db, ids));
  }

  /** Told of product changes (the storefront's notifications): lines show them from then on. */
  productsChanged(ids?: readonly string[]) {
    this.details.changed(ids);
  }

  /** The cart's lines as they are now; in a transaction, as that transaction sees them. */
  private async lines(owner: Shopper, db: Executor) {
    if (db !== this.db) return repo.findCartLines(db, owner);
    const [read] = await this.readLines([shopperKey(owner)]);
    return read?.lines ?? [];
  }

  private async linesOf(owners: string[]): Promise<OwnerLines[]> {
    const shoppers = owners.map(shopperOfKey);
    if (shoppers.length === 1) {
      return [{ owner: owners[0]!, lines: await repo.findCartLines(this.db, shoppers[0]!) }];
    }
    const byKind = (kind: Shopper['kind']) =>
      repo.findManyCartLines(
        this.db,
        kind,
        shoppers.flatMap((s) =>
          s.kind !== kind ? [] : [s.kind === 'user' ? s.userId : s.guestKey],
        ),
      );
    const [users, guests] = await Promise.all([byKind('user'), byKind('guest')]);
    return owners.map((owner, i) => {
      const s = shoppers[i]!;
      const lines = s.kind === 'user' ? users.get(s.userId) : guests.get(s.guestKey);
      return { owner, lines: lines ?? [] };
    });
  }

  /** The cart with each line's current title, image, prices, options and stock (one query). */
  async get(owner: Shopper, db: Executor = this.db): Promise<Cart> {
    return cartOf(await this.lines(owner, db));
  }

  /**
   * The cart's lines in cents with what pricing looks at (category, brand), from the same one
   * query: the checkout quote prices them without reading the products again.
   */
  async pricedLines(owner: Shopper) {
    const lines = (await this.lines(owner, this.db)).filter(isSold);
    // Priced, it would be refused when ordered: the shopper hears why now.
    const sizeless = lines.find((line) => line.needsSize);
    if (sizeless) throw nowComesInSizes(sizeless.title);
    return lines.map((line) => ({
      productId: line.productId,
      variantId: line.variantId,
      title: line.title,
      category: line.category ?? '',
      brand: line.brand ?? '',
      priceCents: line.priceCents!,
      salePriceCents: line.salePriceCents!,
      quantity: line.quantity!,
    }));
  }

  /**
   * Adds to the line of the product and variant; its total may not exceed the stock. One
   * statement (repo.addWithinStock), which answers the cart too: the storefront's most
   * frequent write stays cheap next to the reads. Refusals are explained by the checks below.
   */
  async add(owner: Shopper, productId: string, quantity: number, variantId?: VariantId) {
    if (!isId(productId)) throw notFound('Product');
    const key = { productId, variantId: variantId || null };
    const outcome =
      key.variantId && !isId(key.variantId)
        ? ({ kind: 'bad-variant' } as const)
        : await repo.addWithinStock(this.db, owner, key, quantity);
    if (outcome.kind === 'no-product') throw notFound('Product');
    if (outcome.kind === 'bad-variant') {
      if (!(await this.stock.saleProduct(productId))) throw notFound('Product');
      await this.chosenVariant(this.db, productId, key.variantId);
      // The variant was fixed meanwhile (an admin edit): the shopper may simply try again.
      throw new AppError('CONFLICT', 'The product changed; please try again');
    }
    if (outcome.kind === 'over-stock') {
      throw new AppError('OUT_OF_STOCK', stockLimitMessage(outcome.stock));
    }
    return cartOf(await this.details.linesOf(outcome.lines));
  }

  async update(owner: Shopper, productId: string, quantity: number, variantId?: VariantId) {
    if (!isId(productId)) throw cartItemNotFound();
    return transact(this.db, async (tx) => {
      const cartId = await repo.findCartId(tx, owner);
      const product = await this.stock.saleProduct(productId, tx);
      if (!cartId || !product) throw cartItemNotFound();
      const key = await this.lineKey(tx, cartId, productId, variantId);
      const variant = key.variantId
        ? (await this.stock.saleVariants([key.variantId], tx)).get(key.variantId)
        : undefined;
      const stock = variant ? variant.totalStock : product.totalStock;
      if (quantity > stock) throw new AppError('OUT_OF_STOCK', stockLimitMessage(stock));
      if (!(await repo.setItemQuantity(tx, cartId, key, quantity))) throw cartItemNotFound();
      if (owner.kind === 'guest') await repo.touchCart(tx, cartId);
      return this.get(owner, tx);
    });
  }

  async remove(owner: Shopper, productId: string, variantId?: VariantId): Promise<Cart> {
    if (!isId(productId)) throw cartItemNotFound();
    const cartId = await repo.findCartId(this.db, owner);
    if (!cartId) throw cartItemNotFound();
    const key = await this.lineKey(this.db, cartId, productId, variantId);
    if (!(await repo.deleteItem(this.db, cartId, key))) throw cartItemNotFound();
    if (owner.kind === 'guest') await repo.touchCart(this.db, cartId);
    return this.get(owner);
  }

  /** Empties the cart after a paid order. */
  async clear(owner: Shopper, db: Executor = this.db) {
    const cartId = await repo.findCartId(db, owner);
    if (cartId) await repo.deleteAllItems(db, cartId);
  }

  /**
   * A guest signed in: its cart's lines join the user's. A line both hold gets the sum of
   * both quantities, capped by the stock now (and the cart's per-line bound); a line whose
   * stock is gone stays out. The guest cart is then deleted. Returns the lines merged.
   */
  async mergeGuestCart(guestKey: string, userId: string) {
    const guest: Shopper = { kind: 'guest', guestKey };
    const user: Shopper = { kind: 'user', userId };
    return transact(this.db, async (tx) => {
      const guestCartId = await repo.findCartId(tx, guest);
      if (!guestCartId) return 0;
      const { items } = await this.get(guest, tx);
      let merged = 0;
      if (items.length > 0) {
        const cartId = await repo.ensureUserCart(tx, userId);
        const held = new Map(
          (await this.get(user, tx)).items.map((i) => [`${i.productId}/${i.variantId}`, i]),
        );
        for (const item of items) {
          const mine = held.get(`${item.productId}/${item.variantId}`)?.quantity ?? 0;
          const quantity = Math.min(mine + item.quantity, item.totalStock, MAX_LINE_QUANTITY);
          if (quantity <= mine) continue;
          const { productId, variantId } = item;
          await repo.upsertLine(tx, cartId, { productId, variantId }, quantity);
          merged += 1;
        }
      }
      await repo.deleteCart(tx, guestCartId);
      return merged;
    });
  }

  /** Deletes guest carts nobody wrote to since `cutoff` (their cookie has expired by then). */
  purgeStaleGuestCarts(cutoff: Date) {
    return repo.deleteStaleGuestCarts(this.db, cutoff);
  }

  /**
   * The variant a shopper chose: required (naming the choices) when the product has variants,
   * refused when it has none.
   */
  private async chosenVariant(tx: Executor, productId: string, variantId: string | null) {
    const variants = await this.stock.variantsOf(productId, tx);
    if (variants.length === 0) {
      if (variantId) {
        throw new AppError('INVALID_INPUT', 'variantId: this product has no sizes or colours');
      }
      return undefined;
    }
    const variant = variants.find((v) => v.id === variantId);
    if (!variant) {
      const choices = variants.map((v) => `${variantLabel(v)} (${v.id})`).join(', ');
      throw new AppError(
        'INVALID_INPUT',
        `variantId: ${variantId ? 'not a variant of this product' : 'choose a size or colour'}; one of: ${choices}`,
      );
    }
    return variant;
  }

  /**
   * Which line of the product an update or delete means: the named variant's, or the only line
   * of the product when the client (written against the spec) names none.
   */
  private async lineKey(tx: Executor, cartId: string, productId: string, variantId: VariantId) {
    if (variantId !== undefined && variantId !== null) {
      if (!isId(variantId)) throw cartItemNotFound();
      return { productId, variantId };
    }
    const lines = await repo.findLinesOfProduct(tx, cartId, productId);
    if (lines.length > 1) {
      throw new AppError(
        'INVALID_INPUT',
        'variantId: the cart holds several sizes or colours of this product; name one',
      );
    }
    return { productId, variantId: lines[0] ?? null };
  }
}

const cartItemNotFound = () => new AppError('NOT_FOUND', 'Cart item not found');

/** The cart as the API answers it, from its lines (`repo.findCartLines`). */
function cartOf(lines: repo.CartLine[]): Cart {
  const cartId = lines[0]?.cartId;
  if (!cartId) return { _id: null, items: [] };
  return {
    _id: cartId,
    items: lines.flatMap((line) => {
      if (!isSold(line)) return [];
      const { variantId } = line;
      return [
        {
          productId: line.productId,
          variantId,
          size: line.size ?? '',
          color: line.color ?? '',
          image: (variantId && line.colorImage) || line.image!,
          title: line.title,
          price: fromCents(line.priceCents!),
          salePrice: fromCents(line.salePriceCents!),
          quantity: line.quantity!,
          totalStock: variantId ? line.variantStock! : line.productStock!,
          ...(line.needsSize ? { needsSize: true as const } : {}),
        },
      ];
    }),
  };
}
