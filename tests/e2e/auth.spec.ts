import { admin, expect, newShopper, signIn, test, waitForHydration } from './fixtures';

test('a new shopper registers, sees the toast, signs in and lands on the shop @phone', async ({
  page,
}) => {
  const shopper = newShopper();
  await page.goto('/auth/register');
  await expect(page.getByRole('heading', { name: 'Create new account' })).toBeVisible();
  await page.getByLabel('User Name').fill(shopper.userName);
  await page.getByLabel('Email').fill(shopper.email);
  await page.getByLabel('Password').fill(shopper.password);
  await page.getByRole('button', { name: 'Sign Up' }).click();

  await expect(page.getByText('Registration successful')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login$/);

  await signIn(page, shopper);
  await expect(page).toHaveURL(/\/shop\/home$/);
});

test('a wrong password shows the server message as a toast', async ({ page, shopper }) => {
  await signIn(page, { email: shopper.email, password: 'not-my-password' });
  await expect(page.getByText('Incorrect email or password')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test('with JavaScript off, a visitor signs up, signs in and lands where they were going @phone', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const shopper = newShopper();
  await page.goto('/auth/register?redirect=%2Fshop%2Faccount%3Ftab%3Dorders');
  await page.getByLabel('User Name').fill(shopper.userName);
  await page.getByLabel('Email').fill(shopper.email);
  await page.getByLabel('Password').fill(shopper.password);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByRole('status')).toHaveText('Registration successful');
  await expect(page).toHaveURL(
    /\/auth\/login\?redirect=%2Fshop%2Faccount%3Ftab%3Dorders&notice=registered$/,
  );

  await page.getByLabel('Email').fill(shopper.email);
  await page.getByLabel('Password').fill('not-my-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toHaveText('Incorrect email or password');

  await page.getByLabel('Email').fill(shopper.email);
  await page.getByLabel('Password').fill(shopper.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/shop\/account\?tab=orders$/);
  await context.close();
});

test("what a shopper types before the sign-in page's code arrives is what it sends", async ({
  page,
  shopper,
}) => {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  // The page's own goto, which does not wait for the code.
  await page.mainFrame().goto('/auth/login');
  await page.getByLabel('Email').fill(shopper.email);
  await page.getByLabel('Password').fill(shopper.password);
  release();
  await waitForHydration(page);
  await expect(page.getByLabel('Email')).toHaveValue(shopper.email);
  await page.getByRole('button', { name: 'Sign In' }).click();
  // The toast is the code's: the form went to the API, not as HTML.
  await expect(page.getByText('Logged in successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/shop\/home$/);
});

test('a notice from a form posted as HTML leaves the address once the page is live', async ({
  page,
}) => {
  await page.goto('/auth/login?redirect=%2Fshop%2Fcart&notice=credentials');
  await expect(page.getByRole('alert')).toHaveText('Incorrect email or password');
  await waitForHydration(page);
  await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fshop%2Fcart$/);
  await expect(page.getByRole('alert')).toHaveText('Incorrect email or password');
  // A link cannot put its own words on the page.
  await page.goto('/auth/login?notice=Your+account+is+locked');
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('the admin from ADMIN_EMAIL signs in and lands on the dashboard', async ({ page }) => {
  await signIn(page, admin);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByText('Admin Panel')).toBeVisible();
  for (const item of ['Dashboard', 'Products', 'Orders', 'Features']) {
    await expect(
      page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: item }),
    ).toBeVisible();
  }
});

test('an admin opening a shop page lands on the dashboard', async ({ page }) => {
  await signIn(page, admin);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto('/shop/home');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
});

test('a shopper opening an admin page lands on /unauth-page', async ({ page, shopper }) => {
  await signIn(page, shopper);
  await expect(page).toHaveURL(/\/shop\/home$/);
  await page.goto('/admin/products');
  await expect(page).toHaveURL(/\/unauth-page$/);
  await expect(page.getByText("You don't have access to view this page")).toBeVisible();
});

test('a signed-out visitor opening the account page signs in and comes back to it', async ({
  page,
  shopper,
}) => {
  await page.goto('/shop/account?tab=orders');
  await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fshop%2Faccount%3Ftab%3Dorders$/);
  await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
  await page.getByLabel('Email').fill(shopper.email);
  await page.getByLabel('Password').fill(shopper.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/shop\/account\?tab=orders$/);
});

test('a sign-in link that points off the site lands on the shop instead', async ({
  page,
  shopper,
}) => {
  await page.goto('/auth/login?redirect=%2F%2Fevil.example%2Fshop');
  await page.getByLabel('Email').fill(shopper.email);
  await page.getByLabel('Password').fill(shopper.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/shop\/home$/);
});

test('/ sends each visitor to their start page', async ({ page, shopper }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/auth\/login$/);
  await signIn(page, shopper);
  await expect(page).toHaveURL(/\/shop\/home$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/shop\/home$/);
  await page.goto('/auth/register');
  await expect(page).toHaveURL(/\/shop\/home$/);
});

test('an unknown path says the page does not exist', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText("page doesn't exists")).toBeVisible();
});

test('the avatar menu shows the user and logout returns to sign-in', async ({ page, shopper }) => {
  await signIn(page, shopper);
  await expect(page).toHaveURL(/\/shop\/home$/);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByText(`Logged in as ${shopper.userName}`)).toBeVisible();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await page.goto('/shop/home');
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test('the admin logs out from the header', async ({ page }) => {
  await signIn(page, admin);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test('on a phone the admin sidebar opens from the menu button @phone-only', async ({ page }) => {
  await signIn(page, admin);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.getByRole('button', { name: 'Toggle Menu' }).click();
  await page.getByRole('dialog').getByRole('link', { name: 'Orders' }).click();
  await expect(page).toHaveURL(/\/admin\/orders$/);
});
