import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { CartLine } from './cart.repository';

/** What a cart line shows of its product: the product's own columns and its variants'. */
export type ProductDetails = {
  id: string;
  title: string;
  image: string;
  priceCents: number;
  salePriceCents: number;
  totalStock: number;
  category: string;
  brand: string;
  /** Each variant as [id, size, colour, stock, its colour's picture or ''] (the query's JSON). */
  variants: [string, string, string, number, string][];
};

/** A line as the cart add's statement answers it: the key, the quantity, the cart. */
export type LineQuantity = {
  cartId: string;
  productId: string;
  variantId: string | null;
  quantity: number;
};

/** The products (and their variants, with each colour's picture) of these ids, as lines show them. */
export async function findProductDetails(db: Executor, ids: string[]): Promise<ProductDetails[]> {
  if (ids.length === 0) return [];
  const result = await db.execute(sql`
    select p.id, p.title, p.image, p.price_cents as "priceCents",
      p.sale_price_cents as "salePriceCents", p.total_stock as "totalStock", p.category, p.brand,
      coalesce((select json_agg(json_build_array(v.id, v.size, v.color, v.total_stock,
          coalesce(ci.image, '')) order by v.id)
        from product_variants v
        left join product_color_images ci on ci.product_id = v.product_id and ci.color = v.color
        where v.product_id = p.id), '[]') as variants
    from products p where p.id in ${ids}`);
  return (result as unknown as { rows: ProductDetails[] }).rows;
}

/**
 * What the lines of carts show of their products, kept in memory: a cart add answers the whole
 * cart, and joining every line's product, variant and colour picture again for each add was
 * most of the add's cost (on PGlite, whose SQL runs on the server's own thread, an add of a
 * 25-line cart took ~5 ms of the server under a crowd, a page load ~0.5). Products are read
 * the first time a line needs them and dropped by the storefront's change notifications (a
 * price, stock or variant change, on this instance at once, on others within a second), so a
 * line shows what the cart read shows. The cart read and the checkout still read the database.
 */
export class LineDetails {
  private readonly products = new Map<string, ProductDetails>();
  /** Bumped by every change: a read begun before one is not kept, as it may predate it. */
  private generation = 0;

  constructor(
    private readonly load: (ids: string[]) => Promise<ProductDetails[]>,
    private readonly maxProducts = 2000,
  ) {}

  /** Drops these products (none named: all of them). */
  changed(ids?: readonly string[]) {
    this.generation += 1;
    if (!ids) this.products.clear();
    else for (const id of ids) this.products.delete(id.toLowerCase());
  }

  /** The lines with their products' details, as `findCartLines` answers them. */
  async linesOf(lines: LineQuantity[]): Promise<CartLine[]> {
    const missing = [...new Set(lines.map((l) => l.productId))].filter(
      (id) => !this.products.has(id),
    );
    const loaded = new Map<string, ProductDetails>();
    if (missing.length > 0) {
      const began = this.generation;
      for (const product of await this.load(missing)) {
        loaded.set(product.id, product);
        if (this.generation === began) this.keep(product);
      }
    }
    return lines.map((line) => {
      const product = this.products.get(line.productId) ?? loaded.get(line.productId);
      return lineOf(line, product);
    });
  }

  private keep(product: ProductDetails) {
    this.products.set(product.id, product);
    if (this.products.size > this.maxProducts) {
      const oldest = this.products.keys().next().value;
      if (oldest !== undefined) this.products.delete(oldest);
    }
  }
}

/** A line and its product (none when it is gone), as the cart read's joins answer it. */
function lineOf(line: LineQuantity, product: ProductDetails | undefined): CartLine {
  const variant = line.variantId ? product?.variants.find((v) => v[0] === line.variantId) : null;
  // Named one by one: `...line` then eleven more made V8 build each line slowly (25 lines
  // 0.4 ms, written out 0.02 ms).
  return {
    cartId: line.cartId,
    productId: line.productId,
    variantId: line.variantId,
    quantity: line.quantity,
    title: product?.title ?? null,
    image: product?.image ?? null,
    priceCents: product?.priceCents ?? null,
    salePriceCents: product?.salePriceCents ?? null,
    productStock: product?.totalStock ?? null,
    size: variant?.[1] ?? null,
    color: variant?.[2] ?? null,
    variantStock: variant?.[3] ?? null,
    colorImage: variant?.[4] ?? '',
    category: product?.category ?? null,
    brand: product?.brand ?? null,
    needsSize: line.variantId === null && (product?.variants.length ?? 0) > 0,
  };
}
