import { randomBytes } from 'node:crypto';
import type { Product } from '@contract/catalog';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { asAdmin, createProduct, expect } from './fixtures';
import { buyThroughSandbox } from './purchase';

// The steps returns.spec.ts repeats: buying sizes, shipping, and finding a return in the queue.

export type Bought = {
  orderId: string;
  orderNumber: string;
  lines: { lineId: string; size: string }[];
};

/** Puts the variants in the signed-in shopper's cart, checks out and approves at the sandbox. */
export async function buy(page: Page, product: Product, sizes: string[]): Promise<Bought> {
  const lines = sizes.map((size) => ({
    productId: product._id,
    variantId: product.variants.find((v) => v.size === size)?._id,
    quantity: 1,
  }));
  const order = await buyThroughSandbox(page, lines, { address: '9 Return Row' });
  return {
    orderId: order._id,
    orderNumber: `#${order.orderNumber}`,
    lines: order.cartItems.map((l) => ({ lineId: l.lineId, size: l.size })),
  };
}

/** Ships every line and marks the order delivered, through the admin API (for b and c). */
export async function shipAndDeliver(order: Bought) {
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

export const sizedTee = (request: APIRequestContext, price = 30) =>
  createProduct(request, {
    title: `Fit Tee ${randomBytes(3).toString('hex')}`,
    price,
    variants: [
      { size: 'S', color: 'Black', totalStock: 5 },
      { size: 'M', color: 'Black', totalStock: 5 },
    ],
  });

export const stockOf = async (request: APIRequestContext, productId: string, size: string) => {
  const res = await request.get(`/api/shop/products/get/${productId}`);
  const product = (await res.json()).data as Product;
  return product.variants.find((v) => v.size === size)?.totalStock;
};

export const shot = async (page: Page, name: string) => {
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: `test-results/returns-${name}-${width}.png`, fullPage: true });
};

/** Opens an order's details in the admin's orders page. */
export async function adminOrder(adminPage: Page, orderNumber: string) {
  await adminPage.goto('/admin/orders');
  await adminPage.getByRole('button', { name: `View Details of order ${orderNumber}` }).click();
  return adminPage.getByRole('dialog', { name: 'Order details' });
}

/** The admin's returns queue filtered to one status; the card of the order's return. */
export async function queueCard(adminPage: Page, status: string, orderNumber: string) {
  await adminPage.getByLabel('Status').selectOption({ label: status });
  return adminPage.getByRole('article', { name: `Return of order ${orderNumber}` });
}

/** Ships every line of the order open in the admin's dialog, with UPS and a tracking number. */
export async function shipInTheUi(adminPage: Page, dialog: Locator, tracking: string) {
  const form = dialog.getByRole('form', { name: 'Ship items' });
  await form.getByLabel('Carrier').selectOption({ label: 'UPS' });
  await form.getByLabel('Tracking number').fill(tracking);
  await form.getByRole('button', { name: 'Ship 2 item(s)' }).click();
  await expect(adminPage.getByText('Shipment recorded')).toBeVisible();
}
