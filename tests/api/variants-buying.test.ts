import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productVariants } from '../../server/src/db/schema';
import { cartOf, createOrder, makeShopperReady, orderCall, stockOf } from '../factories/checkout';
import { makeProduct, variantOf } from '../factories/products';
import { makeUser, type TestUser } from '../factories/users';
import { createPayPalTestApp, type PayPalTestApp } from '../helpers/paypal';

let t: PayPalTestApp;
beforeAll(async () => {
  t = await createPayPalTestApp();
});
afterAll(() => t.close());

const call = (
  user: TestUser,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) => t.app.inject({ method, url, headers: { cookie: user.cookie }, payload });
const add = (user: TestUser, productId: string, quantity: number, variantId?: string | null) =>
  call(user, 'POST', '/api/shop/cart/add', { userId: user.id, productId, quantity, variantId });
const variantStock = async (id: string) =>
  (
    await t.db
      .select({ s: productVariants.totalStock })
      .from(productVariants)
      .where(eq(productVariants.id, id))
  )[0]!.s;

const tee = () =>
  makeProduct(t, {
    title: 'Classic Tee',
    variants: [
      { size: 'M', color: 'Black', totalStock: 3 },
      { size: 'L', color: 'Black', totalStock: 5 },
      { size: 'S', color: 'Black', totalStock: 0 },
    ],
  });

describe('buying a size', () => {
  it('requires a variantId for a product with variants, naming the choices', async () => {
    const product = await tee();
    const user = await makeUser(t);
    const res = await add(user, product._id, 1);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INVALID_INPUT');
    expect(res.json().message).toContain('M · Black');
    expect(res.json().message).toContain(variantOf(product, 'L', 'Black')._id);
    const foreign = await add(user, product._id, 1, (await tee()).variants[0]!._id);
    expect(foreign.statusCode).toBe(400);
  });

  it('refuses a variantId for a product without variants', async () => {
    const plain = await makeProduct(t);
    const other = await tee();
    const user = await makeUser(t);
    const res = await add(user, plain._id, 1, other.variants[0]!._id);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('has no sizes or colours');
  });

  it('keeps one line per product and variant, with size and colour, limited by the variant’s stock', async () => {
    const product = await tee();
    const m = variantOf(product, 'M', 'Black');
    const l = variantOf(product, 'L', 'Black');
    const user = await makeUser(t);
    expect((await add(user, product._id, 2, m._id)).statusCode).toBe(200);
    expect((await add(user, product._id, 1, l._id)).statusCode).toBe(200);
    expect((await add(user, product._id, 1, m._id)).statusCode).toBe(200);
    const items = await cartOf(t, user);
    expect(items).toEqual([
      expect.objectContaining({
        variantId: m._id,
        size: 'M',
        color: 'Black',
        quantity: 3,
        totalStock: 3,
      }),
      expect.objectContaining({
        variantId: l._id,
        size: 'L',
        color: 'Black',
        quantity: 1,
        totalStock: 5,
      }),
    ]);
    const over = await add(user, product._id, 1, m._id);
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe('Only 3 quantity can be added for this item');
    const sold = await add(user, product._id, 1, variantOf(product, 'S', 'Black')._id);
    expect(sold.statusCode).toBe(409);
  });

  it('updates and deletes a line by product and variant', async () => {
    const product = await tee();
    const m = variantOf(product, 'M', 'Black');
    const l = variantOf(product, 'L', 'Black');
    const user = await makeUser(t);
    await add(user, product._id, 1, m._id);
    await add(user, product._id, 1, l._id);
    const body = { userId: user.id, productId: product._id, quantity: 4 };
    const ambiguous = await call(user, 'PUT', '/api/shop/cart/update-cart', body);
    expect(ambiguous.statusCode).toBe(400);
    expect(ambiguous.json().message).toContain('name one');
    const tooMany = await call(user, 'PUT', '/api/shop/cart/update-cart', {
      ...body,
      variantId: m._id,
    });
    expect(tooMany.statusCode).toBe(409);
    const updated = await call(user, 'PUT', '/api/shop/cart/update-cart', {
      ...body,
      variantId: l._id,
    });
    expect(updated.statusCode).toBe(200);
    const removed = await call(
      user,
      'DELETE',
      `/api/shop/cart/${user.id}/${product._id}?variantId=${m._id}`,
    );
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data.items).toEqual([
      expect.objectContaining({ variantId: l._id, quantity: 4 }),
    ]);
    // With one line of the product left, the spec's path alone names it.
    const last = await call(user, 'DELETE', `/api/shop/cart/${user.id}/${product._id}`);
    expect(last.json().data.items).toEqual([]);
  });

  it('snapshots size and colour on the order and gives the variant’s stock back on cancel', async () => {
    const product = await tee();
    const m = variantOf(product, 'M', 'Black');
    const { user, addressId } = await makeShopperReady(t, [
      { product, variantId: m._id, quantity: 2 },
    ]);
    const created = await createOrder(t, user, addressId);
    expect(created.statusCode).toBe(201);
    const { orderId } = created.json();
    expect(await variantStock(m._id)).toBe(1);
    expect(await stockOf(t, product._id)).toBe(6);
    const cancelled = await orderCall(t, user, 'cancel', { orderId });
    expect(cancelled.json().data.cartItems).toEqual([
      expect.objectContaining({ variantId: m._id, size: 'M', color: 'Black', quantity: 2 }),
    ]);
    expect(await variantStock(m._id)).toBe(3);
    expect(await stockOf(t, product._id)).toBe(8);
  });

  it('refuses to check out a line added before the product came in sizes, and takes no stock', async () => {
    const coat = await makeProduct(t, { title: 'Plain Coat', totalStock: 4 });
    const { user, addressId } = await makeShopperReady(t, [{ product: coat, quantity: 1 }]);
    // The admin gives the product sizes afterwards: its stock is now theirs.
    const admin = await makeUser(t, { role: 'admin' });
    const { _id, ...fields } = coat;
    const edit = await call(admin, 'PUT', `/api/admin/products/edit/${_id}`, {
      ...fields,
      variants: [
        { size: 'M', color: '', totalStock: 2 },
        { size: 'L', color: '', totalStock: 2 },
      ],
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const why =
      'Plain Coat now comes in sizes. Please remove it from your cart and add the size you want';
    // The checkout's quote says so first, rather than price a line the order would refuse.
    const quote = await call(user, 'POST', '/api/shop/checkout/quote', { addressId });
    expect(quote.statusCode).toBe(409);
    expect(quote.json().message).toBe(why);
    const created = await createOrder(t, user, addressId);
    expect(created.statusCode).toBe(409);
    expect(created.json().message).toBe(why);
    expect(await stockOf(t, coat._id)).toBe(4);
    // The cart marks the line, and only that line.
    const cart = await call(user, 'GET', `/api/shop/cart/get/${user.id}`);
    expect(cart.json().data.items).toEqual([
      expect.objectContaining({ productId: coat._id, variantId: null, needsSize: true }),
    ]);
  });

  it('lets exactly three of thirty shoppers buy the last three of size M; size L untouched', async () => {
    const product = await tee();
    const m = variantOf(product, 'M', 'Black');
    const l = variantOf(product, 'L', 'Black');
    const shoppers = await Promise.all(
      Array.from({ length: 30 }, () => makeShopperReady(t, [{ product, variantId: m._id }])),
    );
    const results = await Promise.all(shoppers.map((s) => createOrder(t, s.user, s.addressId)));
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(27);
    const refused = results.find((r) => r.statusCode === 409)!.json();
    expect(refused.message).toBe(
      'Classic Tee (M · Black) is out of stock. Please remove it from your cart to proceed',
    );
    expect(await variantStock(m._id)).toBe(0);
    expect(await variantStock(l._id)).toBe(5);
    expect(await stockOf(t, product._id)).toBe(5);
  });
});
