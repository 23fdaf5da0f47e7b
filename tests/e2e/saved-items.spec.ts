import { randomBytes } from 'node:crypto';
import { createProduct, expect, signIn, test } from './fixtures';

test('a shopper saves a product with the heart, moves it to the cart from the Saved page, and asks to hear about a sold-out one', async ({
  page,
  request,
  shopper,
}) => {
  // A word of its own to find it by: a listing page of the shared end-to-end shop may be full
  // of other tests' cheaper products, depending on the order the tests ran in.
  const word = `Savedtee${randomBytes(3).toString('hex')}`;
  const tee = await createProduct(request, { title: `${word} cotton`, totalStock: 3 });
  const parka = await createProduct(request, {
    title: `Sold out parka ${Date.now()}`,
    totalStock: 0,
  });
  await signIn(page, shopper);
  await expect(page).toHaveURL(/\/shop\/home$/);

  await page.goto(`/shop/search?keyword=${word}`);
  const heart = page.getByRole('button', { name: `Save for later: ${tee.title}` });
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');

  await page.getByRole('link', { name: 'Saved items' }).click();
  await expect(page).toHaveURL(/\/shop\/saved$/);
  await page.getByRole('button', { name: `Move to cart: ${tee.title}` }).click();
  await expect(page.getByText(`${tee.title} moved to your cart`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cart, 1 item' })).toBeVisible();
  await expect(page.getByText('Nothing saved yet')).toBeVisible();

  await page.goto(`/shop/product/${parka._id}`);
  const notify = page.getByRole('button', { name: "Email me when it's back" });
  await expect(notify).toHaveAttribute('aria-pressed', 'false');
  await notify.click();
  await expect(
    page.getByRole('button', { name: "We'll email you when it's back" }),
  ).toHaveAttribute('aria-pressed', 'true');
});
