import type { FastifyInstance } from 'fastify';
import { ReadCache } from '../../lib/read-cache';

/** The channel the `notify_catalog_changed` trigger (migration 0002) speaks on. */
export const CATALOG_CHANNEL = 'catalog_changed';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The storefront's public reads (listing, product, search, banners) answered from memory until
 * anything they show changes. Every write to products or banners, from any module, job or
 * instance, fires the database trigger whose NOTIFY empties the cache everywhere; a mutating
 * request of this instance also empties it before its reply leaves, so a client never reads
 * its own write stale. Checkout and stock checks never read through it.
 */
export async function attachStorefrontCache(app: FastifyInstance, cache: ReadCache) {
  const stop = await app.database.listen(CATALOG_CHANNEL, () => cache.invalidate());
  app.addHook('onSend', async (request, _reply, payload) => {
    if (!SAFE_METHODS.has(request.method)) cache.invalidate();
    return payload;
  });
  app.addHook('onClose', async () => stop());
}

export function createStorefrontCache() {
  return new ReadCache(2000);
}
