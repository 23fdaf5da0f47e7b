import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { createProduct, expect, signIn, test } from './fixtures';

// On a phone a product's name in the cart sheet and at checkout wraps to two lines
// instead of being cut to a few letters.
test.use({ viewport: { width: 390, height: 844 } });

/** The line's heading: its text shown whole on up to two lines (not cut on one). */
async function nameBox(page: Page, scope: string, title: string) {
  const heading = page.locator(scope).getByRole('heading', { name: title });
  await expect(heading).toBeVisible();
  // A page loaded afresh (checkout) is measured once its stylesheet applies: before it the line
  // height is "normal" (NaN lines) and the count means nothing. The result kept is a measurement
  // taken with the styles applied, not one made before a re-render.
  await page.waitForLoadState('load');
  let box = { lines: Number.NaN, cut: true };
  await expect
    .poll(async () => {
      box = await heading.evaluate((el) => {
        const lineHeight = Number.parseFloat(getComputedStyle(el).lineHeight);
        return {
          lines: Math.round(el.getBoundingClientRect().height / lineHeight),
          cut: el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1,
        };
      });
      return Number.isFinite(box.lines);
    })
    .toBe(true);
  return box;
}

test('a long product name wraps to two lines in the cart sheet and at checkout @phone-only', async ({
  page,
  request,
  shopper,
}) => {
  const title = `Heavyweight hoodie ${randomBytes(2).toString('hex')}`;
  const product = await createProduct(request, { title, category: 'men', price: 60 });
  await signIn(page, shopper);
  await expect(page).toHaveURL(/\/shop\/home$/);
  await page.goto(`/shop/product/${product._id}`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Product is added to cart')).toBeVisible();

  await page.getByRole('button', { name: 'Cart, 1 item' }).click();
  const sheet = await nameBox(page, '[role="dialog"]', title);
  expect(sheet).toEqual({ lines: 2, cut: false });
  // Nothing of the line leaves the sheet's column: its price ends where the Checkout button does.
  const dialog = page.getByRole('dialog');
  const column = (await dialog.getByRole('button', { name: 'Checkout' }).boundingBox())!;
  const price = (await dialog.getByRole('listitem').getByText('$60.00').boundingBox())!;
  expect(price.x + price.width).toBeLessThanOrEqual(column.x + column.width + 0.5);
  await page.screenshot({ path: 'test-results/cart-names-sheet-390.png' });

  await page.getByRole('dialog').getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/shop\/checkout$/);
  const checkout = await nameBox(page, 'main', title);
  expect(checkout.cut).toBe(false);
  expect(checkout.lines).toBeLessThanOrEqual(2);
  await page.screenshot({ path: 'test-results/cart-names-checkout-390.png' });
});
