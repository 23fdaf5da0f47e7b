import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadImage } from '../factories/images';
import { makeUser, type TestUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let admin: TestUser;
let shopper: TestUser;

beforeAll(async () => {
  t = await createTestApp({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'shop-features-')) });
  admin = await makeUser(t, { role: 'admin' });
  shopper = await makeUser(t);
});
afterAll(async () => t.close());

const addBanner = (image: unknown, who?: TestUser) =>
  t.app.inject({
    method: 'POST',
    url: '/api/common/feature/add',
    payload: { image } as object,
    headers: who ? { cookie: who.cookie } : {},
  });
const removeBanner = (id: string, who?: TestUser) =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/common/feature/delete/${id}`,
    headers: who ? { cookie: who.cookie } : {},
  });
const list = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/common/feature/get' });
  expect(res.statusCode).toBe(200);
  return res.json().data as Array<{ _id: string; image: string }>;
};

describe('feature images', () => {
  it('are listed to anyone, signed in or not, oldest first', async () => {
    const first = (await addBanner(await uploadImage(t, admin), admin)).json().data;
    const second = (await addBanner(await uploadImage(t, admin), admin)).json().data;
    const res = await t.app.inject({ method: 'GET', url: '/api/common/feature/get' });
    expect(res.json()).toMatchObject({ success: true });
    const ids = (await list()).map((b) => b._id);
    expect(ids.indexOf(first._id)).toBeLessThan(ids.indexOf(second._id));
  });

  it('are added by an admin with an uploaded image', async () => {
    const image = await uploadImage(t, admin);
    const res = await addBanner(image, admin);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ success: true, data: { _id: expect.any(String), image } });
    expect((await list()).map((b) => b.image)).toContain(image);
  });

  it('cannot be added signed out (401) or by a shopper (403)', async () => {
    const image = await uploadImage(t, admin);
    expect((await addBanner(image)).statusCode).toBe(401);
    expect((await addBanner(image, shopper)).statusCode).toBe(403);
    expect((await list()).map((b) => b.image)).not.toContain(image);
  });

  it.each([
    ['a missing image', ''],
    ['an image from another site', 'https://evil.example.com/banner.webp'],
    ['an image the shop never issued', `/uploads/${'d'.repeat(32)}.webp`],
    ['a non-string image', 42],
  ])('refuses %s', async (_name, image) => {
    const res = await addBanner(image, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('image');
  });

  it('are deleted by an admin only', async () => {
    const banner = (await addBanner(await uploadImage(t, admin), admin)).json().data;
    expect((await removeBanner(banner._id)).statusCode).toBe(401);
    expect((await removeBanner(banner._id, shopper)).statusCode).toBe(403);
    const res = await removeBanner(banner._id, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true });
    expect((await list()).map((b) => b._id)).not.toContain(banner._id);
  });

  it.each([
    ['an unknown id', '00000000-0000-4000-8000-000000000000'],
    ['a malformed id', 'banner-1'],
  ])('give 404 on delete of %s', async (_name, id) => {
    const res = await removeBanner(id, admin);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });
});
