import type { Product } from '@contract/catalog';
import { createProduct, expect, newShopper, signIn, test, waitForHydration } from './fixtures';
import { watch } from './page-watch';
import { type PublicShop, startPublicShop } from './public-shop';

// Storefront pages arrive rendered (DESIGN §11): they show without JavaScript, hydrate without
// console errors or layout shift, and, with PUBLIC_STOREFRONT, a visitor can browse and buy.

test('shop pages hydrate without console errors or layout shift @phone', async ({
  page,
  request,
  shopper,
}) => {
  // The cheapest product in the shop: the home page shows the 12 cheapest, and the other
  // specs leave products behind.
  const product = await createProduct(request, {
    title: 'Hydrated Hoodie',
    category: 'women',
    price: 0.5,
  });
  await signIn(page, shopper);
  await expect(page).toHaveURL(/\/shop\/home$/);
  const watched = await watch(page);
  for (const url of [
    '/shop/home',
    '/shop/listing?category=women',
    `/shop/product/${product._id}`,
    '/shop/search?keyword=hoodie',
  ]) {
    await page.goto(url);
    await page.waitForLoadState('networkidle');
    await expect(page.getByText('Hydrated Hoodie').first()).toBeVisible();
    expect(await watched.shift(), url).toBeLessThanOrEqual(0.05);
    // The loader names the page's modules to the browser a few per task: all of them, in the end.
    const modules = await page.evaluate(() => {
      const listed: string[] = JSON.parse(
        document.getElementById('app-modules')?.textContent ?? '[]',
      );
      const preloaded = [...document.querySelectorAll('link[rel="modulepreload"]')].map(
        (link) => new URL((link as HTMLLinkElement).href).pathname,
      );
      return { rest: listed.slice(1), preloaded };
    });
    expect(modules.rest.length, url).toBeGreaterThan(3);
    expect(modules.preloaded, url).toEqual(expect.arrayContaining(modules.rest));
  }
  // Hydrated, the page is the app: a card opens the product dialog over the listing.
  await page.goto('/shop/listing?category=women');
  await page
    .getByRole('link', { name: /Hydrated Hoodie/ })
    .first()
    .click();
  await expect(
    page.getByRole('dialog').getByRole('heading', { name: 'Hydrated Hoodie' }),
  ).toBeVisible();
  expect(watched.errors).toEqual([]);
});

test('the sign-in pages work before their code and hydrate without errors or layout shift @phone', async ({
  page,
}) => {
  const watched = await watch(page);
  for (const url of ['/auth/login', '/auth/register', '/auth/forgot-password']) {
    await page.goto(url);
    await page.waitForLoadState('networkidle');
    expect(await watched.shift(), url).toBeLessThanOrEqual(0.05);
  }
  expect(watched.errors).toEqual([]);
});

test.describe('a public storefront', () => {
  let shop: PublicShop;
  let base: string;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    shop = await startPublicShop(Number(process.env.E2E_PORT) + 3);
    base = shop.base;
  });
  test.afterAll(async () => {
    await shop?.stop();
  });

  test('shows a product to a browser without JavaScript, with its structured data', async ({
    browser,
  }) => {
    const listing = await (await fetch(`${base}/api/shop/products/get?limit=1`)).json();
    const product = listing.data[0] as Product;
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: base });
    const page = await context.newPage();
    await page.goto(`/shop/product/${product._id}`);
    await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
    await expect(page.getByRole('img', { name: product.title })).toBeVisible();
    const price = product.salePrice > 0 ? product.salePrice : product.price;
    await expect(page.getByText(`$${price.toFixed(2)}`).first()).toBeVisible();
    const ld = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}',
    );
    expect(ld.offers.availability).toMatch(/InStock|OutOfStock/);
    await context.close();
  });

  test('lets a visitor browse, asks them to sign in to buy, and brings them back with the item in the cart', async ({
    browser,
  }) => {
    const shopper = newShopper();
    const context = await browser.newContext({ baseURL: base });
    const page = await context.newPage();
    const watched = await watch(page);
    await page.goto('/');
    await expect(page).toHaveURL(/\/shop\/home$/);
    await page
      .getByRole('link', { name: 'Shop all products' })
      .or(page.getByRole('link', { name: 'All Products' }))
      .first()
      .click();
    await expect(page).toHaveURL(/\/shop\/listing/);
    const card = page.getByRole('article').first();
    await expect(card).toBeVisible();
    // The product opens as a dialog over the listing once the page's code runs (before, the
    // link loads the product's own page: issue 29 is about taps before the code).
    await waitForHydration(page);
    await card.getByRole('link').first().click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    // The dialog opens at once and says so while its product loads.
    const heading = dialog.getByRole('heading').first();
    await expect(heading).not.toHaveText('Loading product');
    const title = (await heading.textContent()) ?? '';
    // A size first, when the product has them.
    const size = dialog
      .getByRole('radiogroup', { name: /Size/ })
      .getByRole('radio', { disabled: false });
    if ((await size.count()) > 0) await size.first().check();
    const productUrl = page.url();
    await dialog.getByRole('button', { name: 'Add to Cart' }).click();

    await expect(page).toHaveURL(/\/auth\/login\?redirect=/);
    await page.getByRole('link', { name: 'Register' }).click();
    await page.getByLabel('User Name').fill(shopper.userName);
    await page.getByLabel('Email').fill(shopper.email);
    await page.getByLabel('Password').fill(shopper.password);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    // Registering keeps the way back: the sign-in page still knows where the visitor was.
    await expect(page).toHaveURL(/\/auth\/login\?redirect=/);
    await page.getByLabel('Email').fill(shopper.email);
    await page.getByLabel('Password').fill(shopper.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(new URL(productUrl).pathname);
    await expect(page.getByRole('button', { name: 'Cart, 1 item' }).first()).toBeVisible();
    await page.getByRole('button', { name: 'Cart, 1 item' }).first().click();
    await expect(page.getByRole('dialog').getByText(title)).toBeVisible();
    expect(watched.errors).toEqual([]);
    await context.close();
  });
});
