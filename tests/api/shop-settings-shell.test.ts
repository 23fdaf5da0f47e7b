import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

// The client reads the shop's name and contact address from the page, not from a request.
let t: TestApp;
let webRoot: string;
beforeAll(async () => {
  webRoot = mkdtempSync(path.join(tmpdir(), 'shop-web-'));
  writeFileSync(
    path.join(webRoot, 'index.html'),
    '<!doctype html><html><head></head><body><div id="root"></div></body></html>',
  );
  t = await createTestApp(
    {
      SHOP_NAME: "Mia's & Co",
      SHOP_CONTACT_EMAIL: 'help@mia.example',
      SHOP_TIME_ZONE: 'Asia/Tokyo',
    },
    { webRoot },
  );
});
afterAll(async () => {
  await t.close();
  rmSync(webRoot, { recursive: true, force: true });
});

it('embeds SHOP_NAME, the contact address and the time zone as JSON in the page', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/auth/login' });
  expect(res.statusCode).toBe(200);
  const json = /<script type="application\/json" id="shop-settings">(.*?)<\/script>/.exec(
    res.body,
  )?.[1];
  expect(json).toBeDefined();
  expect(JSON.parse(json!)).toMatchObject({
    name: "Mia's & Co",
    contactEmail: 'help@mia.example',
    // The order pages name the day an order was placed in it (issue 49).
    timeZone: 'Asia/Tokyo',
  });
});

it('titles a page drawn in the browser with the shop’s name until the page sets its own', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/pages/terms' });
  expect(res.body.match(/<title>.*?<\/title>/g)).toEqual(["<title>Mia's &amp; Co</title>"]);
});

it('answers the five information pages with the page and any other /pages/ path with 404', async () => {
  for (const slug of ['shipping', 'returns', 'privacy', 'terms', 'contact']) {
    expect((await t.app.inject({ method: 'GET', url: `/pages/${slug}` })).statusCode).toBe(200);
  }
  const unknown = await t.app.inject({ method: 'GET', url: '/pages/faq' });
  expect(unknown.statusCode).toBe(404);
  expect(unknown.headers['content-type']).toContain('text/html');
});
