import { createBanner, createProduct, expect, test } from './fixtures';

test('a shopper calling the admin API gets 403', async ({ request, shopper }) => {
  const login = await request.post('/api/auth/login', {
    data: { email: shopper.email, password: shopper.password },
  });
  expect(login.status()).toBe(200);
  const res = await request.get('/api/admin/products/get');
  expect(res.status()).toBe(403);
  const add = await request.post('/api/common/feature/add', { data: { image: '/uploads/x.webp' } });
  expect(add.status()).toBe(403);
});

test('the fixtures create a product and a banner through the admin API', async ({ request }) => {
  const product = await createProduct(request, {
    title: 'Fixture Hoodie',
    price: 40,
    salePrice: 30,
  });
  expect(product).toMatchObject({ title: 'Fixture Hoodie', price: 40, salePrice: 30 });
  const detail = await request.get(product.image);
  expect(detail.headers()['content-type']).toBe('image/webp');
  const banner = await createBanner(request);
  const list = await (await request.get('/api/common/feature/get')).json();
  expect(list.data.map((b: { _id: string }) => b._id)).toContain(banner._id);
  // The admin's session stayed in its own context.
  expect((await (await request.get('/api/auth/check-auth')).json()).success).toBe(false);
});
