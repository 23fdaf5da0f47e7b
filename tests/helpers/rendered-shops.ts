import { rmSync } from 'node:fs';
import * as renderer from '../../web/src/entry-server';
import { createTestApp } from './test-app';
import { makeWebRoot } from './web-root';

/**
 * Two shops whose storefront pages the real renderer draws: the default one (`shop`, visitors
 * are sent to sign in) and one with PUBLIC_STOREFRONT (`open`), on a minimal web root.
 */
export async function renderedShops() {
  const webRoot = makeWebRoot();
  const shop = await createTestApp({}, { webRoot, renderer });
  const open = await createTestApp({ PUBLIC_STOREFRONT: 'true' }, { webRoot, renderer });
  return {
    shop,
    open,
    async close() {
      await Promise.all([shop.close(), open.close()]);
      rmSync(webRoot, { recursive: true, force: true });
    },
  };
}
