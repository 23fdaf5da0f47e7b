import { rmSync } from 'node:fs';
import * as renderer from '../../web/src/entry-server';
import { uploadImage } from '../factories/images';
import { makeUser } from '../factories/users';
import { createTestApp } from './test-app';
import { makeWebRoot } from './web-root';

/** A test app that renders the storefront's pages, with an admin and an uploaded image. */
export async function openStorefrontApp() {
  const webRoot = makeWebRoot();
  const t = await createTestApp({ PUBLIC_STOREFRONT: 'true' }, { webRoot, renderer });
  const admin = await makeUser(t, { role: 'admin' });
  const image = await uploadImage(t, admin);
  return {
    t,
    admin,
    image,
    async close() {
      await t.close();
      rmSync(webRoot, { recursive: true, force: true });
    },
  };
}
