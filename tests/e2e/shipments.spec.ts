import type { Order } from '@contract/orders';
import type { Page } from '@playwright/test';
import type { ParsedMail } from 'mailparser';
import { admin, asAdmin, createProduct, expect, signIn, test } from './fixtures';
import { mailTo } from './mail';

import { buyThroughSandbox } from './purchase';

type Line = { productId: string; quantity: number };

/** The signed-in shopper buys these lines and approves at the sandbox; the paid order. */
async function buy(page: Page, lines: Line[]): Promise<Order> {
  await expect(page).toHaveURL(/\/shop\/home$/);
  return buyThroughSandbox(page, lines, { address: '4 Parcel Street' });
}

const dhl = (n: string) =>
  `https://www.dhl.com/global-en/home/tracking/tracking-parcel.html?tracking-id=${n}`;

test('the admin ships an order in two parcels and the shopper follows both links', async ({
  page,
  request,
  browser,
  shopper,
}) => {
  const jacket = await createProduct(request, { title: 'Parcel Jacket', price: 60 });
  const belt = await createProduct(request, { title: 'Parcel Belt', price: 20 });
  await signIn(page, shopper);
  const order = await buy(page, [
    { productId: jacket._id, quantity: 2 },
    { productId: belt._id, quantity: 1 },
  ]);
  const number = `#${order.orderNumber}`;

  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signIn(adminPage, admin);
  await expect(adminPage).toHaveURL(/\/admin\/dashboard$/);
  await adminPage.goto('/admin/orders');
  await adminPage.getByRole('button', { name: `View Details of order ${number}` }).click();
  const dialog = adminPage.getByRole('dialog', { name: 'Order details' });

  // First parcel: one jacket, by DHL.
  const form = dialog.getByRole('form', { name: 'Ship items' });
  await expect(form.getByLabel(/Parcel Jacket/)).toHaveValue('2');
  await expect(form.getByLabel(/Parcel Belt/)).toHaveValue('1');
  await form.getByLabel(/Parcel Jacket/).fill('1');
  await form.getByLabel(/Parcel Belt/).fill('0');
  await form.getByLabel('Carrier').selectOption({ label: 'DHL' });
  await expect(form.getByLabel('Tracking URL')).toHaveCount(0);
  await form.getByLabel('Tracking number').fill('JD0146001');
  await form.getByRole('button', { name: 'Ship 1 item(s)' }).click();
  await expect(adminPage.getByText('Shipment recorded')).toBeVisible();
  const status = dialog.locator('dt:text-is("Order Status") + dd');
  await expect(status).toHaveText('In Process');
  await expect(dialog.getByRole('link', { name: /JD0146001/ })).toHaveAttribute(
    'href',
    dhl('JD0146001'),
  );

  // The rest: the form now offers what is left, by a carrier of the admin's naming.
  await expect(form.getByLabel(/Parcel Jacket/)).toHaveValue('1');
  await expect(form.getByText('1 of 2 left to ship')).toBeVisible();
  await form.getByLabel('Carrier').selectOption({ label: 'Other' });
  await form.getByLabel('Tracking number').fill('LOCAL-22');
  await form.getByLabel('Tracking URL').fill('https://couriers.example.com/t/LOCAL-22');
  await form.getByRole('button', { name: 'Ship 2 item(s)' }).click();
  await expect(status).toHaveText('In Shipping');
  await expect(dialog.getByText('Every item has shipped.')).toBeVisible();
  await expect(dialog.getByRole('link', { name: /LOCAL-22/ })).toBeVisible();
  await dialog.getByRole('button', { name: 'Mark delivered' }).click();
  await expect(dialog.getByText(/^Delivered on [A-Z][a-z]+ \d{1,2}, \d{4}$/)).toBeVisible();
  await adminContext.close();

  // The shopper's order page: both parcels, each tracking number a link to its carrier.
  await page.goto('/shop/account');
  await page.getByRole('button', { name: `View Details of order ${number}` }).click();
  const details = page.getByRole('dialog', { name: 'Order details' });
  const first = details.getByRole('link', { name: /JD0146001/ });
  await expect(first).toHaveAttribute('href', dhl('JD0146001'));
  await expect(first).toHaveAttribute('target', '_blank');
  await expect(first).toHaveAttribute('rel', /noopener/);
  await expect(details.getByText('Parcel 2 · Other')).toBeVisible();
  await expect(details.getByRole('link', { name: /LOCAL-22/ })).toHaveAttribute(
    'href',
    'https://couriers.example.com/t/LOCAL-22',
  );
  await expect(details.getByText('Parcel Belt × 1')).toBeVisible();
  await expect(details.getByText(/^Delivered on /)).toBeVisible();

  const isShipped = (m: ParsedMail) =>
    m.subject?.startsWith(`Your order ${number} has shipped`) ?? false;
  const shipped = (await mailTo(shopper.email, isShipped)).find(isShipped);
  expect(shipped?.text).toContain('Track this parcel: https://couriers.example.com/t/LOCAL-22');
});

test('on a phone the shopper sees the tracking link of a parcel @phone', async ({
  page,
  request,
  shopper,
}) => {
  const tee = await createProduct(request, { title: 'Phone Parcel Tee', price: 30 });
  await signIn(page, shopper);
  const order = await buy(page, [{ productId: tee._id, quantity: 1 }]);
  await asAdmin(async (ctx) => {
    const res = await ctx.post(`/api/admin/orders/${order._id}/shipments`, {
      data: {
        lines: [{ lineId: order.cartItems[0]!.lineId, quantity: 1 }],
        carrier: 'dhl',
        trackingNumber: 'JD0146999000111222',
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  });

  await page.goto('/shop/account');
  await page.getByRole('button', { name: `View Details of order #${order.orderNumber}` }).click();
  const details = page.getByRole('dialog', { name: 'Order details' });
  const link = details.getByRole('link', { name: /JD0146999000111222/ });
  await link.scrollIntoViewIfNeeded();
  await expect(link).toBeInViewport();
  await expect(link).toHaveAttribute('href', dhl('JD0146999000111222'));
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});
