import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

// The footer's pages: Markdown shipped in content/pages, replaceable file by file in PAGES_DIR.
let t: TestApp;
let pagesDir: string;
beforeAll(async () => {
  pagesDir = mkdtempSync(path.join(tmpdir(), 'shop-pages-'));
  t = await createTestApp({
    PAGES_DIR: pagesDir,
    SHOP_NAME: 'Acme Outfitters',
    SHOP_CONTACT_EMAIL: 'help@acme.example',
  });
});
afterAll(async () => {
  await t.close();
  rmSync(pagesDir, { recursive: true, force: true });
});

const getPage = (slug: string) => t.app.inject({ method: 'GET', url: `/api/pages/${slug}` });

describe('information pages', () => {
  it.each(['shipping', 'returns', 'privacy', 'terms', 'contact'])(
    'serves the default %s page as HTML, to anyone',
    async (slug) => {
      const res = await getPage(slug);
      expect(res.statusCode).toBe(200);
      const { data } = res.json();
      expect(data.slug).toBe(slug);
      expect(data.title.length).toBeGreaterThan(3);
      expect(data.html).toMatch(/<(p|h2)>/);
      expect(data.html).not.toContain('{{');
    },
  );

  it('fills in the shop’s name and contact address', async () => {
    const { data } = (await getPage('contact')).json();
    expect(data.title).toBe('Contact us');
    expect(data.html).toContain('<a href="mailto:help@acme.example">help@acme.example</a>');
    expect((await getPage('returns')).json().data.html).toContain('Acme Outfitters');
  });

  it.each(['faq', 'SHIPPING', '..%2Fpackage', '%2e%2e', 'shipping.md', 'x'.repeat(60)])(
    'answers 404 for the unknown page %s',
    async (slug) => {
      const res = await getPage(slug);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json()).toMatchObject({ success: false });
      if (slug.length < 50) expect(res.statusCode).toBe(404);
    },
  );

  it('serves the operator’s file from PAGES_DIR instead of the default, and its later edits', async () => {
    const file = path.join(pagesDir, 'terms.md');
    writeFileSync(file, '# Our terms\n\nBe **kind**.\n');
    let { data } = (await getPage('terms')).json();
    expect(data).toEqual({
      slug: 'terms',
      title: 'Our terms',
      html: '<p>Be <strong>kind</strong>.</p>\n',
    });

    writeFileSync(file, '# Our terms\n\nBe patient.\n');
    // A new mtime, even on a file system with coarse timestamps.
    utimesSync(file, new Date(), new Date(Date.now() + 5000));
    ({ data } = (await getPage('terms')).json());
    expect(data.html).toBe('<p>Be patient.</p>\n');
    // Pages the operator did not replace keep the default text.
    expect((await getPage('privacy')).json().data.title).toBe('Privacy policy');
  });

  it('never turns HTML or script links in the Markdown into markup', async () => {
    writeFileSync(
      path.join(pagesDir, 'shipping.md'),
      [
        '# Shipping',
        '',
        '<script>alert(1)</script>',
        '',
        'Inline <img src=x onerror="alert(2)"> tag and <b>bold</b>.',
        '',
        '[click](javascript:alert(3)) and ![pic](javascript:alert(4)) and [ok](/pages/returns)',
      ].join('\n'),
    );
    const { html } = (await getPage('shipping')).json().data;
    expect(html).not.toMatch(/<script|<img|<b>|href="javascript/i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror=&quot;alert(2)&quot;&gt;');
    expect(html).toContain('<a href="/pages/returns">ok</a>');
  });
});
