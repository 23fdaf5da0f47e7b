import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { Product } from '../../contract/catalog';
import { admin, asAdmin, createProduct, e2eBaseURL, expect, signIn, test } from './fixtures';
import { mailTo } from './mail';

// Issue 26 in the browser: an order shipped with tracking and delivered, a size sent back
// through the queue to its refund, the EU withdrawal from the footer, and both forms on a
// phone. Screenshots go to test-results/returns-*.png at the width they were taken.

type Bought = { orderId: string; orderNumber: string; lines: { lineId: string; size: string }[] };

/** Puts the variants in the signed-in shopper's cart, checks out and approves at the sandbox. */
async function buy(page: Page, product: Product, sizes: string[]): Promise<Bought> {
  const headers = { origin: e2eBaseURL() };
  const post = async (url: string, data: object) => {
    const res = await page.request.post(url, { data, headers });
    expect(res.ok(), await res.text()).toBe(true);
    return res.json();
  };
  const me = await (await page.request.get('/api/auth/check-auth')).json();
  const userId = me.user.id as string;
  for (const size of sizes) {
    const variant = product.variants.find((v) => v.size === size);
    await post('/api/shop/cart/add', {
      userId,
      productId: product._id,
      variantId: variant?._id,
      quantity: 1,
    });
  }
  const address = await post('/api/shop/address/add', {
    userId,
    address: '9 Return Row',
    city: 'Springfield',
    pincode: '12345',
    phone: '+1 555 0100',
    notes: 'Leave at the door',
  });
  const order = await post('/api/shop/order/create', {
    userId,
    addressInfo: { addressId: address.data._id },
  });
  await page.evaluate(
    (id) => sessionStorage.setItem('currentOrderId', JSON.stringify(id)),
    order.orderId,
  );
  await page.goto(order.approvalURL);
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('heading', { name: 'Payment is successful!' })).toBeVisible();
  const details = await (await page.request.get(`/api/shop/order/details/${order.orderId}`)).json();
  return {
    orderId: order.orderId,
    orderNumber: `#${details.data.orderNumber}`,
    lines: details.data.cartItems.map((l: { lineId: string; size: string }) => ({
      lineId: l.lineId,
      size: l.size,
    })),
  };
}

/** Ships every line and marks the order delivered, through the admin API (for b and c). */
async function shipAndDeliver(order: Bought) {
  await asAdmin(async (ctx: APIRequestContext) => {
    const shipped = await ctx.post(`/api/admin/orders/${order.orderId}/shipments`, {
      data: {
        lines: order.lines.map((l) => ({ lineId: l.lineId, quantity: 1 })),
        carrier: 'dhl',
        trackingNumber: `JD${randomBytes(5).toString('hex')}`,
      },
    });
    expect(shipped.status(), await shipped.text()).toBe(201);
    const delivered = await ctx.put(`/api/admin/orders/update/${order.orderId}`, {
      data: { orderStatus: 'delivered' },
    });
    expect(delivered.status(), await delivered.text()).toBe(200);
  });
}

const sizedTee = (request: APIRequestContext, price = 30) =>
  createProduct(request, {
    title: `Fit Tee ${randomBytes(3).toString('hex')}`,
    price,
    variants: [
      { size: 'S', color: 'Black', totalStock: 5 },
      { size: 'M', color: 'Black', totalStock: 5 },
    ],
  });

const stockOf = async (request: APIRequestContext, productId: string, size: string) => {
  const res = await request.get(`/api/shop/products/get/${productId}`);
  const product = (await res.json()).data as Product;
  return product.variants.find((v) => v.size === size)?.totalStock;
};

const shot = async (page: Page, name: string) => {
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: `test-results/returns-${name}-${width}.png`, fullPage: true });
};

/** Opens an order's details in the admin's orders page. */
async function adminOrder(adminPage: Page, orderNumber: string) {
  await adminPage.goto('/admin/orders');
  await adminPage.getByRole('button', { name: `View Details of order ${orderNumber}` }).click();
  return adminPage.getByRole('dialog', { name: 'Order details' });
}

/** The admin's returns queue filtered to one status; the card of the order's return. */
async function queueCard(adminPage: Page, status: string, orderNumber: string) {
  await adminPage.getByLabel('Status').selectOption({ label: status });
  return adminPage.getByRole('article', { name: `Return of order ${orderNumber}` });
}

test('an admin ships with tracking, the shopper returns the size that did not fit and is refunded', async ({
  page,
  request,
  browser,
  shopper,
}) => {
  test.setTimeout(150_000);
  const tee = await sizedTee(request, 30);
  await signIn(page, shopper);
  await expect(page).toHaveURL(/\/shop\/home$/);
  const order = await buy(page, tee, ['S', 'M']);
  const stockOfSBefore = await stockOf(request, tee._id, 'S');

  // The admin ships both lines with UPS and a tracking number, then marks the order delivered.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signIn(adminPage, admin);
  await expect(adminPage).toHaveURL(/\/admin\/dashboard$/);
  const tracking = `1Z${randomBytes(6).toString('hex').toUpperCase()}`;
  const dialog = await adminOrder(adminPage, order.orderNumber);
  await shipInTheUi(adminPage, dialog, tracking);
  await dialog.getByRole('button', { name: 'Mark delivered' }).click();
  await expect(dialog.getByText('Delivered', { exact: true }).first()).toBeVisible();

  // The shopper follows the parcel, then sends back the S that was too small.
  await page.goto('/shop/account');
  await page.getByRole('button', { name: `View Details of order ${order.orderNumber}` }).click();
  const details = page.getByRole('dialog', { name: 'Order details' });
  const trackingLink = details.getByRole('link', { name: new RegExp(tracking) });
  await expect(trackingLink).toHaveAttribute('href', new RegExp(`ups\\.com.*${tracking}`));
  await details.getByRole('button', { name: 'Return items' }).click();
  const form = details.getByRole('form', { name: 'Return items' });
  const small = form.getByRole('group', { name: `${tee.title}, S · Black` });
  await small.getByRole('checkbox', { name: `Return ${tee.title}` }).check();
  await small.getByLabel('Reason').selectOption({ label: 'Too small' });
  await form.getByLabel('Comment (optional)').fill('Runs a size small.');
  await shot(page, 'form');
  await form.getByRole('button', { name: 'Request return' }).click();
  const returns = details.getByRole('region', { name: 'Returns' });
  await expect(returns.getByText('Requested', { exact: true })).toBeVisible();
  await expect(returns.getByText(/1 × .* \(S · Black\) · Too small/)).toBeVisible();
  await page.keyboard.press('Escape');

  // The admin approves with instructions, receives it back into stock, and refunds it.
  await adminPage.goto('/admin/returns');
  let card = await queueCard(adminPage, 'Requested', order.orderNumber);
  await expect(card.getByText('Size S · Black · Too small')).toBeVisible();
  await shot(adminPage, 'queue');
  // The queue on a phone: cards, every figure and action within 390 px.
  await adminPage.setViewportSize({ width: 390, height: 844 });
  expect(
    await adminPage.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
  ).toBe(true);
  await shot(adminPage, 'queue');
  await adminPage.setViewportSize({ width: 1280, height: 720 });
  await card.getByRole('button', { name: 'Approve' }).click();
  const approve = adminPage.getByRole('dialog', { name: /Approve the return/ });
  await approve
    .getByLabel('Return instructions')
    .fill('Send it to 1 Warehouse Way within 14 days.');
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(approve).toBeHidden();

  card = await queueCard(adminPage, 'Approved', order.orderNumber);
  await card.getByRole('button', { name: 'Receive' }).click();
  const receive = adminPage.getByRole('dialog', { name: /Receive the return/ });
  await expect(receive.getByRole('checkbox', { name: /Restock 1 ×/ })).toBeChecked();
  await receive.getByRole('button', { name: 'Mark received' }).click();
  await expect(receive).toBeHidden();
  await expect.poll(() => stockOf(request, tee._id, 'S')).toBe((stockOfSBefore ?? 0) + 1);

  card = await queueCard(adminPage, 'Received', order.orderNumber);
  await card.getByRole('button', { name: 'Refund' }).click();
  const refund = adminPage.getByRole('dialog', { name: /Refund the return/ });
  // A double click sends one refund: the dialog sends once until the answer is back.
  const refundCalls: string[] = [];
  adminPage.on('request', (r) => r.url().endsWith('/refund') && refundCalls.push(r.url()));
  await refund.getByRole('button', { name: 'Refund through PayPal' }).dblclick();
  await expect(adminPage.getByText('Refunded $30.00')).toBeVisible();
  expect(refundCalls).toHaveLength(1);
  card = await queueCard(adminPage, 'Refunded', order.orderNumber);
  await expect(card.getByText('Refunded $30.00')).toBeVisible();
  await adminContext.close();

  // The shopper sees it refunded, and was emailed at each step.
  await page.reload();
  await page.getByRole('button', { name: `View Details of order ${order.orderNumber}` }).click();
  await expect(returns.getByText('Refunded', { exact: true })).toBeVisible();
  await expect(returns.getByText('Refunded $30.00', { exact: false })).toBeVisible();
  const mails = await mailTo(shopper.email, 4);
  expect(mails.some((m) => m.text?.includes('1 Warehouse Way'))).toBe(true);
  const orderRes = await page.request.get(`/api/shop/order/details/${order.orderId}`);
  expect((await orderRes.json()).data.refundedAmount).toBe(30);
});

test('a visitor withdraws from an order through the footer and is emailed the acknowledgment', async ({
  page,
  request,
  browser,
  shopper,
}) => {
  test.setTimeout(120_000);
  const tee = await sizedTee(request, 20);
  await signIn(page, shopper);
  await expect(page).toHaveURL(/\/shop\/home$/);
  const order = await buy(page, tee, ['M']);

  // Someone not signed in, on a public page, on a shop whose storefront is not public.
  const visitor = await browser.newContext();
  const visit = await visitor.newPage();
  await visit.goto('/pages/returns');
  await visit
    .getByRole('contentinfo')
    .getByRole('link', { name: 'Withdraw from contract' })
    .click();
  await expect(visit).toHaveURL(/\/shop\/order\/withdraw$/);
  await expect(visit.getByRole('heading', { name: 'Withdraw from contract' })).toBeVisible();
  await visit.getByLabel('Order number').fill(order.orderNumber);
  await visit.getByLabel('Email').fill(shopper.email);
  await visit.getByRole('button', { name: 'Continue' }).click();
  await expect(visit.getByText(`order ${order.orderNumber}, every item`)).toBeVisible();
  await visit.getByRole('button', { name: 'Confirm withdrawal' }).click();
  await expect(visit.getByRole('status')).toContainText('acknowledgment');
  await visitor.close();

  const mails = await mailTo(shopper.email, 2);
  const ack = mails.find((m) => /withdraw/i.test(m.subject ?? ''));
  expect(ack?.text).toContain(order.orderNumber);
  expect(ack?.text).toContain(tee.title);

  // It waits in the admin's queue as a withdrawal of the whole order.
  const queued = await asAdmin(async (ctx) =>
    (await ctx.get('/api/admin/returns?status=requested&limit=100')).json(),
  );
  const withdrawal = queued.data.find(
    (r: { orderNumber: number }) => `#${r.orderNumber}` === order.orderNumber,
  );
  expect(withdrawal?.kind).toBe('withdrawal');
});

test('the withdrawal page and the return form work on a phone @phone', async ({
  page,
  request,
  shopper,
}) => {
  test.setTimeout(120_000);
  const isPhone = test.info().project.name === 'phone';
  if (isPhone) await page.setViewportSize({ width: 390, height: 844 });
  const tee = await sizedTee(request, 25);
  await signIn(page, shopper);
  await expect(page).toHaveURL(/\/shop\/home$/);
  const order = await buy(page, tee, ['M']);
  await shipAndDeliver(order);
  const fitsTheScreen = () =>
    page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  // The order's own link fills in its number.
  await page.goto('/shop/account');
  await page.getByRole('button', { name: `View Details of order ${order.orderNumber}` }).click();
  const details = page.getByRole('dialog', { name: 'Order details' });
  await details.getByRole('button', { name: 'Return items' }).click();
  const form = details.getByRole('form', { name: 'Return items' });
  await form.getByRole('checkbox', { name: `Return ${tee.title}` }).check();
  await form.getByLabel('Reason').selectOption({ label: 'Too large' });
  expect(await fitsTheScreen()).toBe(true);
  await shot(page, 'form');
  await form.getByRole('button', { name: 'Request return' }).click();
  await expect(details.getByText('Requested', { exact: true })).toBeVisible();
  // Nothing is left to return: the form's button is gone, the withdrawal link stays.
  await expect(details.getByRole('button', { name: 'Return items' })).toHaveCount(0);
  await details.getByRole('link', { name: 'Withdraw from contract' }).click();

  await expect(page).toHaveURL(/\/shop\/order\/withdraw\?order=\d+$/);
  await expect(page.getByLabel('Order number')).toHaveValue(order.orderNumber.slice(1));
  expect(await fitsTheScreen()).toBe(true);
  await shot(page, 'withdraw');
  await page.getByLabel('Email').fill(shopper.email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('button', { name: 'Confirm withdrawal' })).toBeVisible();
  expect(await fitsTheScreen()).toBe(true);
  await shot(page, 'withdraw-confirm');
});

/** Ships every line of the order open in the admin's dialog, with UPS and a tracking number. */
async function shipInTheUi(adminPage: Page, dialog: Locator, tracking: string) {
  const form = dialog.getByRole('form', { name: 'Ship items' });
  await form.getByLabel('Carrier').selectOption({ label: 'UPS' });
  await form.getByLabel('Tracking number').fill(tracking);
  await form.getByRole('button', { name: 'Ship 2 item(s)' }).click();
  await expect(adminPage.getByText('Shipment recorded')).toBeVisible();
}
