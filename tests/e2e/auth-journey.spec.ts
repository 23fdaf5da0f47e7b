import { PASSWORD_RULE } from '@contract/auth-notices';
import type { Product } from '@contract/catalog';
import type { Page } from '@playwright/test';
import { admin, expect, newShopper, type Shopper, test } from './fixtures';
import { watch } from './page-watch';
import { type PublicShop, startPublicShop } from './public-shop';

// A new shopper's way in: sign up, sign in with the email already there, and come
// back to the page they were on, with no blank page between and a way back to the shop.

const SHOP_NAME = 'The E-Commerce Store';

async function signUp(page: Page, shopper: Shopper) {
  await page.getByLabel('User Name').fill(shopper.userName);
  await page.getByLabel('Email').fill(shopper.email);
  await page.getByLabel('Password').fill(shopper.password);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('Registration successful')).toBeVisible();
}

async function signInWith(page: Page, who: { email: string; password: string }) {
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/**
 * Records whether the page ever showed nothing (an empty #root) from now on, and holds every
 * script not loaded yet for a moment, as a slow line does: the next page's code comes late.
 */
async function watchForBlank(page: Page) {
  await page.route('**/assets/*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.evaluate(() => {
    const root = document.getElementById('root')!;
    const w = window as unknown as { __wasBlank: boolean };
    w.__wasBlank = false;
    new MutationObserver(() => {
      if (!root.innerText.trim()) w.__wasBlank = true;
    }).observe(root, { childList: true, subtree: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { __wasBlank: boolean }).__wasBlank);
}

test('a new shopper signs up, finds the email filled in and the password to type, and lands on the shop @phone', async ({
  page,
}, testInfo) => {
  const { errors } = await watch(page);
  const shopper = newShopper();
  await page.goto('/auth/register');
  // The rule is said before submit, and read out with the field.
  await expect(page.getByLabel('Password')).toHaveAccessibleDescription(PASSWORD_RULE);
  await expect(page.getByText(PASSWORD_RULE)).toBeVisible();
  await expect(page.getByLabel('User Name')).toBeVisible();
  await expect(page.getByText("Don't have an account")).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('register.png'), fullPage: true });

  await signUp(page, shopper);
  // The email travels in the history entry, not in the address (nor the password anywhere).
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
  await expect(page.getByText("Don't have an account")).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(shopper.email);
  await expect(page.getByLabel('Password')).toBeFocused();
  await expect(page.getByLabel('Password')).toHaveValue('');
  await page.screenshot({ path: testInfo.outputPath('sign-in-after-sign-up.png'), fullPage: true });

  const wasBlank = await watchForBlank(page);
  await page.keyboard.type(shopper.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/shop\/home$/);
  await expect(page.getByRole('heading', { name: 'Feature Products' })).toBeVisible();
  expect(await wasBlank()).toBe(false);
  expect(errors).toEqual([]);
});

test('a signed-out visitor of a guarded page signs up and signs in, and is back on it at once @phone', async ({
  page,
}) => {
  const { errors } = await watch(page);
  const shopper = newShopper();
  await page.goto('/shop/account?tab=orders');
  await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fshop%2Faccount%3Ftab%3Dorders$/);
  await page.getByRole('link', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/auth\/register\?redirect=%2Fshop%2Faccount%3Ftab%3Dorders$/);
  await signUp(page, shopper);
  await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fshop%2Faccount%3Ftab%3Dorders$/);
  await expect(page.getByLabel('Email')).toHaveValue(shopper.email);
  await expect(page.getByLabel('Password')).toBeFocused();

  // The account page's code is held back: the sign-in page stays until it can show.
  const wasBlank = await watchForBlank(page);
  await page.getByLabel('Password').fill(shopper.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/shop\/account\?tab=orders$/);
  await expect(page.getByRole('heading', { name: 'Account', exact: true })).toBeVisible();
  expect(await wasBlank()).toBe(false);
  // The account page's own code builds zod schemas, whose first one probes for eval (refused by
  // the CSP, nothing breaks): that page's matter, not the journey's. Everything else counts.
  expect(errors.filter((e) => !/^CSP refused script-src in .*\/schemas-/.test(e))).toEqual([]);
});

test('a sign-in link that points off the site stays on the shop @phone', async ({
  page,
  shopper,
}) => {
  for (const target of ['//evil.example/shop', 'https://evil.example/shop', '/\\evil.example']) {
    await page.context().clearCookies();
    await page.goto(`/auth/login?redirect=${encodeURIComponent(target)}`);
    await signInWith(page, shopper);
    await expect(page).toHaveURL(/\/shop\/home$/);
    expect(new URL(page.url()).host).toBe(new URL(test.info().project.use.baseURL!).host);
  }
});

test('an admin sent to sign in from a shop page lands on the back office, as SPEC §6 says', async ({
  page,
}) => {
  await page.goto('/auth/login?redirect=%2Fshop%2Fcheckout');
  await signInWith(page, admin);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
});

test.describe('on a shop open to visitors', () => {
  let shop: PublicShop;
  let product: Product;
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    shop = await startPublicShop(Number(process.env.E2E_PORT) + 13);
    const listing = await (await fetch(`${shop.base}/api/shop/products/get?limit=10`)).json();
    product = (listing.data as Product[])[0]!;
  });
  test.afterAll(async () => {
    await shop?.stop();
  });

  test("the shop's name on the sign-in page leads home, and signing in from a product returns to it @phone", async ({
    page,
  }, testInfo) => {
    const { errors } = await watch(page);
    await page.goto(`${shop.base}/auth/login`);
    await page.screenshot({ path: testInfo.outputPath('sign-in.png'), fullPage: true });
    await page.getByRole('link', { name: SHOP_NAME }).click();
    await expect(page).toHaveURL(`${shop.base}/shop/home`);
    await expect(page.getByRole('heading', { name: 'Feature Products' })).toBeVisible();

    const shopper = newShopper();
    const res = await fetch(`${shop.base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: shop.base },
      body: JSON.stringify(shopper),
    });
    expect(res.status).toBe(201);
    await page.goto(`${shop.base}/shop/product/${product._id}`);
    await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/auth\/login\?redirect=/);
    await signInWith(page, shopper);
    await expect(page).toHaveURL(`${shop.base}/shop/product/${product._id}`);
    await expect(page.getByRole('heading', { name: product.title })).toBeVisible();
    expect(errors).toEqual([]);
  });
});
