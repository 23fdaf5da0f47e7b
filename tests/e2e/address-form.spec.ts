import { createProduct, expect, signIn, test } from './fixtures';

// Saving an address needs all five fields, Notes included (SPEC §5): the form says so before
// the shopper wonders why Add stays grey, and the address added is the one delivered to.

test('@phone the address form names the fields still needed, and a new address is chosen at once', async ({
  page,
  request,
  shopper,
}) => {
  const product = await createProduct(request, { price: 24 });
  await signIn(page, shopper);
  await expect(page).toHaveURL(/\/shop\/home$/);
  await page.goto(`/shop/product/${product._id}`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Product is added to cart')).toBeVisible();
  await page.goto('/shop/checkout');

  const pay = page.getByRole('button', { name: 'Checkout with Paypal' });
  await expect(pay).toHaveAccessibleDescription('Choose a delivery address above to pay.');
  const form = page.getByRole('form', { name: 'Add address' });
  const add = form.getByRole('button', { name: 'Add', exact: true });
  await expect(add).toBeDisabled();
  await expect(add).toHaveAccessibleDescription(
    'Still needed: Address, City, Pincode, Phone, Notes',
  );
  const notes = form.getByRole('textbox', { name: 'Notes', exact: true });
  await expect(notes).toHaveAccessibleDescription(
    'Required. Delivery notes, e.g. Leave at the door',
  );

  await form.getByRole('textbox', { name: 'Address', exact: true }).fill('12 Pine Street');
  await form.getByRole('textbox', { name: 'City', exact: true }).fill('Albany');
  await form.getByRole('textbox', { name: 'Pincode', exact: true }).fill('12207');
  await form.getByRole('textbox', { name: 'Phone', exact: true }).fill('+1 555 0123');
  await expect(form.getByText('Still needed: Notes')).toBeVisible();
  await expect(add).toBeDisabled();
  await page.screenshot({ path: 'test-results/address-form-needed.png', fullPage: true });

  await notes.fill('Leave at the door');
  await expect(form.getByText(/Still needed/)).toHaveCount(0);
  await add.click();
  await expect(page.getByText('Address added successfully')).toBeVisible();
  const card = page.getByRole('article', { name: 'Address: 12 Pine Street' });
  await expect(card.getByRole('button', { name: 'Selected' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByText('Choose a delivery address above to pay.')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/address-form-chosen.png', fullPage: true });
});
