import { randomBytes } from 'node:crypto';
import { admin, asAdmin, createProduct, expect, newShopper, signIn, test } from './fixtures';

const shots = process.env.E2E_SCREENSHOTS;

test('a shopper picks colour and size, asks to be emailed about a sold-out size, buys M in black and sees it in the order', async ({
  page,
  shopper,
  request,
}) => {
  test.setTimeout(90_000);
  const id = randomBytes(3).toString('hex');
  const tee = await createProduct(request, {
    title: `Variant Tee ${id}`,
    category: 'women',
    brand: 'zara',
    price: 1.25,
    variants: [
      { size: 'S', color: 'Black', totalStock: 4 },
      { size: 'M', color: 'Black', totalStock: 3 },
      { size: 'L', color: 'Black', totalStock: 0 },
      { size: 'M', color: 'White', totalStock: 5 },
    ],
  });
  await signIn(page, shopper);
  await expect(page).toHaveURL(/\/shop\/home$/);

  // The listing filters by size and colour, with counts beside each value.
  await page.goto('/shop/listing?category=women&brand=zara&size=M&color=Black');
  const card = page.getByRole('article').filter({ hasText: tee.title });
  await expect(card).toBeVisible();
  await expect(card.getByText('3 sizes')).toBeVisible();
  const m = page.getByRole('checkbox', { name: 'M', exact: true });
  await expect(m).toBeChecked();
  // A retry of this test adds another such tee: the count is the API's, shown as it is.
  const { facets } = await (
    await request.get('/api/shop/products/get?category=women&brand=zara&size=M&color=Black')
  ).json();
  await expect(m).toHaveAccessibleDescription(`${facets.size.M} products`);
  if (shots) await page.screenshot({ path: `${shots}/listing-desktop.png`, fullPage: true });

  // The product: Add to Cart waits for a size; L is sold out in black.
  await page.goto(`/shop/product/${tee._id}`);
  const dialog = page.getByRole('main');
  const add = dialog.getByRole('button', { name: 'Add to Cart' });
  await expect(add).toBeDisabled();
  await expect(dialog.getByText('Choose a size to add it to your cart')).toBeVisible();
  await dialog.getByRole('radio', { name: 'Black' }).check();
  // A sold-out size can be chosen to ask for an email when it is back; it cannot be added.
  await dialog.getByRole('radio', { name: 'L (sold out)' }).check();
  await expect(add).toBeDisabled();
  await expect(dialog.getByText('This size is sold out in this colour')).toBeVisible();
  await dialog.getByRole('button', { name: "Email me when it's back" }).click();
  await expect(
    dialog.getByRole('button', { name: "We'll email you when it's back" }),
  ).toHaveAttribute('aria-pressed', 'true');
  await dialog.getByRole('radio', { name: 'M', exact: true }).check();
  await expect(dialog.getByText('Only 3 items left')).toBeVisible();
  if (shots) await page.screenshot({ path: `${shots}/product-desktop.png` });
  await add.click();
  await expect(page.getByText('Product is added to cart')).toBeVisible();
  await page.keyboard.press('Escape');

  // The cart shows the size and colour; checkout through the sandbox.
  await page.getByRole('button', { name: 'Cart, 1 item' }).click();
  const sheet = page.getByRole('dialog', { name: 'Your Cart' });
  await expect(sheet.getByText('M · Black')).toBeVisible();
  await sheet.getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/shop\/checkout$/);
  await page.getByRole('textbox', { name: 'Address', exact: true }).fill('7 Orchard Road');
  await page.getByRole('textbox', { name: 'City', exact: true }).fill('Springfield');
  await page.getByRole('textbox', { name: 'ZIP code', exact: true }).fill('12345');
  await page.getByRole('textbox', { name: 'Phone', exact: true }).fill('+1 555 0100');
  await page.getByRole('textbox', { name: 'Notes', exact: true }).fill('Ring twice');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('Address added successfully')).toBeVisible();
  // A new address is the one delivered to at once.
  await expect(page.getByRole('button', { name: 'Selected' })).toBeVisible();
  await expect(page.getByText('M · Black')).toBeVisible();
  await page.getByRole('button', { name: 'Checkout with Paypal' }).click();
  await expect(page).toHaveURL(/\/paypal-sandbox\/checkoutnow\?token=/);
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page).toHaveURL(/\/shop\/payment-success\?order=/);

  // The order shows what was bought.
  await page.getByRole('link', { name: 'View Orders' }).click();
  const row = page.getByRole('row').filter({ hasText: '$1.25' });
  await row.getByRole('button', { name: /View Details/ }).click();
  const details = page.getByRole('dialog', { name: 'Order details' });
  await expect(details.getByText(tee.title, { exact: true })).toBeVisible();
  await expect(details.getByText('Size M, Colour Black')).toBeVisible();

  if (shots) {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/shop/product/${tee._id}`);
    await page.getByRole('main').getByRole('radio', { name: 'S', exact: true }).check();
    await page.screenshot({ path: `${shots}/product-390.png`, fullPage: true });
    await page.goto('/shop/listing?category=women&size=M');
    await page.getByRole('button', { name: /Show/ }).click();
    await page.screenshot({ path: `${shots}/listing-390.png`, fullPage: true });
  }
});

test('an admin generates a size run, sets stock, and the storefront shows it', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(90_000);
  const product = await createProduct(request, {
    title: `Run Hoodie ${randomBytes(3).toString('hex')}`,
    totalStock: 7,
  });
  await signIn(page, admin);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto('/admin/products');
  const card = page.getByRole('listitem').filter({ hasText: product.title });
  await card.getByRole('button', { name: /^Edit/ }).click();
  const sheet = page.getByRole('dialog', { name: 'Edit Product' });
  await sheet.getByLabel('Size run').selectOption('letter');
  await sheet.getByLabel('Stock each').fill('5');
  await sheet.getByLabel('Colours (comma-separated)').fill('Black, Navy');
  await sheet.getByRole('button', { name: 'Generate size run' }).click();
  await expect(sheet.getByRole('textbox', { name: /^SKU of / })).toHaveCount(12);
  await sheet.getByLabel('Stock of M Black').fill('2');
  await sheet.getByLabel('Stock of XXL Navy').fill('0');
  await expect(sheet.getByLabel('Total Stock')).toHaveValue('52');
  if (shots) await page.screenshot({ path: `${shots}/admin-variants.png` });
  await sheet.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(sheet).toBeHidden();

  // The storefront: sizes XS–XXL, XXL sold out in navy, M in black nearly gone.
  const shopperContext = await browser.newContext();
  const shop = await shopperContext.newPage();
  const shopper = newShopper();
  expect((await shop.request.post('/api/auth/register', { data: shopper })).status()).toBe(201);
  await signIn(shop, shopper);
  await expect(shop).toHaveURL(/\/shop\/home$/);
  await shop.goto(`/shop/product/${product._id}`);
  const dialog = shop.getByRole('main');
  // Two colours and six sizes, then the review form's five stars and four fit answers.
  await expect(dialog.getByRole('radio')).toHaveCount(8 + 5 + 4);
  await dialog.getByRole('radio', { name: 'M', exact: true }).check();
  await expect(dialog.getByText('Only 2 items left')).toBeVisible();
  await dialog.getByRole('radio', { name: 'Navy' }).check();
  await dialog.getByRole('radio', { name: 'XXL (sold out)' }).check();
  await expect(dialog.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
  await shopperContext.close();
});

test('a cart line added before its product came in sizes is explained at checkout, and cannot be paid', async ({
  page,
  shopper,
  request,
}) => {
  const id = randomBytes(3).toString('hex');
  const { _id, ...coat } = await createProduct(request, { title: `Plain Coat ${id}`, price: 40 });
  await signIn(page, shopper);
  await expect(page).toHaveURL(/\/shop\/home$/);
  await page.goto(`/shop/product/${_id}`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Product is added to cart')).toBeVisible();
  // The shopper saves an address (through the API, as the page's own session).
  const headers = { origin: new URL(page.url()).origin };
  const { user } = await (await page.request.get('/api/auth/check-auth')).json();
  const saved = await page.request.post('/api/shop/address/add', {
    headers,
    data: {
      userId: user.id,
      address: '1 Coat Lane',
      city: 'Springfield',
      pincode: '12345',
      phone: '5551234567',
      notes: 'Front door',
    },
  });
  expect(saved.status(), await saved.text()).toBe(201);
  // Meanwhile the admin gives the coat sizes.
  await asAdmin(async (ctx) => {
    const { image, title, description, category, brand, price, salePrice } = coat;
    const edit = await ctx.put(`/api/admin/products/edit/${_id}`, {
      data: {
        image,
        title,
        description,
        category,
        brand,
        price,
        salePrice,
        variants: [
          { size: 'M', color: '', totalStock: 2 },
          { size: 'L', color: '', totalStock: 2 },
        ],
      },
    });
    expect(edit.status(), await edit.text()).toBe(200);
  });
  await page.goto('/shop/checkout');
  await page.getByRole('button', { name: 'Deliver here' }).click();
  await expect(
    page.getByText(`Plain Coat ${id} now comes in sizes. Please remove it from your cart`),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Checkout with Paypal' })).toBeDisabled();
  // The line itself says so, in the checkout's cart as in the cart sheet.
  await expect(
    page.getByText('Now comes in sizes: remove it and add the size you want'),
  ).toBeVisible();
});
