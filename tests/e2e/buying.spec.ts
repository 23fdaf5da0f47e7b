import { randomBytes } from 'node:crypto';
import { admin, createProduct, expect, newShopper, signIn, test } from './fixtures';

test('a new shopper buys two products through the PayPal sandbox and follows the order the admin ships', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const id = randomBytes(3).toString('hex');
  // Cheapest in Kids + Puma, so both lead the filtered listing (sorted low to high).
  const shorts = await createProduct(request, {
    title: `Puma Kids Shorts ${id}`,
    category: 'kids',
    brand: 'puma',
    price: 1.5,
    totalStock: 5,
  });
  const cap = await createProduct(request, {
    title: `Puma Kids Cap ${id}`,
    category: 'kids',
    brand: 'puma',
    price: 2.25,
    salePrice: 1.75,
    totalStock: 5,
  });

  // Register, then sign in.
  const shopper = newShopper();
  await page.goto('/auth/register');
  await page.getByLabel('User Name').fill(shopper.userName);
  await page.getByLabel('Email').fill(shopper.email);
  await page.getByLabel('Password').fill(shopper.password);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await signIn(page, shopper);
  await expect(page).toHaveURL(/\/shop\/home$/);

  // Filter the listing and add both products.
  await page.goto('/shop/listing');
  await page.getByRole('checkbox', { name: 'Kids', exact: true }).click();
  await expect(page).toHaveURL(/category=kids/);
  await page.getByRole('checkbox', { name: 'Puma' }).click();
  await expect(page).toHaveURL(/brand=puma/);
  await page.getByRole('button', { name: `Add to cart: ${shorts.title}` }).click();
  await expect(page.getByText('Product is added to cart')).toBeVisible();
  await page.getByRole('button', { name: `Add to cart: ${cap.title}` }).click();
  await expect(page.getByRole('button', { name: 'Cart, 2 items' })).toBeVisible();

  // The cart sheet: two lines, minus disabled at 1, the total, then checkout.
  await page.getByRole('button', { name: 'Cart, 2 items' }).click();
  const sheet = page.getByRole('dialog', { name: 'Your Cart' });
  await expect(sheet.getByRole('listitem')).toHaveCount(2);
  await expect(
    sheet.getByRole('button', { name: `Decrease quantity of ${shorts.title}` }),
  ).toBeDisabled();
  await sheet.getByRole('button', { name: `Increase quantity of ${shorts.title}` }).click();
  await expect(page.getByText('Cart item is updated successfully')).toBeVisible();
  await expect(sheet.getByTestId('cart-total')).toHaveText('$4.75');
  await sheet.getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/shop\/checkout$/);

  // Checkout refuses to go on without an address; add one and pick it.
  await page.getByRole('button', { name: 'Checkout with Paypal' }).click();
  await expect(page.getByText('Please select one address to proceed.')).toBeVisible();
  await expect(page.getByText(/no real money moves/)).toBeVisible();
  const add = page.getByRole('button', { name: 'Add', exact: true });
  await expect(add).toBeDisabled();
  await page.getByRole('textbox', { name: 'Address', exact: true }).fill('7 Orchard Road');
  await page.getByRole('textbox', { name: 'City', exact: true }).fill('Springfield');
  await page.getByRole('textbox', { name: 'ZIP code', exact: true }).fill('12345');
  await page.getByRole('textbox', { name: 'Phone', exact: true }).fill('+1 555 0100');
  await page.getByRole('textbox', { name: 'Notes', exact: true }).fill('   ');
  await expect(add).toBeDisabled();
  await page.getByRole('textbox', { name: 'Notes', exact: true }).fill('Leave with the neighbour');
  await add.click();
  await expect(page.getByText('Address added successfully')).toBeVisible();
  // A new address is the one delivered to at once.
  await expect(page.getByRole('button', { name: 'Selected' })).toBeVisible();
  await page.getByRole('button', { name: 'Checkout with Paypal' }).click();

  // The PayPal sandbox: it says so, and the shopper approves.
  await expect(page).toHaveURL(/\/paypal-sandbox\/checkoutnow\?token=/);
  await expect(page.getByText(/no money moves/)).toBeVisible();
  await expect(page.getByText('Total: $4.75 USD')).toBeVisible();
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page).toHaveURL(/\/shop\/payment-success\?order=/);
  await expect(page.getByRole('heading', { name: 'Payment is successful!' })).toBeVisible();
  await expect(page.getByTestId('order-number')).toHaveText(/^#\d{6,}$/);
  const orderNumber = (await page.getByTestId('order-number').textContent()) ?? '';
  // The delivery label: street, then city, the ZIP's state and ZIP, then the country.
  await expect(page.locator('address')).toContainText(
    /7 Orchard Road\s*Springfield [A-Z]{2} 12345\s*United States/,
  );
  await expect(page.getByRole('button', { name: 'Cart, 0 items' })).toBeVisible();

  // Account, Orders: the order is there, confirmed.
  await page.getByRole('link', { name: 'View Orders' }).click();
  await expect(page).toHaveURL(/\/shop\/account$/);
  await expect(page.getByRole('tab', { name: 'Orders' })).toHaveAttribute('aria-selected', 'true');
  const row = page.getByRole('row').filter({ hasText: '$4.75' });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Confirmed')).toBeVisible();
  // The day in words, as on the order's page (issue 49).
  await expect(row.getByText(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/)).toBeVisible();
  await row.getByRole('button', { name: /View Details/ }).click();
  const details = page.getByRole('dialog', { name: 'Order details' });
  await expect(details.getByText(cap.title, { exact: true })).toBeVisible();
  await expect(details.getByText('7 Orchard Road')).toBeVisible();
  const orderId = (await details.locator('dt:text-is("Order number") + dd').textContent()) ?? '';
  expect(orderId).toBe(orderNumber);
  await page.keyboard.press('Escape');

  // The admin finds the order, opens it and ships it.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signIn(adminPage, admin);
  await expect(adminPage).toHaveURL(/\/admin\/dashboard$/);
  await adminPage
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: 'Orders' })
    .click();
  await expect(adminPage.getByRole('heading', { name: 'All Orders' })).toBeVisible();
  await adminPage.getByRole('button', { name: `View Details of order ${orderId}` }).click();
  const adminDialog = adminPage.getByRole('dialog', { name: 'Order details' });
  await expect(adminDialog.getByText(shorts.title, { exact: true })).toBeVisible();
  await adminDialog.getByRole('combobox', { name: 'Order Status' }).click();
  await adminPage.getByRole('option', { name: 'In Shipping' }).click();
  await adminDialog.getByRole('button', { name: 'Update Order Status' }).click();
  await expect(adminPage.getByText('Order status is updated successfully!')).toBeVisible();
  await expect(adminDialog.getByText('In Shipping', { exact: true }).first()).toBeVisible();
  await adminContext.close();

  // The shopper sees the new status.
  await page.reload();
  await expect(
    page.getByRole('row').filter({ hasText: '$4.75' }).getByText('In Shipping'),
  ).toBeVisible();
});
