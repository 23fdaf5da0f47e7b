import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { products } from '../../server/src/db/schema';
import { importCsv, productsCsv } from '../factories/csv';
import { uploadImage } from '../factories/images';
import { makeUser, type TestUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';

// An import that updates products a checkout is buying at the same moment. A checkout locks its
// products in id order (StockService.lock); the import's UPDATE locked them in the order its plan
// met them (here: on disk, the order they were made in), so a checkout holding one while the
// import held another waited for each other and PostgreSQL aborted the import (409, every run).
// The import now locks its products in id order first. PGlite runs one transaction at a time:
// there the import waits for the checkout's end, and the test checks the answers alone.
let t: TestApp;
let admin: TestUser;
let imageName: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await makeUser(t, { role: 'admin' });
  imageName = (await uploadImage(t, admin)).split('/').pop()!;
});
afterAll(() => t.close());

const row = (sku: string, price: string) => ({
  'product sku': sku,
  title: `Locked tee ${sku}`,
  description: 'Imported while it sells',
  category: 'men',
  brand: 'nike',
  price,
  image: imageName,
  stock: 5,
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it('an import and a checkout of the same products queue instead of deadlocking', async () => {
  // Two products whose order on disk (the order they were made in) is not their id order: made
  // one after the other until a pair is so (each pair is, one time in two).
  const made = async (sku: string) => {
    const answer = await importCsv(t, admin, productsCsv([row(sku, '10.00')]));
    expect(answer.json()).toMatchObject({ success: true, created: 1 });
    const [found] = await t.db
      .select({ id: products.id, sku: products.sku })
      .from(products)
      .where(eq(products.sku, sku));
    return found!;
  };
  let pair: { id: string; sku: string | null }[] = [];
  for (let n = 0; n < 30 && pair.length === 0; n += 1) {
    const older = await made(`LK-${n}-A`);
    const newer = await made(`LK-${n}-B`);
    if (older.id > newer.id) pair = [newer, older];
  }
  // `first` sorts first by id (the one a checkout locks first) but lies after `second` on disk.
  const [first, second] = pair;
  expect(first && second).toBeTruthy();
  const lock = (id: string) => sql`select id from products where id = ${id} for no key update`;

  let importing: ReturnType<typeof importCsv> | undefined;
  await t.db.transaction(async (tx) => {
    // As a checkout of both: the first product locked...
    await tx.execute(lock(first!.id));
    // ...while an admin imports both...
    importing = importCsv(
      t,
      admin,
      productsCsv([row(second!.sku!, '12.00'), row(first!.sku!, '12.00')]),
    );
    await sleep(300);
    // ...then the checkout's second lock, and its commit.
    await tx.execute(lock(second!.id));
  });
  const imported = await importing!;
  expect(imported.statusCode, imported.body).toBe(200);
  expect(imported.json()).toMatchObject({ success: true, updated: 2 });
  const prices = await t.db
    .select({ price: products.priceCents })
    .from(products)
    .where(eq(products.id, second!.id));
  expect(prices).toEqual([{ price: 1200 }]);
});
