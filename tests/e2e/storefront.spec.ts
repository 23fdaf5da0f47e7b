import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import {
  createBanner,
  createProduct,
  e2eBaseURL,
  expect,
  setSalePrice,
  signIn,
  test,
  waitForHydration,
} from './fixtures';

/** Titles of the product cards on the page, in order. */
const cardTitles = (page: Page) => page.locator('main article h2').allTextContents();

test('a shopper filters by Men and Nike, sorts High to Low, reloads, goes back, and keeps the state', async ({
  page,
  request,
  shopper,
}) => {
  const id = randomBytes(3).toString('hex');
  // Prices above anything else in the run put these first when sorted high to low.
  const cheap = await createProduct(request, { title: `Cheap Tee ${id}`, price: 9100 });
  const sale = await createProduct(request, {
    title: `Sale Hoodie ${id}`,
    price: 9900,
    salePrice: 9200,
  });
  const dear = await createProduct(request, { title: `Dear Jacket ${id}`, price: 9300 });
  const adidas = await createProduct(request, {
    title: `Adidas Top ${id}`,
    brand: 'adidas',
    price: 9800,
  });
  const women = await createProduct(request, {
    title: `Women Dress ${id}`,
    category: 'women',
    price: 9700,
  });

  await signIn(page, shopper);
  await expect(page).toHaveURL(/\/shop\/home$/);
  await page
    .getByRole('navigation', { name: 'Shop' })
    .getByRole('link', { name: 'All Products' })
    .click();
  await expect(page).toHaveURL(/\/shop\/listing$/);
  await expect(page.getByRole('heading', { name: 'Filters' })).toBeVisible();

  // The URL is the state: a box shows checked once the navigation it starts lands.
  await page.getByRole('checkbox', { name: 'Men', exact: true }).click();
  await expect(page).toHaveURL(/category=men/);
  await expect(page.getByRole('checkbox', { name: 'Men', exact: true })).toBeChecked();
  await page.getByRole('checkbox', { name: 'Nike' }).click();
  await expect(page).toHaveURL(/category=men&brand=nike/);

  await page.getByRole('button', { name: /Sort by/ }).click();
  await page.getByRole('menuitemradio', { name: 'Price: High to Low' }).click();
  await expect(page).toHaveURL(/sortBy=price-hightolow/);

  const expected = [dear.title, sale.title, cheap.title]; // pays 9300, 9200, 9100
  await expect.poll(async () => (await cardTitles(page)).slice(0, 3)).toEqual(expected);
  const titles = await cardTitles(page);
  expect(titles).not.toContain(adidas.title);
  expect(titles).not.toContain(women.title);
  await expect(page.getByText(/^\d+ Products$/)).toBeVisible();

  await page.reload();
  await expect.poll(async () => (await cardTitles(page)).slice(0, 3)).toEqual(expected);
  await expect(page.getByRole('checkbox', { name: 'Men', exact: true })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Nike' })).toBeChecked();
  await page.getByRole('button', { name: /Sort by/ }).click();
  await expect(page.getByRole('menuitemradio', { name: 'Price: High to Low' })).toBeChecked();
  await page.keyboard.press('Escape');

  // Back undoes the sort, then the brand; forward brings them back.
  await page.goBack();
  await expect(page).toHaveURL(/category=men&brand=nike$/);
  await page.goBack();
  await expect(page).toHaveURL(/category=men$/);
  await expect(page.getByRole('checkbox', { name: 'Nike' })).not.toBeChecked();
  await page.goForward();
  await page.goForward();
  await expect(page).toHaveURL(/sortBy=price-hightolow/);
  await expect(page.getByRole('checkbox', { name: 'Nike' })).toBeChecked();
  await expect.poll(async () => (await cardTitles(page)).slice(0, 3)).toEqual(expected);

  // A card opens the product over the listing; closing returns to the same listing.
  await page.getByRole('link', { name: new RegExp(sale.title) }).click();
  await expect(page).toHaveURL(new RegExp(`/shop/product/${sale._id}$`));
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: sale.title })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(/category=men&brand=nike&sortBy=price-hightolow/);

  // The price range filters on the price paid and shows what it was set to after a reload.
  await page.getByLabel('Minimum price in dollars').fill('9150');
  await page.getByLabel('Maximum price in dollars').fill('9250');
  await page.getByRole('button', { name: 'Apply price' }).click();
  await expect(page).toHaveURL(/minPrice=9150&maxPrice=9250/);
  await expect.poll(() => cardTitles(page)).toEqual([sale.title]);
  await page.reload();
  await expect(page.getByLabel('Minimum price in dollars')).toHaveValue('9150');
  await expect(page.getByLabel('Maximum price in dollars')).toHaveValue('9250');
});

test('a product opens by its URL with its title, prices, reviews and review form', async ({
  page,
  request,
  shopper,
}) => {
  // At $120 first, then on sale: the reduction is announced against the $120 before it.
  const created = await createProduct(request, {
    title: `Linked Parka ${randomBytes(3).toString('hex')}`,
    description: 'A warm parka for linking and sharing.',
    price: 120,
    totalStock: 5,
  });
  const product = await setSalePrice(created, 99.5);
  await signIn(page, shopper);
  await expect(page).toHaveURL(/\/shop\/home$/);
  await page.goto(`/shop/product/${product._id}`);

  // Loaded as a document, the product is a page of its own (the dialog is for browsing).
  const dialog = page.getByRole('main');
  await expect(dialog.getByRole('heading', { name: product.title })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(product.title));
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    'content',
    'A warm parka for linking and sharing.',
  );
  // The prior price struck through, the sale price; the prior-price line names the same $120.
  await expect(dialog.getByText('$120.00').first()).toBeVisible();
  await expect(dialog.getByText('$99.50')).toBeVisible();
  // Unrated: no empty stars and "0.00", the review list's 'No Reviews' below.
  await expect(dialog.getByText('No reviews yet')).toBeVisible();
  await expect(dialog.getByText('Only 5 items left')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
  await expect(dialog.getByText('No Reviews', { exact: true })).toBeVisible();
  await expect(dialog.getByText('Write a review')).toBeVisible();
  const submit = dialog.getByRole('button', { name: 'Submit' });
  await expect(submit).toBeDisabled();
  await dialog.getByLabel('Your review').fill('   ');
  await expect(submit).toBeDisabled();

  // Not bought: the server's sentence shows as a toast.
  await dialog.getByLabel('Your review').fill('Looks great');
  await dialog.locator('label', { hasText: '4 stars' }).click();
  await expect(dialog.getByRole('radio', { name: '4 stars' })).toBeChecked();
  await submit.click();
  await expect(page.getByText('You need to purchase this product to review it.')).toBeVisible();

  // Opened on its own, its way back leads to the listing.
  await dialog.getByRole('link', { name: '← All products' }).click();
  await expect(page).toHaveURL(/\/shop\/listing/);
});

test('search finds a product despite a typo, keeps the keyword in the URL, and says when nothing matches', async ({
  page,
  request,
  shopper,
}) => {
  const product = await createProduct(request, {
    title: `Zephyr Windbreaker ${randomBytes(3).toString('hex')}`,
  });
  await signIn(page, shopper);
  await expect(page).toHaveURL(/\/shop\/home$/);
  await page
    .getByRole('navigation', { name: 'Shop' })
    .getByRole('link', { name: 'Search' })
    .click();
  await expect(page).toHaveURL(/\/shop\/search$/);

  const input = page.getByPlaceholder('Search Products...');
  await input.fill('zephir windbreaker');
  await expect(page).toHaveURL(/keyword=zephir\+windbreaker/);
  await expect(page.getByRole('heading', { name: product.title })).toBeVisible();

  await input.fill('qxjzvbnwq');
  await expect(page.getByText('No result found!')).toBeVisible();

  // Under 4 characters the results are cleared and nothing is searched.
  await input.fill('zep');
  await expect(page.getByText('No result found!')).toBeHidden();
  await expect(page.locator('main article')).toHaveCount(0);
});

test('the home carousel advances on its own, pauses while hovered, and its arrows work', async ({
  page,
  request,
  shopper,
}) => {
  await createBanner(request);
  await createBanner(request);
  await page.clock.install();
  await signIn(page, shopper);
  await expect(page).toHaveURL(/\/shop\/home$/);
  await expect(page.getByRole('heading', { name: 'Feature Products' })).toBeVisible();

  const carousel = page.getByRole('region', { name: 'Featured collections' });
  const slides = carousel.locator('[aria-roledescription="slide"]');
  // The banners arrive after the heading: wait for the slides before counting them.
  await expect(slides.nth(1)).toBeAttached();
  const count = await slides.count();
  expect(count).toBeGreaterThanOrEqual(2);
  const shown = () => carousel.locator('[aria-roledescription="slide"][aria-hidden="false"]');
  await expect(shown()).toHaveAttribute('aria-label', `1 of ${count}`);

  await carousel.getByRole('button', { name: 'Next banner' }).click();
  await expect(shown()).toHaveAttribute('aria-label', `2 of ${count}`);
  await carousel.getByRole('button', { name: 'Previous banner' }).click();
  await expect(shown()).toHaveAttribute('aria-label', `1 of ${count}`);

  // Hovered (the mouse is still over it) and focused: it stays put.
  await page.clock.runFor(16_000);
  await expect(shown()).toHaveAttribute('aria-label', `1 of ${count}`);

  // Left alone, it moves on after 15 seconds.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.mouse.move(5, 850);
  await page.clock.runFor(14_000);
  await expect(shown()).toHaveAttribute('aria-label', `1 of ${count}`);
  await page.clock.runFor(1_500);
  await expect(shown()).toHaveAttribute('aria-label', `2 of ${count}`);
});

test('on a phone the filters stay out of the page until the shopper opens their sheet @phone-only', async ({
  page,
  shopper,
}) => {
  await signIn(page, shopper);
  await expect(page).toHaveURL(/\/shop\/home$/);
  await page.goto('/shop/listing');
  await waitForHydration(page);

  // Folded: the page holds the panel's heading and its button, not its hundreds of boxes.
  const panel = page.getByRole('complementary', { name: 'Filters' });
  await expect(panel.getByRole('heading', { name: 'Filters' })).toBeVisible();
  const boxes = panel.locator('input[type="checkbox"]'); // hidden ones too
  await expect(boxes).toHaveCount(0);

  await panel.getByRole('button', { name: 'Show' }).click();
  const sheet = page.getByRole('dialog', { name: 'Filters' });
  await expect(sheet).toBeVisible();
  await sheet.getByRole('checkbox', { name: 'Women', exact: true }).click();
  await expect(page).toHaveURL(/category=women/);
  await expect(sheet.getByRole('checkbox', { name: 'Women', exact: true })).toBeChecked();

  await sheet.getByRole('button', { name: /^Show \d+ products?$/ }).click();
  await expect(sheet).toBeHidden();
  await expect(page.locator('input[type="checkbox"]')).toHaveCount(0);
});

test('under reduced motion the home carousel stands still and offers no pause button', async ({
  browser,
  request,
  shopper,
}) => {
  // Two banners, so the carousel has its controls whatever else the run has added.
  await createBanner(request, {});
  await createBanner(request, {});
  const context = await browser.newContext({ reducedMotion: 'reduce', baseURL: e2eBaseURL() });
  const page = await context.newPage();
  await signIn(page, shopper);
  await expect(page).toHaveURL(/\/shop\/home$/);
  await waitForHydration(page);
  const carousel = page.getByRole('region', { name: 'Featured collections' });
  await expect(carousel.getByRole('button', { name: 'Next banner' })).toBeVisible();
  await expect(carousel.getByRole('button', { name: /Pause|Play/ })).toHaveCount(0);
  await context.close();
});

test('a tap on Sort by before the menu’s code arrives opens the menu once it does @phone', async ({
  page,
  shopper,
}) => {
  await signIn(page, shopper);
  await expect(page).toHaveURL(/\/shop\/home$/);
  await waitForHydration(page);
  // A slow network: the sort menu's code arrives well after the listing is drawn.
  await page.route(/\/assets\/sort-menu-[\w-]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  // Within the shop (no page load), so the button is a placeholder until that code arrives.
  await page
    .getByRole('region', { name: 'Shop by category' })
    .getByRole('link', { name: 'Men', exact: true })
    .click();
  await expect(page).toHaveURL(/\/shop\/listing\?category=men/);
  await page.getByRole('button', { name: /^Sort by/ }).click();

  await page.getByRole('menuitemradio', { name: 'Price: High to Low' }).click();
  await expect(page).toHaveURL(/sortBy=price-hightolow/);
  await expect(page.getByRole('button', { name: 'Sort by: Price: High to Low' })).toBeVisible();
});
