import { randomBytes } from 'node:crypto';
import { createProduct, expect, signIn, test } from './fixtures';

// The storefront on a phone: navigation and the cart live behind the menu button.
test('on a phone a shopper picks a category from the menu, adds to cart and checks out @phone-only', async ({
  page,
  request,
  shopper,
}) => {
  const product = await createProduct(request, {
    title: `Pocket Tee ${randomBytes(3).toString('hex')}`,
    category: 'men',
    price: 8800,
  });
  await signIn(page, shopper);
  await expect(page).toHaveURL(/\/shop\/home$/);

  await page.getByRole('button', { name: 'Toggle header menu' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Men', exact: true }).click();
  await expect(page).toHaveURL(/\/shop\/listing\?category=men/);
  await expect(page.getByRole('dialog')).toBeHidden();

  await page.getByRole('button', { name: 'Sort by' }).click();
  await page.getByRole('menuitemradio', { name: 'Price: High to Low' }).click();
  await page.getByRole('button', { name: `Add to cart: ${product.title}` }).click();
  await expect(page.getByText('Product is added to cart')).toBeVisible();

  await page.getByRole('button', { name: 'Toggle header menu' }).click();
  await page.getByRole('button', { name: 'Cart, 1 item' }).click();
  const cart = page.getByRole('dialog', { name: 'Your Cart' });
  await expect(cart.getByText(product.title)).toBeVisible();
  await cart.getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/shop\/checkout$/);
  await expect(page.getByRole('button', { name: 'Checkout with Paypal' })).toBeVisible();
});
