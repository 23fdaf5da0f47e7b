import { hasOptions, type ProductCard } from '@contract/catalog';
import type { Page } from '@playwright/test';
import { expect, newShopper, test, waitForHydration } from './fixtures';
import { type PublicShop, startPublicShop } from './public-shop';

// An EU shop (PRICES_INCLUDE_TAX=true, SHOP_COUNTRY=DE) on the demo data: product pages say
// their price contains VAT, and the checkout and the order show the VAT inside the total
// instead of adding it. Demo settings: International $19.99 to Germany, VAT 19%, shipping taxed.
// Set E2E_SCREENSHOTS to a folder to keep a picture of the product page and the checkout.
const shots = process.env.E2E_SCREENSHOTS;
let shop: PublicShop;
let product: ProductCard;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  shop = await startPublicShop(Number(process.env.E2E_PORT) + 6, {
    PRICES_INCLUDE_TAX: 'true',
    SHOP_COUNTRY: 'DE',
  });
  const listing = await (await fetch(`${shop.base}/api/shop/products/get?limit=50`)).json();
  const simple = (listing.data as ProductCard[]).find((p) => !hasOptions(p) && p.totalStock > 1);
  if (!simple) throw new Error('the demo catalogue has no product without sizes');
  product = simple;
});
test.afterAll(async () => {
  await shop?.stop();
});

/** The VAT a gross amount contains at 19%, half-up on the cent (docs/pricing.md). */
const vatIn = (grossCents: number) => Math.floor((2 * grossCents * 19 + 119) / 238);
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const figure = (page: Page, summary: string, label: string) =>
  page.getByLabel(summary).locator(`dt:text-is("${label}") + dd`);

test('product pages say "incl. VAT", even before their JavaScript runs', async ({ browser }) => {
  const html = await (await fetch(`${shop.base}/shop/product/${product._id}`)).text();
  expect(html).toContain('incl. VAT');

  const context = await browser.newContext({ baseURL: shop.base });
  const page = await context.newPage();
  await page.goto(`/shop/product/${product._id}`);
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
  await expect(page.getByText('incl. VAT')).toBeVisible();
  if (shots) await page.screenshot({ path: `${shots}/eu-product-1280.png` });
  await context.close();
});

test('a shopper in Germany sees the VAT the total contains, at checkout and on the order', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const shopper = newShopper();
  const res = await fetch(`${shop.base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: shop.base },
    body: JSON.stringify(shopper),
  });
  expect(res.status).toBe(201);
  const context = await browser.newContext({ baseURL: shop.base });
  const page = await context.newPage();
  await page.goto('/auth/login');
  await waitForHydration(page);
  await page.getByLabel('Email').fill(shopper.email);
  await page.getByLabel('Password').fill(shopper.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/shop\/home$/);

  await page.goto(`/shop/product/${product._id}`);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Product is added to cart')).toBeVisible();
  await page.goto('/shop/checkout');
  await waitForHydration(page);

  // A new address starts in the shop's country.
  await expect(page.getByRole('combobox', { name: 'Country' })).toHaveValue('DE');
  await page.getByRole('textbox', { name: 'Address', exact: true }).fill('Unter den Linden 1');
  await page.getByRole('textbox', { name: 'City', exact: true }).fill('Berlin');
  await page.getByRole('textbox', { name: 'Postcode', exact: true }).fill('10117');
  await page.getByRole('textbox', { name: 'Phone', exact: true }).fill('+49 30 1234567');
  await page.getByRole('textbox', { name: 'Notes', exact: true }).fill('Hof');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('Address added successfully')).toBeVisible();
  // A new address is the one delivered to at once.
  await expect(page.getByRole('button', { name: 'Selected' })).toBeVisible();

  const priceCents = Math.round((product.salePrice > 0 ? product.salePrice : product.price) * 100);
  const shippingCents = 1999;
  const total = dollars(priceCents + shippingCents);
  const vat = dollars(vatIn(priceCents) + vatIn(shippingCents));
  await expect(page.getByRole('radio', { name: /International/ })).toBeChecked();
  await expect(figure(page, 'Order summary', 'Shipping (International)')).toHaveText('$19.99');
  await expect(figure(page, 'Order summary', 'Total')).toHaveText(total);
  await expect(figure(page, 'Order summary', 'Includes VAT 19%')).toHaveText(vat);
  await expect(page.getByLabel('Order summary').getByText(/^Tax/)).toHaveCount(0);
  if (shots) await page.screenshot({ path: `${shots}/eu-checkout-1280.png`, fullPage: true });

  await page.getByRole('button', { name: 'Checkout with Paypal' }).click();
  await expect(page).toHaveURL(/\/paypal-sandbox\/checkoutnow\?token=/);
  await expect(page.getByText(`Total: ${total} USD`)).toBeVisible();
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page).toHaveURL(/\/shop\/payment-success\?order=/);
  await expect(figure(page, 'Price breakdown', 'Total')).toHaveText(total);
  await expect(figure(page, 'Price breakdown', 'Includes VAT 19%')).toHaveText(vat);
  await context.close();
});
