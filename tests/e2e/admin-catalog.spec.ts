import { randomBytes } from 'node:crypto';
import { admin, createBanner, createProduct, expect, makePng, signIn, test } from './fixtures';

test('an admin adds a product with an image, puts it on sale, then deletes it', async ({
  page,
}) => {
  const title = `Linen Summer Shirt ${randomBytes(3).toString('hex')}`;
  await signIn(page, admin);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto('/admin/products');

  await page.getByRole('button', { name: 'Add New Product' }).click();
  const sheet = page.getByRole('dialog', { name: 'Add New Product' });
  await expect(sheet).toBeVisible();

  // Submitting the empty form shows the errors beside the fields.
  await sheet.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(sheet.getByText('Upload an image first')).toBeVisible();
  await expect(sheet.getByText('Title is required')).toBeVisible();
  await expect(sheet.getByText('Choose a category')).toBeVisible();

  await sheet.getByLabel('Upload Image').setInputFiles({
    name: 'shirt.png',
    mimeType: 'image/png',
    buffer: await makePng(),
  });
  await expect(sheet.getByText('shirt.png')).toBeVisible();
  await expect(sheet.getByRole('button', { name: 'Remove file' })).toBeVisible();

  await sheet.getByLabel('Title').fill(title);
  await sheet.getByLabel('Description').fill('Breathable linen with a relaxed collar.');
  await sheet.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Men', exact: true }).click();
  await sheet.getByRole('combobox', { name: 'Brand' }).click();
  await page.getByRole('option', { name: 'Zara' }).click();
  await sheet.getByLabel('Price', { exact: true }).fill('49.90');
  await sheet.getByLabel('Total Stock').fill('12');
  await sheet.getByRole('button', { name: 'Add', exact: true }).click();

  await expect(page.getByText('Product add successfully')).toBeVisible();
  await expect(sheet).toBeHidden();
  const card = page.getByRole('listitem').filter({ hasText: title });
  await expect(card).toBeVisible();
  await expect(card.getByRole('img', { name: title })).toBeVisible();
  await expect(card.getByTestId('price')).toHaveText(/\$49\.90/);

  // Edit: the sheet is filled from the card, the uploader is disabled.
  await card.getByRole('button', { name: /^Edit/ }).click();
  const editSheet = page.getByRole('dialog', { name: 'Edit Product' });
  await expect(editSheet.getByLabel('Title')).toHaveValue(title);
  await expect(editSheet.getByLabel('Upload Image')).toBeDisabled();
  await editSheet.getByLabel('Sale Price').fill('60');
  await editSheet.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(editSheet.getByText(/Sale Price must be below the price/)).toBeVisible();
  await editSheet.getByLabel('Sale Price').fill('39.90');
  await editSheet.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(editSheet).toBeHidden();

  await expect(card.getByTestId('sale-price')).toHaveText(/\$39\.90/);
  await expect(card.getByTestId('price')).toHaveCSS('text-decoration-line', 'line-through');

  // Closing the sheet cleared the edit target: the next open is an empty add form.
  await page.getByRole('button', { name: 'Add New Product' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Add New Product' }).getByLabel('Title'),
  ).toHaveValue('');
  await page.keyboard.press('Escape');

  await card.getByRole('button', { name: /^Delete/ }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this product?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: title })).toHaveCount(0);
});

test('the uploader takes a dropped file, can remove it, and shows why a fake image is refused', async ({
  page,
}) => {
  await signIn(page, admin);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto('/admin/products');
  await page.getByRole('button', { name: 'Add New Product' }).click();
  const sheet = page.getByRole('dialog', { name: 'Add New Product' });
  await sheet.getByLabel('Upload Image').setInputFiles({
    name: 'notes.png',
    mimeType: 'image/png',
    buffer: Buffer.from('this is text, not a picture'),
  });
  await expect(sheet.getByRole('alert')).toContainText('JPEG, PNG, WebP or AVIF');
  const png = (await makePng()).toString('base64');
  const dataTransfer = await page.evaluateHandle((b64) => {
    const bytes = Uint8Array.from(atob(b64), (ch) => ch.charCodeAt(0));
    const dt = new DataTransfer();
    dt.items.add(new File([bytes], 'dropped.png', { type: 'image/png' }));
    return dt;
  }, png);
  const uploaded = page.waitForResponse('**/api/admin/products/upload-image');
  await sheet
    .getByText('Drag & drop or click to upload image')
    .dispatchEvent('drop', { dataTransfer });
  expect((await uploaded).status()).toBe(200);
  await expect(sheet.getByText('dropped.png')).toBeVisible();
  await sheet.getByRole('button', { name: 'Remove file' }).click();
  await expect(sheet.getByText('Drag & drop or click to upload image')).toBeVisible();
});

test('an admin uploads a banner, sees it in the list and deletes it @phone', async ({ page }) => {
  await signIn(page, admin);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto('/admin/features');

  await expect(page.getByRole('button', { name: 'Upload', exact: true })).toBeDisabled();
  const uploaded = page.waitForResponse('**/api/admin/products/upload-image');
  await page.getByLabel('Upload Image').setInputFiles({
    name: 'banner.png',
    mimeType: 'image/png',
    buffer: await makePng(1200, 400, '#db2777'),
  });
  const { url } = (await (await uploaded).json()).result as { url: string };
  await expect(page.getByText('banner.png')).toBeVisible();
  await page.getByRole('button', { name: 'Upload', exact: true }).click();

  // Other tests add banners too: follow this one by its own image.
  const list = page.getByRole('list', { name: 'Feature images' });
  const mine = list.getByRole('listitem').filter({ has: page.locator(`img[src="${url}"]`) });
  await expect(mine).toHaveCount(1);
  await expect(mine.getByRole('img')).toHaveCSS('height', '300px');
  // The file and url were cleared after the add.
  await expect(page.getByText('banner.png')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Upload', exact: true })).toBeDisabled();

  await mine.getByRole('button', { name: /^Delete/ }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(mine).toHaveCount(0);
});

test('a shopper calling the admin API gets 403', async ({ request, shopper }) => {
  const login = await request.post('/api/auth/login', {
    data: { email: shopper.email, password: shopper.password },
  });
  expect(login.status()).toBe(200);
  expect((await request.get('/api/admin/products/get')).status()).toBe(403);
  expect(
    (
      await request.post('/api/admin/products/upload-image', {
        multipart: { file: { name: 'a.png', mimeType: 'image/png', buffer: await makePng() } },
      })
    ).status(),
  ).toBe(403);
  expect(
    (
      await request.post('/api/common/feature/add', { data: { image: '/uploads/x.webp' } })
    ).status(),
  ).toBe(403);
});

test('the fixtures create a product and a banner through the admin API', async ({ request }) => {
  const product = await createProduct(request, {
    title: 'Fixture Hoodie',
    price: 40,
    salePrice: 30,
  });
  expect(product).toMatchObject({ title: 'Fixture Hoodie', price: 40, salePrice: 30 });
  const image = await request.get(product.image);
  expect(image.headers()['content-type']).toBe('image/webp');
  const banner = await createBanner(request);
  const list = await (await request.get('/api/common/feature/get')).json();
  expect(list.data.map((b: { _id: string }) => b._id)).toContain(banner._id);
  // The admin's session stayed in its own context.
  expect((await (await request.get('/api/auth/check-auth')).json()).success).toBe(false);
});
