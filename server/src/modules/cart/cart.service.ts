import { type Cart, stockLimitMessage } from '../../../../contract/cart';
import { idSchema } from '../../../../contract/common';
import { fromCents } from '../../../../contract/money';
import type { Db, Executor } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import type { StockService } from '../catalog/stock.service';
import * as repo from './cart.repository';

const isId = (id: string) => idSchema.safeParse(id).success;

export class CartService {
  constructor(
    private readonly db: Db,
    private readonly stock: StockService,
  ) {}

  /** The cart with each line's current title, image, prices and stock. */
  async get(userId: string, db: Executor = this.db): Promise<Cart> {
    const cartId = await repo.findCartId(db, userId);
    if (!cartId) return { _id: null, items: [] };
    const items = await repo.findItems(db, cartId);
    const products = await this.stock.saleProducts(
      items.map((i) => i.productId),
      db,
    );
    return {
      _id: cartId,
      items: items.flatMap((item) => {
        const p = products.get(item.productId);
        if (!p) return [];
        return [
          {
            productId: p.id,
            image: p.image,
            title: p.title,
            price: fromCents(p.priceCents),
            salePrice: fromCents(p.salePriceCents),
            quantity: item.quantity,
            totalStock: p.totalStock,
          },
        ];
      }),
    };
  }

  /** Adds to the line; the line's total may not exceed the stock. */
  async add(userId: string, productId: string, quantity: number): Promise<Cart> {
    if (!isId(productId)) throw notFound('Product');
    return this.db.transaction(async (tx) => {
      const product = await this.stock.saleProduct(productId, tx);
      if (!product) throw notFound('Product');
      const cartId = await repo.ensureCart(tx, userId);
      const total = await repo.addToItem(tx, cartId, productId, quantity);
      // Checked after the upsert, which locks the line: concurrent adds cannot both pass.
      if (total > product.totalStock) {
        throw new AppError('OUT_OF_STOCK', stockLimitMessage(product.totalStock));
      }
      return this.get(userId, tx);
    });
  }

  async update(userId: string, productId: string, quantity: number): Promise<Cart> {
    if (!isId(productId)) throw cartItemNotFound();
    return this.db.transaction(async (tx) => {
      const cartId = await repo.findCartId(tx, userId);
      const product = await this.stock.saleProduct(productId, tx);
      if (!cartId || !product) throw cartItemNotFound();
      if (quantity > product.totalStock) {
        throw new AppError('OUT_OF_STOCK', stockLimitMessage(product.totalStock));
      }
      const updated = await repo.setItemQuantity(tx, cartId, productId, quantity);
      if (!updated) throw cartItemNotFound();
      return this.get(userId, tx);
    });
  }

  async remove(userId: string, productId: string): Promise<Cart> {
    if (!isId(productId)) throw cartItemNotFound();
    const cartId = await repo.findCartId(this.db, userId);
    if (!cartId || !(await repo.deleteItem(this.db, cartId, productId))) {
      throw cartItemNotFound();
    }
    return this.get(userId);
  }

  /** Empties the cart after a paid order. */
  async clear(userId: string, db: Executor = this.db) {
    const cartId = await repo.findCartId(db, userId);
    if (cartId) await repo.deleteAllItems(db, cartId);
  }
}

const cartItemNotFound = () => new AppError('NOT_FOUND', 'Cart item not found');
