import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import * as renderer from '../../web/src/entry-server';
import { makeProduct } from '../factories/products';
import { createTestApp } from '../helpers/test-app';
import { makeWebRoot } from '../helpers/web-root';

// The kept pages live in a file under DATA_DIR/page-cache (lib/bytes-file.ts). A DATA_DIR the
// server cannot make that directory in (a read-only disk, the database and images elsewhere)
// costs nothing but where the file goes: the system's temporary directory.
const scratch = mkdtempSync(path.join(tmpdir(), 'page-file-'));
const webRoot = makeWebRoot();
afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
  rmSync(webRoot, { recursive: true, force: true });
});

describe('the pages kept for everyone', () => {
  it('are kept in the temporary directory when DATA_DIR cannot hold them', async () => {
    const notADir = path.join(scratch, 'data');
    writeFileSync(notADir, '');
    const shop = await createTestApp(
      { PUBLIC_STOREFRONT: 'true', DATA_DIR: notADir },
      { webRoot, renderer },
    );
    try {
      const product = await makeProduct(shop, { title: 'Fallback Parka' });
      const url = `/shop/product/${product._id}`;
      const first = await shop.app.inject({ method: 'GET', url });
      const again = await shop.app.inject({ method: 'GET', url });
      expect(first.statusCode).toBe(200);
      // A page for everyone (a page rendered per request is `private, no-store`, untagged).
      expect(first.headers['cache-control']).toBe('private, no-cache');
      expect(first.body).toContain('Fallback Parka');
      expect(again.body).toBe(first.body);
      expect(again.headers.etag).toBe(first.headers.etag);
    } finally {
      await shop.close();
    }
  });
});
