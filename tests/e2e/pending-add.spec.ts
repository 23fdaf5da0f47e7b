import { hasOptions, type ProductCard } from '@contract/catalog';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, newShopper, type Shopper, test, waitForHydration } from './fixtures';
import { type PublicShop, startPublicShop } from './public-shop';

// A visitor's Add to Cart waits for the sign-in it asks for (web/src/features/cart/pending-add.ts).
// People sign in in another tab: the item must arrive once, whichever tab they come back to.
let shop: PublicShop;
let product: ProductCard;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  shop = await startPublicShop(Number(process.env.E2E_PORT) + 4);
  const listing = await (await fetch(`${shop.base}/api/shop/products/get?limit=50`)).json();
  const simple = (listing.data as ProductCard[]).find((p) => !hasOptions(p) && p.totalStock > 1);
  if (!simple) throw new Error('the demo catalogue has no product without sizes');
  product = simple;
});
test.afterAll(async () => {
  await shop?.stop();
});

async function registered(): Promise<Shopper> {
  const shopper = newShopper();
  const res = await fetch(`${shop.base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: shop.base },
    body: JSON.stringify(shopper),
  });
  expect(res.status).toBe(201);
  return shopper;
}

async function open(context: BrowserContext, url: string) {
  const page = await context.newPage();
  await page.goto(url);
  await waitForHydration(page);
  return page;
}

async function signInOn(page: Page, shopper: Shopper) {
  await page.getByLabel('Email').fill(shopper.email);
  await page.getByLabel('Password').fill(shopper.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/**
 * A new visitor (their own browser context, and the account they will sign in with) presses
 * Add to Cart on the product page and is sent to sign in.
 */
async function visitorAdds(browser: Browser) {
  const shopper = await registered();
  const context = await browser.newContext({ baseURL: shop.base });
  const page = await open(context, `/shop/product/${product._id}`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fshop%2Fproduct%2F/);
  return { shopper, context, page };
}

/** The quantities of this product's lines in the signed-in shopper's cart, from the API. */
async function linesOfProduct(context: BrowserContext) {
  const auth = await (await context.request.get('/api/auth/check-auth')).json();
  const cart = await (await context.request.get(`/api/shop/cart/get/${auth.user.id}`)).json();
  return (cart.data.items as { productId: string; quantity: number }[])
    .filter((item) => item.productId === product._id)
    .map((item) => item.quantity);
}

test('a visitor who signs in in a second tab gets the item there, and only once after returning to the first', async ({
  browser,
}) => {
  const { shopper, context, page: first } = await visitorAdds(browser);

  const second = await open(context, '/auth/login');
  await signInOn(second, shopper);
  await expect(second).toHaveURL(/\/shop\/home$/);
  await expect(second.getByRole('button', { name: 'Cart, 1 item' }).first()).toBeVisible();

  // Back in the first tab, still showing the sign-in form: reloading it lands on the product.
  await first.bringToFront();
  await first.reload();
  await waitForHydration(first);
  await expect(first).toHaveURL(new RegExp(`/shop/product/${product._id}$`));
  await expect(first.getByRole('button', { name: 'Cart, 1 item' }).first()).toBeVisible();
  await first.waitForLoadState('networkidle');
  expect(await linesOfProduct(context)).toEqual([1]);
  await context.close();
});

test('a tab opened from the first one adds the item once, not once per tab', async ({
  browser,
}) => {
  const { shopper, context, page: first } = await visitorAdds(browser);

  // A tab the page opens (as a duplicated tab) starts with a copy of the first tab's session
  // storage; the visitor signs in there.
  const opened = context.waitForEvent('page');
  await first.evaluate(() => window.open('/auth/login'));
  const second = await opened;
  await second.waitForLoadState();
  await waitForHydration(second);
  await signInOn(second, shopper);
  await expect(second.getByRole('button', { name: 'Cart, 1 item' }).first()).toBeVisible();

  // Back in the first tab the visitor signs in again on the form still shown there.
  await first.bringToFront();
  await signInOn(first, shopper);
  await expect(first).toHaveURL(new RegExp(`/shop/product/${product._id}$`));
  await expect(first.getByRole('button', { name: 'Cart, 1 item' }).first()).toBeVisible();
  await first.waitForLoadState('networkidle');
  expect(await linesOfProduct(context)).toEqual([1]);
  await context.close();
});

test('the cart shows the pending item even when the cart read that began before the add answers after it', async ({
  browser,
}) => {
  const { shopper, context, page } = await visitorAdds(browser);
  // The header's cart read starts as the shopper lands, just before the pending add: hold its
  // (empty) answer until the add has answered, the order CI once met by chance.
  let added!: () => void;
  const addAnswered = new Promise<void>((resolve) => {
    added = resolve;
  });
  page.on('response', (response) => {
    if (response.url().endsWith('/api/shop/cart/add')) added();
  });
  await page.route('**/api/shop/cart/get/*', async (route) => {
    const early = await route.fetch();
    await addAnswered;
    await new Promise((resolve) => setTimeout(resolve, 300));
    // The app may have given up on this read; then there is nothing to answer.
    await route.fulfill({ response: early }).catch(() => {});
  });
  await signInOn(page, shopper);
  await expect(page).toHaveURL(new RegExp(`/shop/product/${product._id}$`));
  await expect(page.getByRole('button', { name: 'Cart, 1 item' }).first()).toBeVisible();
  // Still one a moment later: no older answer replaces it.
  await page.waitForTimeout(1000);
  await expect(page.getByRole('button', { name: 'Cart, 1 item' }).first()).toBeVisible();
  expect(await linesOfProduct(context)).toEqual([1]);
  await context.close();
});
