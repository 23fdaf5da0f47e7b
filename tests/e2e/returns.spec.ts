import { randomBytes } from 'node:crypto';
import { hasOptions, type ProductCard } from '@contract/catalog';
import { periodEnd, shopCalendar } from '@contract/legal-periods';
import { request as api } from '@playwright/test';
import type { ParsedMail } from 'mailparser';
import { admin, asAdmin, expect, signIn, test, waitForHydration } from './fixtures';
import { mailTo } from './mail';

import { startPublicShop } from './public-shop';
import {
  adminOrder,
  buy,
  queueCard,
  shipAndDeliver,
  shipInTheUi,
  shot,
  sizedTee,
  stockOf,
} from './returns-helpers';

// Issue 26 in the browser: an order shipped with tracking and delivered, a size sent back
// through the queue to its refund, the EU withdrawal from the footer, and both forms on a
// phone. Screenshots go to test-results/returns-*.png at the width they were taken.

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
  // The window: RETURN_DAYS (30 by default) from the delivery, today, counted as the law counts
  // (to the end of the day in the shop's New York, a weekend moving it on); no reason is needed
  // for the 14 days of the withdrawal period.
  const calendar = shopCalendar('America/New_York', []);
  const day = (days: number) =>
    periodEnd(new Date(), days, calendar).toLocaleDateString('en-CA', {
      timeZone: 'America/New_York',
    });
  await expect(
    details.getByText(
      `You can ask for a return until ${day(30)}, without giving a reason until ${day(14)}.`,
    ),
  ).toBeVisible();
  await details.getByRole('button', { name: 'Return items' }).click();
  const form = details.getByRole('form', { name: 'Return items' });
  const small = form.getByRole('group', { name: `${tee.title}, S · Black` });
  await small.getByRole('checkbox', { name: `Return ${tee.title}` }).check();
  await small.getByLabel('Reason').selectOption({ label: 'Too small' });
  await form.getByLabel('Comment (optional)').fill('Runs a size small.');
  await form.getByRole('button', { name: 'Request return' }).scrollIntoViewIfNeeded();
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
  // The approval's mail carries the admin's instructions (the poll fails if it never comes).
  await mailTo(shopper.email, (m) => m.text?.includes('1 Warehouse Way') ?? false);
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
  await visit.getByLabel('Your name').fill(shopper.userName);
  await visit.getByLabel('Order number').fill(order.orderNumber);
  await visit.getByLabel('Email').fill(shopper.email);
  await visit.getByRole('button', { name: 'Continue' }).click();
  await expect(visit.getByText(`order ${order.orderNumber}, every item`)).toBeVisible();
  await visit.getByRole('button', { name: 'Confirm withdrawal' }).click();
  await expect(visit.getByRole('status')).toContainText('acknowledgment');
  await visitor.close();

  const isAck = (m: ParsedMail) => /withdraw/i.test(m.subject ?? '');
  const ack = (await mailTo(shopper.email, isAck)).find(isAck);
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
  await form.getByRole('button', { name: 'Request return' }).scrollIntoViewIfNeeded();
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

test('a guest returns an item from the order page of the emailed link', async ({ browser }) => {
  test.setTimeout(240_000);
  // GUEST_CHECKOUT needs a shop of its own: the shared one keeps its storefront behind sign-in.
  const shop = await startPublicShop(Number(process.env.E2E_PORT) + 9, {
    GUEST_CHECKOUT: 'true',
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
  });
  try {
    const listing = await (await fetch(`${shop.base}/api/shop/products/get?limit=50`)).json();
    const product = (listing.data as ProductCard[]).find((p) => !hasOptions(p) && p.totalStock > 2);
    if (!product) throw new Error('the demo catalogue has no product without sizes');
    const email = `guest-${randomBytes(4).toString('hex')}@example.com`;
    const context = await browser.newContext({ baseURL: shop.base });
    const page = await context.newPage();
    await page.goto(`/shop/product/${product._id}`);
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByText('Product is added to cart')).toBeVisible();
    await page.goto('/shop/checkout');
    await waitForHydration(page);
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('textbox', { name: 'Full name' }).fill('Gus Guest');
    await page.getByRole('textbox', { name: 'Address', exact: true }).fill('12 Ocean Avenue');
    await page.getByRole('textbox', { name: 'City', exact: true }).fill('San Diego');
    await page.getByRole('combobox', { name: 'Region' }).selectOption('CA');
    await page.getByRole('textbox', { name: 'ZIP code', exact: true }).fill('92101');
    await page.getByRole('textbox', { name: 'Phone', exact: true }).fill('+1 555 0177');
    await page.getByRole('button', { name: 'Checkout with Paypal' }).click();
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByRole('heading', { name: 'Payment is successful!' })).toBeVisible();
    const token = new URL(page.url()).pathname.split('/').pop() ?? '';
    const order = (await (await page.request.get(`/api/shop/order/status/${token}`)).json()).data;

    // The shop ships and delivers it.
    const adminApi = await api.newContext({
      baseURL: shop.base,
      extraHTTPHeaders: { origin: shop.base },
    });
    expect((await adminApi.post('/api/auth/login', { data: admin })).status()).toBe(200);
    const lines = order.cartItems.map((l: { lineId: string; quantity: number }) => ({
      lineId: l.lineId,
      quantity: l.quantity,
    }));
    const shipped = await adminApi.post(`/api/admin/orders/${order._id}/shipments`, {
      data: { lines, carrier: 'usps', trackingNumber: '9400100000000000000000' },
    });
    expect(shipped.status(), await shipped.text()).toBe(201);
    const delivered = await adminApi.put(`/api/admin/orders/update/${order._id}`, {
      data: { orderStatus: 'delivered' },
    });
    expect(delivered.status(), await delivered.text()).toBe(200);
    await adminApi.dispose();

    // Back on the order's page (its link is the guest's credential), the guest asks to return it.
    await page.goto(`/shop/order/${token}`);
    await page.getByRole('button', { name: 'Return items' }).click();
    const form = page.getByRole('form', { name: 'Return items' });
    await form.getByRole('checkbox', { name: `Return ${product.title}` }).check();
    await form.getByLabel('Reason').selectOption({ label: 'Changed my mind' });
    await form.getByRole('button', { name: 'Request return' }).click();
    const returns = page.getByRole('region', { name: 'Returns' });
    await expect(returns.getByText('Requested', { exact: true })).toBeVisible();
    await expect(returns.getByText(/Changed my mind/)).toBeVisible();
    // The order's withdrawal link carries its number.
    await returns.getByRole('link', { name: 'Withdraw from contract' }).click();
    await expect(page.getByLabel('Order number')).toHaveValue(String(order.orderNumber));
    await context.close();
  } finally {
    await shop.stop();
  }
});

test('the withdrawal form opened from an order knows the shopper and the lines; the queue shows the refund due date @phone', async ({
  page,
  request,
  browser,
  shopper,
}) => {
  test.setTimeout(150_000);
  const isPhone = test.info().project.name === 'phone';
  if (isPhone) await page.setViewportSize({ width: 390, height: 844 });
  const tee = await sizedTee(request, 22);
  await signIn(page, shopper);
  await expect(page).toHaveURL(/\/shop\/home$/);
  const order = await buy(page, tee, ['S', 'M']);
  await shipAndDeliver(order);
  const fitsTheScreen = () =>
    page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  await page.goto('/shop/account');
  await page.getByRole('button', { name: `View Details of order ${order.orderNumber}` }).click();
  const details = page.getByRole('dialog', { name: 'Order details' });
  await details.getByRole('link', { name: 'Withdraw from contract' }).click();
  // Name, email and number filled in; every line offered, all of it by default.
  await expect(page.getByLabel('Your name')).toHaveValue(shopper.userName);
  await expect(page.getByLabel('Email')).toHaveValue(shopper.email);
  await expect(page.getByLabel('Order number')).toHaveValue(order.orderNumber.slice(1));
  const items = page.getByRole('group', { name: 'Items to withdraw from' });
  const small = items.getByLabel(`${tee.title}S · Black`);
  await expect(small).toHaveValue('1');
  await expect(items.getByLabel(`${tee.title}M · Black`)).toHaveValue('1');
  await small.selectOption('0');
  expect(await fitsTheScreen()).toBe(true);
  await shot(page, 'withdraw-lines');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText(`${shopper.userName}, you are withdrawing`)).toBeVisible();
  await expect(page.getByText(`1 × ${tee.title} (M · Black)`)).toBeVisible();
  await page.getByRole('button', { name: 'Confirm withdrawal' }).click();
  await expect(page.getByRole('status')).toContainText('whichever comes first');

  // The admin's queue: the withdrawal with its name and its refund's last day, 14 days on.
  const adminContext = await browser.newContext(
    isPhone ? { viewport: { width: 390, height: 844 } } : {},
  );
  const adminPage = await adminContext.newPage();
  await signIn(adminPage, admin);
  await expect(adminPage).toHaveURL(/\/admin\/dashboard$/);
  await adminPage.goto('/admin/returns');
  const card = adminPage.getByRole('article', { name: `Withdrawal of order ${order.orderNumber}` });
  await expect(card).toBeVisible();
  await expect(card.getByRole('link', { name: shopper.userName })).toBeVisible();
  await expect(card.getByText(/^Refund due by \d{4}-\d{2}-\d{2}$/)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Refuse' })).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Record an exception' })).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await shot(adminPage, 'queue');
  await adminContext.close();
});
