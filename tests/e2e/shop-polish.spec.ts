import { randomBytes } from 'node:crypto';
import { admin, createBanner, createProduct, expect, signIn, test } from './fixtures';

const shot = (name: string) => ({ path: `test-results/polish-${name}.png`, fullPage: true });

test('a banner’s button is a real link that lands on the listing it names @phone', async ({
  page,
  request,
  shopper,
}) => {
  const id = randomBytes(3).toString('hex');
  const dress = await createProduct(request, { title: `Banner Dress ${id}`, category: 'women' });
  const label = `Shop women ${id}`;
  await createBanner(request, {
    title: `Summer ${id}`,
    text: 'Light dresses and sunny extras',
    buttonLabel: label,
    link: '/shop/listing?category=women',
  });
  await signIn(page, shopper);
  await expect(page).toHaveURL(/\/shop\/home$/);

  // Other tests add banners too: step through the slides until this one shows.
  const carousel = page.getByRole('region', { name: 'Featured collections' });
  const button = carousel.getByRole('link', { name: label });
  await expect(carousel.locator('[aria-roledescription="slide"]').first()).toBeAttached();
  for (let i = 0; i < 50 && !(await button.isVisible()); i++) {
    await carousel.getByRole('button', { name: 'Next banner' }).click();
  }
  await expect(carousel.getByRole('heading', { name: `Summer ${id}` })).toBeVisible();
  await expect(button).toHaveAttribute('href', '/shop/listing?category=women');
  await button.click();

  await expect(page).toHaveURL(/\/shop\/listing\?category=women$/);
  await expect(page.getByText(dress.title)).toBeVisible();
});

test('a visitor reads the shipping, returns and contact pages from the footer without signing in @phone', async ({
  page,
}) => {
  await page.goto('/auth/login');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByText('The E-Commerce Store', { exact: true })).toBeVisible();
  const info = footer.getByRole('navigation', { name: 'Shop information' });
  for (const name of ['Shipping', 'Returns', 'Privacy', 'Terms', 'Contact']) {
    await expect(info.getByRole('link', { name })).toBeVisible();
  }
  await page.screenshot(shot(`login-${test.info().project.name}`));

  await info.getByRole('link', { name: 'Returns' }).click();
  await expect(page).toHaveURL(/\/pages\/returns$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Returns and refunds' })).toBeVisible();
  await expect(page).toHaveTitle('Returns and refunds · The E-Commerce Store');
  await page.screenshot(shot(`returns-${test.info().project.name}`));

  // A link inside the page's text leads to another page of the shop.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Terms' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Terms and conditions' })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'shipping page' }).click();
  await expect(page).toHaveURL(/\/pages\/shipping$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Shipping' })).toBeVisible();

  await page.getByRole('contentinfo').getByRole('link', { name: 'Contact' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: /^shop@/ })).toHaveAttribute(
    'href',
    /^mailto:shop@/,
  );

  // A page that is not one of the five says so.
  await page.goto('/pages/faq');
  await expect(page.getByRole('heading', { name: "page doesn't exists" })).toBeVisible();
});

test('header categories are links a shopper can open in a new tab; a click still filters', async ({
  page,
  shopper,
}) => {
  await signIn(page, shopper);
  await expect(page).toHaveURL(/\/shop\/home$/);
  const nav = page.getByRole('navigation', { name: 'Shop' });
  await expect(nav.getByRole('link', { name: 'Men', exact: true })).toHaveAttribute(
    'href',
    '/shop/listing?category=men',
  );
  await expect(nav.getByRole('link', { name: 'All Products' })).toHaveAttribute(
    'href',
    '/shop/listing',
  );
  await nav.getByRole('link', { name: 'Kids' }).click();
  await expect(page).toHaveURL(/\/shop\/listing\?category=kids$/);
  await expect(page.getByRole('checkbox', { name: 'Kids', exact: true })).toBeChecked();
  // On the listing a category entry only changes the category.
  await nav.getByRole('link', { name: 'Footwear' }).click();
  await expect(page).toHaveURL(/\/shop\/listing\?category=footwear$/);

  // The sort button names the active sort; the menu marks it.
  const sort = page.getByRole('button', { name: /^Sort by/ });
  await expect(sort).toHaveText('Sort by: Price: Low to High');
  await sort.click();
  await expect(page.getByRole('menuitemradio', { name: 'Price: Low to High' })).toBeChecked();
  await page.getByRole('menuitemradio', { name: 'Title: A to Z' }).click();
  await expect(sort).toHaveText('Sort by: Title: A to Z');
  await expect(page).toHaveURL(/sortBy=title-atoz/);
  await page.screenshot(shot(`listing-${test.info().project.name}`));
});

test('an admin gives a banner its text when uploading and edits it later @phone', async ({
  page,
  request,
}) => {
  const id = randomBytes(3).toString('hex');
  const banner = await createBanner(request);
  await signIn(page, admin);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto('/admin/features');
  await expect(page.getByRole('heading', { name: 'Feature images' })).toBeVisible();
  await expect(page.getByLabel('Title (optional)')).toBeVisible();

  const list = page.getByRole('list', { name: 'Feature images' });
  const item = list
    .getByRole('listitem')
    .filter({ has: page.locator(`img[src="${banner.image}"]`) });
  await item.getByRole('button', { name: /Edit text/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Banner text' });
  await dialog.getByLabel('Title (optional)').fill(`Denim ${id}`);
  await dialog.getByLabel('Button label (optional)').fill('Shop men');
  await dialog.getByLabel('Button link (with a label)').fill('//evil.example.com');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toContainText('link');

  await dialog.getByLabel('Button link (with a label)').fill('/shop/listing?category=men');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(item.getByText(`Denim ${id}`)).toBeVisible();
  await expect(item.getByText('/shop/listing?category=men')).toBeVisible();
  await page.screenshot(shot(`admin-features-${test.info().project.name}`));
});
