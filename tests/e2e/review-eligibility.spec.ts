import { randomBytes } from 'node:crypto';
import { notDeliveredMessage, notPurchasedMessage, returnedMessage } from '@contract/reviews';
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { asAdmin, createProduct, e2eBaseURL, expect, signIn, test } from './fixtures';
import { buyThroughSandbox } from './purchase';

// Who may write a review (a buyer who kept a delivered unit; each refusal says why), and a
// review form whose Submit follows the text box however its value was set.

const ok = async (res: Awaited<ReturnType<APIRequestContext['post']>>, status = 200) =>
  expect(res.status(), await res.text()).toBe(status);

/** The phone's pictures at 390 px, the desktop's at 1366 px. */
async function shot(page: Page, testInfo: TestInfo, name: string) {
  const phone = testInfo.project.name === 'phone';
  await page.setViewportSize(phone ? { width: 390, height: 844 } : { width: 1366, height: 900 });
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true });
}

/** The product's page, its review form with `stars` picked (the server asks for 1 to 5). */
async function openReviewForm(page: Page, productId: string, stars = 4) {
  await page.goto(`/shop/product/${productId}`);
  const main = page.getByRole('main');
  await expect(main.getByText('Write a review')).toBeVisible();
  await main.locator('label', { hasText: `${stars} star` }).click();
  await expect(main.getByRole('radio', { name: `${stars} star` })).toBeChecked();
  return {
    main,
    box: main.getByLabel('Your review'),
    submit: main.getByRole('button', { name: 'Submit' }),
  };
}

test('a buyer whose order was partly refunded reviews the product they kept @phone', async ({
  page,
  request,
  shopper,
}, testInfo) => {
  const tag = randomBytes(3).toString('hex');
  const shirt = await createProduct(request, { title: `Kept Shirt ${tag}`, totalStock: 5 });
  const cap = await createProduct(request, { title: `Returned Cap ${tag}`, totalStock: 5 });
  await signIn(page, shopper);
  await expect(page).toHaveURL(/\/shop\/home$/);
  const order = await buyThroughSandbox(page, [
    { productId: shirt._id, quantity: 1 },
    { productId: cap._id, quantity: 1 },
  ]);
  const lineOf = (productId: string) =>
    order.cartItems.find((l) => l.productId === productId)!.lineId;

  // Before it arrives, the form says to wait for the delivery.
  let form = await openReviewForm(page, shirt._id);
  await form.box.fill('Arrived yet?');
  await form.submit.click();
  await expect(page.getByText(notDeliveredMessage)).toBeVisible();

  // Delivered; the shopper sends the cap back and the admin refunds it: partly refunded.
  await asAdmin(async (ctx) => {
    await ok(
      await ctx.post(`/api/admin/orders/${order._id}/shipments`, {
        data: {
          lines: order.cartItems.map((l) => ({ lineId: l.lineId, quantity: 1 })),
          carrier: 'dhl',
          trackingNumber: `JD${randomBytes(5).toString('hex')}`,
        },
      }),
      201,
    );
    await ok(
      await ctx.put(`/api/admin/orders/update/${order._id}`, {
        data: { orderStatus: 'delivered' },
      }),
    );
  });
  const asked = await page.request.post('/api/shop/returns', {
    data: {
      orderId: order._id,
      lines: [{ lineId: lineOf(cap._id), quantity: 1, reason: 'tooSmall' }],
    },
    headers: { origin: e2eBaseURL() },
  });
  await ok(asked, 201);
  const returnId = (await asked.json()).data._id as string;
  const paymentStatus = await asAdmin(async (ctx) => {
    const step = (name: string, data?: object) =>
      ctx.post(`/api/admin/returns/${returnId}/${name}`, data ? { data } : {});
    await ok(await step('approve', { instructions: 'Post it back' }));
    await ok(await step('receive', { lines: [{ lineId: lineOf(cap._id), restock: true }] }));
    await ok(await step('refund'));
    const details = await ctx.get(`/api/admin/orders/details/${order._id}`);
    return (await details.json()).data.paymentStatus as string;
  });
  expect(paymentStatus).toBe('partially_refunded');

  // The shirt, kept, is reviewed and listed.
  form = await openReviewForm(page, shirt._id, 5);
  await form.box.fill('Kept this one: soft and true to size.');
  await expect(form.submit).toBeEnabled();
  await form.submit.click();
  await expect(page.getByText('Review added successfully!')).toBeVisible();
  await expect(form.main.getByText('Kept this one: soft and true to size.')).toBeVisible();
  await expect(form.box).toHaveValue('');
  await expect(form.submit).toBeDisabled();
  await shot(page, testInfo, 'review-kept');

  // The cap, returned, is refused with that reason.
  form = await openReviewForm(page, cap._id);
  await form.box.fill('Too small for me.');
  await form.submit.click();
  await expect(page.getByText(returnedMessage)).toBeVisible();
  await shot(page, testInfo, 'review-returned');
});

test("the review form's Submit follows a value set by a script, and sends it @phone", async ({
  page,
  request,
  shopper,
}, testInfo) => {
  const product = await createProduct(request, {
    title: `Scripted Tee ${randomBytes(3).toString('hex')}`,
  });
  await signIn(page, shopper);
  await expect(page).toHaveURL(/\/shop\/home$/);
  const { box, submit } = await openReviewForm(page, product._id);
  await expect(submit).toBeDisabled();

  // The native setter and an input event, as autofill and testing tools do.
  await box.evaluate((el: HTMLTextAreaElement) => {
    const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!;
    setter.call(el, 'Filled by a script');
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await expect(submit).toBeEnabled();
  // Blank again, through the element's own property (which React's change tracking sees first).
  await box.evaluate((el: HTMLTextAreaElement) => {
    el.value = '   ';
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await expect(submit).toBeDisabled();
  await box.evaluate((el: HTMLTextAreaElement) => {
    el.value = 'Set through the property';
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await expect(submit).toBeEnabled();
  await shot(page, testInfo, 'review-scripted');

  // What is sent is the box's text: the server reads it and answers why this shopper may not review.
  await submit.click();
  await expect(page.getByText(notPurchasedMessage)).toBeVisible();
});
