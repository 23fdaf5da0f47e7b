import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { hasOptions, type ProductCard } from '@contract/catalog';
import { erasureBlockedMessage } from '@contract/privacy';
import { request as api, type Browser, type Page } from '@playwright/test';
import type { ParsedMail } from 'mailparser';
import { admin, animationsDone, expect, test, waitForHydration } from './fixtures';
import { mailTo } from './mail';
import { type PublicShop, startPublicShop } from './public-shop';

// A guest's data request (GDPR art. 15, 17, 20): from the lookup page, by order number and
// email, proven by the link mailed to the order's email; the download, then the erasure, which
// waits for the delivery. Screenshots go to test-results/guest-privacy-*.png (390 and 1366 px).
let shop: PublicShop;
let product: ProductCard;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  shop = await startPublicShop(Number(process.env.E2E_PORT) + 11, {
    GUEST_CHECKOUT: 'true',
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
  });
  const listing = await (await fetch(`${shop.base}/api/shop/products/get?limit=50`)).json();
  const simple = (listing.data as ProductCard[]).find((p) => !hasOptions(p) && p.totalStock > 2);
  if (!simple) throw new Error('the demo catalogue has no product without sizes');
  product = simple;
});
test.afterAll(async () => {
  await shop?.stop();
});

const fitsTheScreen = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** A guest's paid order, placed through the API as the checkout page sends it, approved at PayPal. */
async function placeGuestOrder(page: Page, email: string) {
  const headers = { origin: shop.base };
  const post = async (url: string, data: object) => {
    const res = await page.request.post(url, { data, headers });
    expect(res.ok(), await res.text()).toBe(true);
    return res.json();
  };
  await post('/api/shop/cart/add', { userId: 'guest', productId: product._id, quantity: 1 });
  const order = await post('/api/shop/order/create', {
    userId: 'guest',
    email,
    addressInfo: {
      name: 'Gabi Guest',
      address: '12 Ocean Avenue',
      city: 'San Diego',
      pincode: '92101',
      phone: '+1 555 0177',
      country: 'US',
      region: 'CA',
    },
  });
  await page.goto(order.approvalURL);
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page).toHaveURL(/\/shop\/order\/[\w-]{43}\?paid=1$/);
  const statusToken = new URL(page.url()).pathname.split('/').pop() ?? '';
  const status = await page.request.get(`/api/shop/order/status/${statusToken}`);
  return { ...(await status.json()).data, statusToken } as {
    _id: string;
    orderNumber: number;
    cartItems: { lineId: string; quantity: number }[];
    statusToken: string;
  };
}

/** The shop ships the order's lines and marks the order delivered. */
async function deliver(order: Awaited<ReturnType<typeof placeGuestOrder>>) {
  const adminApi = await api.newContext({
    baseURL: shop.base,
    extraHTTPHeaders: { origin: shop.base },
  });
  expect((await adminApi.post('/api/auth/login', { data: admin })).status()).toBe(200);
  const lines = order.cartItems.map((l) => ({ lineId: l.lineId, quantity: l.quantity }));
  const shipped = await adminApi.post(`/api/admin/orders/${order._id}/shipments`, {
    data: { lines, carrier: 'usps', trackingNumber: '9400100000000000000000' },
  });
  expect(shipped.status(), await shipped.text()).toBe(201);
  const delivered = await adminApi.put(`/api/admin/orders/update/${order._id}`, {
    data: { orderStatus: 'delivered' },
  });
  expect(delivered.status(), await delivered.text()).toBe(200);
  await adminApi.dispose();
}

/** Asks from the request page, and answers the privacy link then mailed to `email`. */
async function askFor(page: Page, number: number, email: string, button: string, shot: string) {
  await page.goto('/shop/order/privacy');
  await waitForHydration(page);
  await page.getByRole('textbox', { name: 'Order number' }).fill(`#${number}`);
  await page.getByRole('textbox', { name: 'Email' }).fill(email.toUpperCase());
  await page.getByRole('button', { name: button }).click();
  await expect(page.getByRole('status')).toHaveText(/If an order with this number/);
  await page.screenshot({ path: `${shot}-asked.png`, fullPage: true });
  const subject =
    button === 'Erase my data' ? 'Confirm the erasure of your data' : 'Download your data';
  const isIt = (m: ParsedMail) => m.subject?.startsWith(`${subject} (order #${number})`) ?? false;
  const mail = (await mailTo(email, isIt, shop.dataDir)).find(isIt);
  const link = mail?.text?.match(/https?:\/\/\S+\/shop\/order\/privacy\/[\w-]{43}/)?.[0] ?? '';
  expect(link).not.toBe('');
  return link;
}

async function journey(browser: Browser, width: number, height: number) {
  const shot = `test-results/guest-privacy-${width}`;
  const isPhone = width < 640;
  const context = await browser.newContext({
    baseURL: shop.base,
    viewport: { width, height },
    ...(isPhone ? { isMobile: true, hasTouch: true } : {}),
  });
  const page = await context.newPage();
  const email = `guest-${randomBytes(4).toString('hex')}@example.com`;
  const order = await placeGuestOrder(page, email);

  // From the lookup page, where a guest looks for their orders.
  await page.goto('/shop/order/lookup');
  await waitForHydration(page);
  await page.getByRole('link', { name: 'Ask for your data' }).click();
  await expect(page).toHaveURL(/\/shop\/order\/privacy$/);
  await expect(page.getByRole('heading', { name: 'Your data from a guest order' })).toBeVisible();
  expect(await fitsTheScreen(page)).toBe(true);
  await page.screenshot({ path: `${shot}-request.png`, fullPage: true });

  // The download link: what it covers, and the JSON file.
  const downloadLink = await askFor(page, order.orderNumber, email, 'Download my data', shot);
  await page.goto(downloadLink);
  await expect(page.getByRole('heading', { name: 'Download your data' })).toBeVisible();
  const covers = page.getByRole('region', { name: 'What this link covers' });
  await expect(covers).toContainText(`#${order.orderNumber}`);
  await expect(page.getByRole('button', { name: 'Erase my data' })).toHaveCount(0);
  expect(await fitsTheScreen(page)).toBe(true);
  await page.screenshot({ path: `${shot}-download.png`, fullPage: true });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download my data' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^my-order-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await readFile((await download.path())!, 'utf8'));
  expect(data.email.toLowerCase()).toBe(email);
  expect(data.orders).toEqual([
    expect.objectContaining({
      _id: order._id,
      addressInfo: expect.objectContaining({ address: '12 Ocean Avenue' }),
    }),
  ]);
  expect(data.emails.length).toBeGreaterThan(0);

  // The erasure link: refused while the order is on its way, with the reason.
  const eraseLink = await askFor(page, order.orderNumber, email, 'Erase my data', shot);
  await page.goto(eraseLink);
  await expect(page.getByRole('heading', { name: 'Erase your data' })).toBeVisible();
  await expect(page.getByText(/country, region and postcode/).first()).toBeVisible();
  expect(await fitsTheScreen(page)).toBe(true);
  await page.screenshot({ path: `${shot}-erase.png`, fullPage: true });
  await page.getByRole('button', { name: 'Erase my data' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Erase the data of your orders?' });
  await expect(confirm).toBeVisible();
  await animationsDone(page);
  await page.screenshot({ path: `${shot}-confirm.png` });
  await confirm.getByRole('button', { name: 'Erase my data' }).click();
  await expect(page.getByRole('alert')).toHaveText(erasureBlockedMessage(order.orderNumber));
  await page.screenshot({ path: `${shot}-refused.png`, fullPage: true });

  // Delivered, it goes: the page says what was kept, and the links stop working.
  await deliver(order);
  await page.getByRole('button', { name: 'Erase my data' }).click();
  await confirm.getByRole('button', { name: 'Erase my data' }).click();
  await expect(page.getByRole('status')).toContainText(
    'The personal data of your orders was erased',
  );
  expect(await fitsTheScreen(page)).toBe(true);
  await page.screenshot({ path: `${shot}-erased.png`, fullPage: true });
  await page.goto(eraseLink);
  await expect(page.getByRole('heading', { name: 'This link no longer works' })).toBeVisible();
  await page.goto(`/shop/order/${order.statusToken}`);
  await expect(page.getByRole('heading', { name: 'We could not find this order' })).toBeVisible();
  await context.close();
}

test('on a phone a guest downloads the data of their order, then erases it once delivered @phone-only', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  await journey(browser, 390, 844);
});

test('on a desktop a guest downloads the data of their order, then erases it once delivered', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  await journey(browser, 1366, 900);
});
