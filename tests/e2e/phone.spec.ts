import { randomBytes } from 'node:crypto';
import { createProduct, expect, signIn, test } from './fixtures';

const shot = (name: string) => ({ path: `test-results/phone-${name}.png`, fullPage: false });

// The whole purchase on a phone (390x844): menu, cart in the header, checkout, PayPal, success.
test.use({ viewport: { width: 390, height: 844 } });

test('on a phone a shopper goes from the home page through cart and PayPal to the order number @phone-only', async ({
  page,
  request,
  shopper,
}) => {
  test.setTimeout(120_000);
  const product = await createProduct(request, {
    title: `Pocket Tee ${randomBytes(3).toString('hex')}`,
    category: 'men',
    price: 8800,
  });
  await signIn(page, shopper);
  await expect(page).toHaveURL(/\/shop\/home$/);
  // The cart is in the header itself, beside the menu button.
  await expect(page.getByRole('button', { name: 'Cart, 0 items' })).toBeVisible();
  await page.screenshot(shot('1-home'));

  await page.getByRole('button', { name: 'Toggle header menu' }).click();
  await page.getByRole('dialog').getByRole('link', { name: 'Men', exact: true }).click();
  await expect(page).toHaveURL(/\/shop\/listing\?category=men/);
  await expect(page.getByRole('dialog')).toBeHidden();

  await page.getByRole('button', { name: 'Sort by' }).click();
  await page.getByRole('menuitemradio', { name: 'Price: High to Low' }).click();
  await page.getByRole('button', { name: `Add to cart: ${product.title}` }).click();
  await expect(page.getByText('Product is added to cart')).toBeVisible();

  await page.getByRole('button', { name: 'Cart, 1 item' }).click();
  const cart = page.getByRole('dialog', { name: 'Your Cart' });
  await expect(cart.getByText(product.title)).toBeVisible();
  await page.screenshot(shot('2-cart'));
  await cart.getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/shop\/checkout$/);
  // Nothing left open over the checkout.
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.getByRole('textbox', { name: 'Address', exact: true }).fill('3 Harbour View');
  await page.getByRole('textbox', { name: 'City', exact: true }).fill('Portsmouth');
  await page.getByRole('textbox', { name: 'ZIP code', exact: true }).fill('24680');
  await page.getByRole('textbox', { name: 'Phone', exact: true }).fill('+1 555 0142');
  await page.getByRole('textbox', { name: 'Notes', exact: true }).fill('Blue door');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('Address added successfully')).toBeVisible();
  // A new address is the one delivered to at once.
  await expect(page.getByRole('button', { name: 'Selected' })).toBeVisible();
  await page.screenshot(shot('3-checkout'));
  await page.getByRole('button', { name: 'Checkout with Paypal' }).click();

  await expect(page).toHaveURL(/\/paypal-sandbox\/checkoutnow\?token=/);
  await page.screenshot(shot('4-paypal'));
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page).toHaveURL(/\/shop\/payment-success\?order=/);
  await expect(page.getByTestId('order-number')).toHaveText(/^#\d{6,}$/);
  await expect(page.locator('address')).toContainText(/3 Harbour View\s*Portsmouth [A-Z]{2} 24680/);
  await expect(page.getByRole('button', { name: 'Cart, 0 items' })).toBeVisible();
  await page.screenshot(shot('5-success'));

  // The order history shows every column as a card.
  await page.getByRole('link', { name: 'View Orders' }).click();
  const card = page.getByRole('list', { name: 'Your orders' }).getByRole('listitem').first();
  await expect(card.getByText(/^#\d{6,}$/)).toBeVisible();
  await expect(card.getByText('$8800.00')).toBeVisible();
  await expect(card.getByRole('button', { name: /View Details/ })).toBeVisible();
  await page.screenshot(shot('6-orders'));
});
