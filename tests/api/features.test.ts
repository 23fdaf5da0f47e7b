import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FeatureImage } from '@contract/catalog';
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
  return res.json().data as FeatureImage[];
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

describe('banner text', () => {
  const editBanner = (id: string, payload: object, who?: TestUser) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/common/feature/edit/${id}`,
      payload,
      headers: who ? { cookie: who.cookie } : {},
    });
  const shopWomen = {
    title: '  Summer Collection ',
    text: 'Light dresses and sunny extras',
    buttonLabel: 'Shop women',
    link: '/shop/listing?category=women',
  };

  it('is stored with a new banner and listed with it, trimmed', async () => {
    const image = await uploadImage(t, admin);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/common/feature/add',
      payload: { image, ...shopWomen },
      headers: { cookie: admin.cookie },
    });
    expect(res.statusCode).toBe(201);
    const banner = (await list()).find((b) => b.image === image);
    expect(banner).toMatchObject({ ...shopWomen, title: 'Summer Collection' });
  });

  it('is optional: a banner without it lists nulls', async () => {
    const image = await uploadImage(t, admin);
    await addBanner(image, admin);
    expect((await list()).find((b) => b.image === image)).toMatchObject({
      title: null,
      text: null,
      buttonLabel: null,
      link: null,
    });
  });

  it.each([
    ['a protocol-relative link', { link: '//evil.example.com/x' }],
    ['a backslash link', { link: '/\\evil.example.com' }],
    ['a javascript: link', { link: 'javascript:alert(1)' }],
    ['a data: link', { link: 'data:text/html,<script>alert(1)</script>' }],
    ['a relative link without /', { link: 'shop/listing' }],
    ['a link with spaces', { link: '/shop/ listing' }],
    ['a label without a link', { link: '' }],
    ['a link without a label', { buttonLabel: '' }],
    ['a title over 80 characters', { title: 'x'.repeat(81) }],
    ['a text over 200 characters', { text: 'x'.repeat(201) }],
    ['a label over 30 characters', { buttonLabel: 'x'.repeat(31) }],
    ['an unknown field', { colour: 'red' }],
  ])('refuses %s with 400 and stores nothing', async (_name, override) => {
    const image = await uploadImage(t, admin);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/common/feature/add',
      payload: { image, ...shopWomen, ...override },
      headers: { cookie: admin.cookie },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'INVALID_INPUT' });
    expect((await list()).map((b) => b.image)).not.toContain(image);
  });

  it('accepts an http(s) link to another site', async () => {
    const image = await uploadImage(t, admin);
    const link = 'https://lookbook.example.com/summer?utm=banner';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/common/feature/add',
      payload: { image, buttonLabel: 'Lookbook', link },
      headers: { cookie: admin.cookie },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.link).toBe(link);
  });

  it('is replaced by an admin’s edit, which keeps the image; empty fields clear', async () => {
    const image = await uploadImage(t, admin);
    const banner = (await addBanner(image, admin)).json().data;
    const res = await editBanner(banner._id, { ...shopWomen, title: 'Sale' }, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ _id: banner._id, image, title: 'Sale' });
    expect((await list()).find((b) => b._id === banner._id)).toMatchObject({
      title: 'Sale',
      link: shopWomen.link,
    });

    await editBanner(banner._id, { title: 'Only a title', text: '', buttonLabel: '' }, admin);
    expect((await list()).find((b) => b._id === banner._id)).toMatchObject({
      title: 'Only a title',
      text: null,
      buttonLabel: null,
      link: null,
    });
  });

  it('edits are refused for a bad link (nothing changes), signed out, for a shopper, or an unknown id', async () => {
    const banner = (
      await t.app.inject({
        method: 'POST',
        url: '/api/common/feature/add',
        payload: { image: await uploadImage(t, admin), ...shopWomen },
        headers: { cookie: admin.cookie },
      })
    ).json().data;
    const bad = await editBanner(banner._id, { ...shopWomen, link: '//evil.example.com' }, admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('link');
    expect((await editBanner(banner._id, { title: 'x' })).statusCode).toBe(401);
    expect((await editBanner(banner._id, { title: 'x' }, shopper)).statusCode).toBe(403);
    const unknown = await editBanner('00000000-0000-4000-8000-000000000000', {}, admin);
    expect(unknown.statusCode).toBe(404);
    expect((await list()).find((b) => b._id === banner._id)).toMatchObject({
      title: 'Summer Collection',
      link: shopWomen.link,
    });
  });

  it('edits reach the public banner list at once', async () => {
    const banner = (await addBanner(await uploadImage(t, admin), admin)).json().data;
    await list(); // the answer is now cached
    await editBanner(banner._id, { title: 'Fresh' }, admin);
    expect((await list()).find((b) => b._id === banner._id)?.title).toBe('Fresh');
  });
});
