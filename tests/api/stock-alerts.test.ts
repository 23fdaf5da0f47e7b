import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, productVariants, stockAlerts } from '../../server/src/db/schema';
import { createOrder, makeShopperReady, orderCall } from '../factories/checkout';
import { productInput } from '../factories/product-input';
import { makeProduct, variantOf } from '../factories/products';
import { makeUser, type TestUser } from '../factories/users';
import { type Simulator, startSimulator } from '../helpers/paypal';
import { startSmtp, type TestSmtp } from '../helpers/smtp';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let sim: Simulator;
let smtp: TestSmtp;
beforeAll(async () => {
  sim = await startSimulator();
  smtp = await startSmtp();
  t = await createTestApp({ ...sim.env, ...smtp.env, PUBLIC_URL: 'https://shop.example.com' });
});
afterAll(async () => {
  await t.close();
  await sim.close();
  await smtp.close();
});

const ask = (user: TestUser, productId: string, variantId?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/shop/stock-alerts',
    headers: { cookie: user.cookie },
    payload: { productId, ...(variantId ? { variantId } : {}) },
  });
const waiting = async (user: TestUser) =>
  (
    await t.app.inject({
      method: 'GET',
      url: '/api/shop/stock-alerts',
      headers: { cookie: user.cookie },
    })
  ).json().data;

async function restockAsAdmin(product: { _id: string; image: string; title: string }, n: number) {
  const admin = await makeUser(t, { role: 'admin' });
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/admin/products/edit/${product._id}`,
    headers: { cookie: admin.cookie },
    payload: productInput(product.image, { title: product.title, totalStock: n }),
  });
  expect(res.statusCode).toBe(200);
}

describe('back in stock', () => {
  it('emails once when the admin restocks a sold-out product, then the request is done', async () => {
    const shopper = await makeUser(t);
    const product = await makeProduct(t, { title: 'Corduroy trousers', totalStock: 0 });
    expect((await ask(shopper, product._id)).statusCode).toBe(200);
    // Asking twice keeps one request.
    const again = await ask(shopper, product._id);
    expect(again.json().data).toEqual([
      { productId: product._id, variantId: null, createdAt: expect.any(String) },
    ]);

    await restockAsAdmin(product, 4);
    const [mail] = await smtp.waitFor(1, shopper.email);
    expect(mail!.subject).toBe('Corduroy trousers is back in stock · The E-Commerce Store');
    expect(mail!.text).toContain(`https://shop.example.com/shop/product/${product._id}`);
    expect(await waiting(shopper)).toEqual([]);

    // Sold out and back again: the request was done, no second email.
    await t.db.update(products).set({ totalStock: 0 }).where(eq(products.id, product._id));
    await restockAsAdmin(product, 2);
    await t.app.services.email.sendDue();
    expect(smtp.received.filter((m) => m.to.includes(shopper.email))).toHaveLength(1);
  });

  it('emails every waiting shopper when a cancelled order gives the last item back', async () => {
    const product = await makeProduct(t, { title: 'Last beanie', totalStock: 1 });
    const { user: buyer, addressId } = await makeShopperReady(t, [{ product }]);
    const created = await createOrder(t, buyer, addressId);
    expect(created.statusCode).toBe(201);
    const [ann, bob] = [await makeUser(t), await makeUser(t)];
    expect((await ask(ann, product._id)).statusCode).toBe(200);
    expect((await ask(bob, product._id)).statusCode).toBe(200);

    const cancel = await orderCall(t, buyer, 'cancel', { orderId: created.json().orderId });
    expect(cancel.statusCode).toBe(200);
    await smtp.waitFor(1, ann.email);
    await smtp.waitFor(1, bob.email);
    const rows = await t.db
      .select()
      .from(stockAlerts)
      .where(eq(stockAlerts.productId, product._id));
    expect(rows).toEqual([]);
  });

  it('refuses a product in stock, an unknown one, and signed-out callers', async () => {
    const shopper = await makeUser(t);
    const inStock = await makeProduct(t, { title: 'Plenty socks', totalStock: 3 });
    const res = await ask(shopper, inStock._id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Plenty socks is in stock: you can order it now');
    expect((await ask(shopper, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await ask(shopper, 'not-an-id')).statusCode).toBe(404);
    const anon = await t.app.inject({
      method: 'POST',
      url: '/api/shop/stock-alerts',
      payload: { productId: inStock._id },
    });
    expect(anon.statusCode).toBe(401);
    expect(await waiting(shopper)).toEqual([]);
  });

  it('stops waiting on request, and no email follows', async () => {
    const shopper = await makeUser(t);
    const product = await makeProduct(t, { totalStock: 0 });
    await ask(shopper, product._id);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/shop/stock-alerts/${product._id}`,
      headers: { cookie: shopper.cookie },
    });
    expect(del.json().data).toEqual([]);
    await t.db.update(products).set({ totalStock: 5 }).where(eq(products.id, product._id));
    await t.app.services.email.sendDue();
    expect(smtp.received.filter((m) => m.to.includes(shopper.email))).toEqual([]);
  });

  it('per size: only that size coming back emails, naming it; sizes in stock are refused', async () => {
    const product = await makeProduct(t, {
      title: 'Rain jacket',
      variants: [
        { size: 'S', color: 'Red', totalStock: 0 },
        { size: 'M', color: 'Red', totalStock: 3 },
      ],
    });
    const other = await makeProduct(t, { variants: [{ size: 'S', totalStock: 0 }] });
    const [small, medium] = [variantOf(product, 'S', 'Red'), variantOf(product, 'M', 'Red')];
    const [shopper, waitsForProduct] = [await makeUser(t), await makeUser(t)];

    const inStock = await ask(shopper, product._id, medium._id);
    expect(inStock.statusCode).toBe(409);
    expect(inStock.json().message).toBe('Rain jacket (M · Red) is in stock: you can order it now');
    // A size of another product, or no id at all, is unknown here.
    expect((await ask(shopper, product._id, variantOf(other, 'S')._id)).statusCode).toBe(404);
    expect((await ask(shopper, product._id, 'not-an-id')).statusCode).toBe(404);
    const res = await ask(shopper, product._id, small._id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      { productId: product._id, variantId: small._id, createdAt: expect.any(String) },
    ]);
    // The product as a whole is in stock (M), so a product-wide request is refused.
    expect((await ask(waitsForProduct, product._id)).statusCode).toBe(409);

    // M selling out and coming back is not S: nothing is sent.
    const admin = await makeUser(t, { role: 'admin' });
    const edit = (sStock: number, mStock: number) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/admin/products/edit/${product._id}`,
        headers: { cookie: admin.cookie },
        payload: productInput(product.image, {
          title: product.title,
          variants: [
            { _id: small._id, size: 'S', color: 'Red', totalStock: sStock },
            { _id: medium._id, size: 'M', color: 'Red', totalStock: mStock },
          ],
        }),
      });
    expect((await edit(0, 0)).statusCode).toBe(200);
    expect((await edit(0, 2)).statusCode).toBe(200);
    await t.app.services.email.sendDue();
    expect(smtp.received.filter((m) => m.to.includes(shopper.email))).toEqual([]);

    expect((await edit(5, 2)).statusCode).toBe(200);
    const [mail] = await smtp.waitFor(1, shopper.email);
    expect(mail!.subject).toBe('Rain jacket is back in stock · The E-Commerce Store');
    expect(mail!.text).toContain('Rain jacket (size S, colour Red) is back in stock');
    expect(await waiting(shopper)).toEqual([]);
  });

  it('stops waiting for one size, and a size the admin removes takes its requests along', async () => {
    const product = await makeProduct(t, {
      variants: [
        { size: 'S', totalStock: 0 },
        { size: 'L', totalStock: 0 },
      ],
    });
    const [small, large] = [variantOf(product, 'S'), variantOf(product, 'L')];
    const shopper = await makeUser(t);
    await ask(shopper, product._id, small._id);
    await ask(shopper, product._id, large._id);
    await ask(shopper, product._id);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/shop/stock-alerts/${product._id}?variantId=${small._id}`,
      headers: { cookie: shopper.cookie },
    });
    expect(del.statusCode).toBe(200);
    expect(
      del
        .json()
        .data.map((a: { variantId: string | null }) => a.variantId)
        .sort(),
    ).toEqual([large._id, null].sort());
    await t.db.delete(productVariants).where(eq(productVariants.id, large._id));
    expect((await waiting(shopper)).map((a: { variantId: string | null }) => a.variantId)).toEqual([
      null,
    ]);
  });
});
