import { and, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { executePrepared } from '../../db/prepared';
import type { Shopper } from '../../lib/shopper';
import { cartItems, carts } from './cart.table';
import type { LineQuantity } from './line-details';

const ownedBy = (owner: Shopper) =>
  owner.kind === 'user' ? eq(carts.userId, owner.userId) : eq(carts.guestKey, owner.guestKey);

/**
 * The owner's column and value in raw statements, and the name suffix that keeps a prepared
 * statement's text fixed per kind of owner. The column comes from this fixed pair only.
 */
const ownerSql = (owner: Shopper) =>
  owner.kind === 'user'
    ? { column: sql.raw('user_id'), value: sql`${owner.userId}::uuid`, name: '' }
    : { column: sql.raw('guest_key'), value: sql`${owner.guestKey}::text`, name: 'guest_' };

export async function findCartId(db: Executor, owner: Shopper) {
  const [row] = await db.select({ id: carts.id }).from(carts).where(ownedBy(owner));
  return row?.id;
}

/** A cart was written to: a guest cart's expiry counts from here. */
export async function touchCart(db: Executor, cartId: string) {
  await db.update(carts).set({ updatedAt: sql`now()` }).where(eq(carts.id, cartId));
}

export async function deleteCart(db: Executor, cartId: string) {
  await db.delete(carts).where(eq(carts.id, cartId));
}

/** The user's cart, made on first use. */
export async function ensureUserCart(db: Executor, userId: string) {
  const [row] = await db
    .insert(carts)
    .values({ userId })
    .onConflictDoUpdate({ target: carts.userId, set: { updatedAt: sql`now()` } })
    .returning({ id: carts.id });
  return row!.id;
}

/** Sets a line to `quantity`, adding it when the cart has none (a merged guest line). */
export async function upsertLine(db: Executor, cartId: string, key: LineKey, quantity: number) {
  if (!(await setItemQuantity(db, cartId, key, quantity))) {
    await db.insert(cartItems).values({ cartId, ...key, quantity });
  }
}

/** The user's cart and (by cascade) its lines: their account's erasure, through ./index.ts. */
export async function deleteCartOf(db: Executor, userId: string) {
  await db.delete(carts).where(eq(carts.userId, userId));
}

/** Deletes guest carts not written to since `cutoff`; returns how many. */
export async function deleteStaleGuestCarts(db: Executor, cutoff: Date) {
  const rows = await db
    .delete(carts)
    .where(and(isNotNull(carts.guestKey), lt(carts.updatedAt, cutoff)))
    .returning({ id: carts.id });
  return rows.length;
}

/** A line: the product's plain line when variantId is null. */
export type LineKey = { productId: string; variantId: string | null };

const lineOf = (cartId: string, key: LineKey) =>
  and(
    eq(cartItems.cartId, cartId),
    eq(cartItems.productId, key.productId),
    key.variantId ? eq(cartItems.variantId, key.variantId) : isNull(cartItems.variantId),
  );

export async function setItemQuantity(
  db: Executor,
  cartId: string,
  key: LineKey,
  quantity: number,
) {
  const rows = await db
    .update(cartItems)
    .set({ quantity })
    .where(lineOf(cartId, key))
    .returning({ productId: cartItems.productId });
  return rows.length > 0;
}

export async function deleteItem(db: Executor, cartId: string, key: LineKey) {
  const rows = await db
    .delete(cartItems)
    .where(lineOf(cartId, key))
    .returning({ productId: cartItems.productId });
  return rows.length > 0;
}

/** The variants of a product the cart holds lines of (null for its plain line). */
export async function findLinesOfProduct(db: Executor, cartId: string, productId: string) {
  const rows = await db
    .select({ variantId: cartItems.variantId })
    .from(cartItems)
    .where(and(eq(cartItems.cartId, cartId), eq(cartItems.productId, productId)));
  return rows.map((r) => r.variantId);
}

export async function deleteAllItems(db: Executor, cartId: string) {
  await db.delete(cartItems).where(eq(cartItems.cartId, cartId));
}

export type AddOutcome =
  /** No such product. */
  | { kind: 'no-product' }
  /** The variant id does not fit the product (missing, unknown, or given for a plain one). */
  | { kind: 'bad-variant' }
  /** The line would exceed the stock: nothing changed. */
  | { kind: 'over-stock'; stock: number }
  | { kind: 'added'; quantity: number; lines: LineQuantity[] };

/**
 * A cart add in one statement, so it costs one round trip instead of a transaction of six:
 * the product and variant checked, the cart made on first use and the line added to, only when
 * the line's new quantity stays within the stock. The conditional upsert decides on the locked
 * line, so concurrent adds cannot pass the stock together. The same statement answers the
 * cart's lines (key and quantity, in the cart read's order), the added line as written (its
 * other lines as they were when the statement began: a statement does not see its own writes
 * elsewhere): under a crowd, the read after the add was a second round trip, a third of the
 * add's time. What the lines show of their products comes from memory (line-details.ts).
 */
export async function addWithinStock(
  db: Executor,
  owner: Shopper,
  key: LineKey,
  quantity: number,
): Promise<AddOutcome> {
  const o = ownerSql(owner);
  const [row] = await executePrepared<AddRow>(
    db,
    `${o.name}cart_add_with_keys`,
    sql`
    with product as (
      select p.id, p.total_stock,
        (select count(*) from product_variants v where v.product_id = p.id)::int as variant_count,
        (select v.total_stock from product_variants v
          where v.product_id = p.id and v.id = ${key.variantId}::uuid) as variant_stock
      from products p where p.id = ${key.productId}::uuid
    ),
    fits as (
      select case when variant_count = 0 then total_stock else variant_stock end as stock
      from product
      where (variant_count = 0 and ${key.variantId}::uuid is null)
        or (variant_count > 0 and variant_stock is not null)
    ),
    cart as (
      insert into carts (${o.column}) select ${o.value} from fits where ${quantity} <= fits.stock
      on conflict (${o.column}) do update set updated_at = now()
      returning id
    ),
    line as (
      insert into cart_items (cart_id, product_id, variant_id, quantity)
      select cart.id, ${key.productId}::uuid, ${key.variantId}::uuid, ${quantity} from cart
      on conflict (cart_id, product_id, variant_id) do update
        set quantity = cart_items.quantity + excluded.quantity
        where cart_items.quantity + excluded.quantity <= (select stock from fits)
      returning cart_id, product_id, variant_id, quantity, added_at
    ),
    items as (
      select i.cart_id, i.product_id, i.variant_id, i.quantity, i.added_at from cart_items i
      where i.cart_id = (select cart_id from line)
        and not (i.product_id = ${key.productId}::uuid
          and i.variant_id is not distinct from ${key.variantId}::uuid)
      union all
      select cart_id, product_id, variant_id, quantity, added_at from line
    )
    select (select count(*) from product)::int as found, (select stock from fits) as stock,
      (select quantity from line) as quantity,
      (select json_agg(json_build_object('cartId', i.cart_id, 'productId', i.product_id,
          'variantId', i.variant_id, 'quantity', i.quantity)
        order by i.added_at, i.product_id, i.variant_id) from items i) as lines`,
  );
  if (!row || row.found === 0) return { kind: 'no-product' };
  if (row.stock === null) return { kind: 'bad-variant' };
  if (row.quantity === null) return { kind: 'over-stock', stock: Number(row.stock) };
  return { kind: 'added', quantity: Number(row.quantity), lines: row.lines ?? [] };
}

type AddRow = {
  found: number;
  stock: number | null;
  quantity: number | null;
  lines: LineQuantity[] | null;
};

export type CartLine = {
  cartId: string;
  productId: string | null;
  variantId: string | null;
  quantity: number | null;
  title: string | null;
  image: string | null;
  priceCents: number | null;
  salePriceCents: number | null;
  productStock: number | null;
  size: string | null;
  color: string | null;
  variantStock: number | null;
  /** The chosen colour's own picture, '' when it has none. */
  colorImage: string | null;
  /** What discount codes limited to categories or brands look at. */
  category: string | null;
  brand: string | null;
  /** A line without a variant of a product that has variants now (added before it had). */
  needsSize: boolean | null;
};

/** A cart's lines as one JSON array (a cart without lines: one object of nulls). */
const linesJson = sql`json_agg(json_build_object('cartId', c.id, 'productId', i.product_id,
    'variantId', i.variant_id, 'quantity', i.quantity, 'title', p.title, 'image', p.image,
    'priceCents', p.price_cents, 'salePriceCents', p.sale_price_cents,
    'productStock', p.total_stock, 'size', v.size, 'color', v.color,
    'variantStock', v.total_stock, 'colorImage', coalesce(ci.image, ''),
    'category', p.category, 'brand', p.brand,
    'needsSize', i.variant_id is null and exists (
      select 1 from product_variants pv where pv.product_id = i.product_id))
  order by i.added_at, i.product_id, i.variant_id)`;

/** The carts `c`, their lines `i`, and what each line shows of its product, variant and colour. */
const linesFrom = sql`from carts c left join cart_items i on i.cart_id = c.id
  left join products p on p.id = i.product_id
  left join product_variants v on v.id = i.variant_id
  left join product_color_images ci on ci.product_id = v.product_id and ci.color = v.color`;

/**
 * The owner's cart and its lines with what the cart shows of their products and variants, in
 * one query (a cart without lines gives one row of nulls; no cart, no row). Lines whose
 * variant is gone have a null size. The lines come as one JSON array of objects, not as rows:
 * on PGlite the driver's parsing of 50 rows of 13 columns cost as much as the query (the read
 * 1.6 -> 0.85-1.0 ms, measured with bench/cart-cpu.ts).
 */
export async function findCartLines(db: Executor, owner: Shopper): Promise<CartLine[]> {
  const o = ownerSql(owner);
  const [row] = await executePrepared<{ lines: CartLine[] | null }>(
    db,
    `${o.name}cart_lines_json`,
    sql`select ${linesJson} as lines ${linesFrom} where c.${o.column} = ${o.value}`,
  );
  // node-postgres and PGlite both parse json; no cart aggregates to null.
  return row?.lines ?? [];
}

/**
 * The lines of many owners' carts of one kind (user ids, or guest keys), in one query: what
 * `findCartLines` answers for each, by owner (an owner without a cart is absent).
 */
export async function findManyCartLines(
  db: Executor,
  kind: Shopper['kind'],
  owners: string[],
): Promise<Map<string, CartLine[]>> {
  if (owners.length === 0) return new Map();
  const column = sql.raw(kind === 'user' ? 'user_id' : 'guest_key');
  const result = await db.execute(
    sql`select c.${column}::text as owner, ${linesJson} as lines ${linesFrom}
      where c.${column} in ${owners} group by c.${column}`,
  );
  const rows = (result as unknown as { rows: { owner: string; lines: CartLine[] | null }[] }).rows;
  return new Map(rows.map((row) => [row.owner, row.lines ?? []]));
}
