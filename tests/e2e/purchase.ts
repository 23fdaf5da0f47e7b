import type { Order } from '@contract/orders';
import type { Page } from '@playwright/test';
import { e2eBaseURL, expect } from './fixtures';

export type CartLine = { productId: string; variantId?: string | undefined; quantity: number };

/** Where the E2E shoppers' parcels go (a spec may name its own street). */
export const testAddress = {
  address: '4 Test Street',
  city: 'Springfield',
  pincode: '12345',
  phone: '+1 555 0100',
  notes: 'Leave at the door',
};

/**
 * The signed-in shopper puts these lines in the cart, checks out to a new address through the
 * API and approves at the PayPal sandbox's page, as the checkout page would send them there;
 * answers the paid order as the shopper's API shows it. The specs that test the checkout page
 * itself click through it instead (buying.spec.ts).
 */
export async function buyThroughSandbox(
  page: Page,
  lines: CartLine[],
  address: Partial<typeof testAddress> = {},
): Promise<Order> {
  const headers = { origin: e2eBaseURL() };
  const post = async (url: string, data: object) => {
    const res = await page.request.post(url, { data, headers });
    expect(res.ok(), await res.text()).toBe(true);
    return res.json();
  };
  const me = await (await page.request.get('/api/auth/check-auth')).json();
  const userId = me.user.id as string;
  for (const line of lines) await post('/api/shop/cart/add', { userId, ...line });
  const saved = await post('/api/shop/address/add', { userId, ...testAddress, ...address });
  const order = await post('/api/shop/order/create', {
    userId,
    addressInfo: { addressId: saved.data._id },
  });
  // What the checkout page does before sending the shopper to PayPal (SPEC §4).
  await page.evaluate(
    (id) => sessionStorage.setItem('currentOrderId', JSON.stringify(id)),
    order.orderId,
  );
  await page.goto(order.approvalURL);
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('heading', { name: 'Payment is successful!' })).toBeVisible();
  return (await (await page.request.get(`/api/shop/order/details/${order.orderId}`)).json()).data;
}
