import { randomBytes } from 'node:crypto';
import { hasOptions, type ProductCard } from '@contract/catalog';
import type { Page } from '@playwright/test';
import type { ParsedMail } from 'mailparser';
import { expect, test, waitForHydration } from './fixtures';
import { mailTo } from './mail';

import { type PublicShop, startPublicShop } from './public-shop';

// GUEST_CHECKOUT=true on the demo shop: a visitor buys without an account and finds the order
// again by its number and email. Screenshots of the checkout and the order page go to
// test-results/ (guest-*.png), at the phone's 390 px and the desktop's 1280 px.
let shop: PublicShop;
let product: ProductCard;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  shop = await startPublicShop(Number(process.env.E2E_PORT) + 7, { GUEST_CHECKOUT: 'true' });
  const listing = await (await fetch(`${shop.base}/api/shop/products/get?limit=50`)).json();
  const simple = (listing.data as ProductCard[]).find((p) => !hasOptions(p) && p.totalStock > 2);
  if (!simple) throw new Error('the demo catalogue has no product without sizes');
  product = simple;
});
test.afterAll(async () => {
  await shop?.stop();
});

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/guest-${name}.png`, fullPage: true });

/** The link to the order's status page in a mail of the shop. */
const statusLink = (text: string | undefined) =>
  text?.match(/https?:\/\/\S+\/shop\/order\/[\w-]{43}/)?.[0] ?? '';

/** Whom the guest's parcels are for: the label, the order page and the mail name them. */
const recipient = 'Rosa Recipient';

/** Fills the guest checkout's contact and delivery fields, as a person would. */
async function fillDetails(page: Page, email: string) {
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Full name' }).fill(recipient);
  await page.getByRole('textbox', { name: 'Address', exact: true }).fill('12 Ocean Avenue');
  await page.getByRole('textbox', { name: 'City', exact: true }).fill('San Diego');
  await expect(page.getByRole('combobox', { name: 'Country' })).toHaveValue('US');
  await page.getByRole('combobox', { name: 'Region' }).selectOption('CA');
  await page.getByRole('textbox', { name: 'ZIP code', exact: true }).fill('92101');
  await page.getByRole('textbox', { name: 'Phone', exact: true }).fill('+1 555 0177');
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a guest buys through the UI and finds the order by number and email @phone-only', async ({
    browser,
  }) => {
    test.setTimeout(150_000);
    const email = `guest-${randomBytes(4).toString('hex')}@example.com`;
    const context = await browser.newContext({
      baseURL: shop.base,
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();

    await page.goto(`/shop/product/${product._id}`);
    await waitForHydration(page);
    // No sign-in asked: the cart is the visitor's own.
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByText('Product is added to cart')).toBeVisible();
    await page.getByRole('button', { name: 'Cart, 1 item' }).click();
    const cart = page.getByRole('dialog', { name: 'Your Cart' });
    await expect(cart.getByText(product.title)).toBeVisible();
    await cart.getByRole('button', { name: 'Checkout' }).click();
    await expect(page).toHaveURL(/\/shop\/checkout$/);

    // A missing field is named before anything is sent.
    await page.getByRole('button', { name: 'Checkout with Paypal' }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Full name is required')).toBeVisible();
    await fillDetails(page, email);
    const summary = page.getByLabel('Order summary');
    await expect(summary.getByText(/California/)).toBeVisible();
    await expect(page.getByRole('radio', { name: /Standard/ })).toBeChecked();
    await shot(page, 'checkout-390');

    await page.getByRole('button', { name: 'Checkout with Paypal' }).click();
    await expect(page).toHaveURL(/\/paypal-sandbox\/checkoutnow\?token=/);
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page).toHaveURL(/\/shop\/order\/[\w-]{43}\?paid=1$/);
    await expect(page.getByRole('heading', { name: 'Payment is successful!' })).toBeVisible();
    await expect(page.getByText(product.title)).toBeVisible();
    await expect(page.getByText('12 Ocean Avenue')).toBeVisible();
    // The shipping info begins with whom the parcel is for.
    await expect(page.locator('address').getByText(recipient, { exact: true })).toBeVisible();
    const number =
      (await page
        .getByText(/^#\d{6,}$/)
        .first()
        .textContent()) ?? '';
    expect(number).toMatch(/^#\d{6,}$/);
    await expect(page.getByRole('button', { name: 'Cart, 0 items' })).toBeVisible();
    await shot(page, 'status-390');

    // The confirmation links to the order's page.
    const [confirmation] = await mailTo(email, 1, shop.dataDir);
    expect(confirmation!.subject).toContain(`Order ${number} confirmed`);
    expect(confirmation!.text).toContain(`Hello ${recipient},`);
    const confirmed = statusLink(confirmation!.text);
    expect(confirmed).not.toBe('');

    // Lost it: the lookup mails a new link to the order's email.
    await page.goto('/shop/order/lookup');
    await waitForHydration(page);
    await page.getByRole('textbox', { name: 'Order number' }).fill(number);
    await page.getByRole('textbox', { name: 'Email' }).fill(email.toUpperCase());
    await page.getByRole('button', { name: 'Email me the link' }).click();
    await expect(page.getByRole('status')).toHaveText(/If an order with this number/);
    const isLookup = (m: ParsedMail) => m.subject?.startsWith(`Your order ${number}`) ?? false;
    const lookup = (await mailTo(email, isLookup, shop.dataDir)).find(isLookup);
    const link = statusLink(lookup?.text);
    expect(link).not.toBe('');
    expect(link).not.toBe(confirmed);

    await page.goto(link);
    await expect(page.getByRole('heading', { name: `Order ${number}` })).toBeVisible();
    await expect(page.getByText(product.title)).toBeVisible();
    await context.close();
  });
});

test('on a desktop a guest’s checkout and order page, and the lookup’s answer', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const email = `guest-${randomBytes(4).toString('hex')}@example.com`;
  const context = await browser.newContext({
    baseURL: shop.base,
    viewport: { width: 1280, height: 900 },
  });
  const page = await context.newPage();
  await page.goto(`/shop/product/${product._id}`);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Product is added to cart')).toBeVisible();
  await page.goto('/shop/checkout');
  await waitForHydration(page);
  await fillDetails(page, email);
  await expect(page.getByLabel('Order summary').getByText(/California/)).toBeVisible();
  await shot(page, 'checkout-1280');
  await page.getByRole('button', { name: 'Checkout with Paypal' }).click();
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('heading', { name: 'Payment is successful!' })).toBeVisible();
  await expect(page.locator('address').getByText(recipient, { exact: true })).toBeVisible();
  await shot(page, 'status-1280');

  // The order page is server-rendered, not indexed, and shows the order before its code runs.
  const html = await (await fetch(page.url())).text();
  expect(html).toContain('<meta name="robots" content="noindex">');
  expect(html).toContain(product.title);

  // A number that is not the email's order gets the same answer, and no mail.
  await page.goto('/shop/order/lookup');
  await waitForHydration(page);
  await page.getByRole('textbox', { name: 'Order number' }).fill('#1');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Email me the link' }).click();
  await expect(page.getByRole('status')).toHaveText(/If an order with this number/);
  await shot(page, 'lookup-1280');
  await context.close();
});
