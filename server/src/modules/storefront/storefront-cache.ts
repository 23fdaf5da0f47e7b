import { isId } from '@contract/common';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db, Executor } from '../../db/client';
import { batchedReads } from '../../lib/batched-reads';
import { BytesFile } from '../../lib/bytes-file';
import { ChangeListeners } from '../../lib/change-listeners';
import { ReadCache } from '../../lib/read-cache';
import { findProducts } from '../catalog';
import { type LoadCharts, ProductJsonCache } from './product-json-cache';

/**
 * The channel the catalogue triggers speak on (migrations 0002 and 0005): the payload is the
 * table, and for products the ids a statement changed ('products:<id>,<id>') when few.
 */
export const CATALOG_CHANNEL = 'catalog_changed';

/**
 * Tells every instance's storefront cache (at commit) that these products changed, as the
 * triggers do, for a write no trigger announces (an erased author's reviews): no cached list
 * keeps showing the old name. Chunked: a NOTIFY payload is at most 8000 bytes.
 */
export async function notifyProductsChanged(tx: Executor, productIds: string[]) {
  const unique = [...new Set(productIds)];
  for (let i = 0; i < unique.length; i += 100) {
    const payload = `products:${unique.slice(i, i + 100).join(',')}`;
    await tx.execute(sql`select pg_notify(${CATALOG_CHANNEL}, ${payload})`);
  }
}

/**
 * The storefront's public reads (listing, product, reviews, search, banners) answered from memory until
 * something they show changes, and only that is dropped: a stock change or a review drops its
 * products' pages and every listing and search (cards show stock and ratings), a banner change
 * only the banners; carts, logins and orders drop nothing. This instance's writes call these
 * before their reply leaves (a client never reads its own write stale); any other writer's
 * reach every instance through the database triggers' NOTIFY, whose payload names the table
 * and the products.
 * Checkout and stock checks never read through the cache.
 */
export class StorefrontCache extends ReadCache {
  private readonly productChanges = new ChangeListeners<readonly string[] | undefined>();
  private readonly bannerChanges = new ChangeListeners();

  /** Told of every product change this cache hears of (ids, or none for "any"). */
  onProductsChanged(listener: (ids?: readonly string[]) => void) {
    return this.productChanges.on(listener);
  }

  /** Told of every banner change this cache hears of. */
  onBannersChanged(listener: () => void) {
    return this.bannerChanges.on(listener);
  }

  override invalidate() {
    super.invalidate();
    this.productChanges.emit(undefined);
    this.bannerChanges.emit();
  }

  productsChanged(productIds?: readonly string[]) {
    this.productChanges.emit(productIds);
    if (!productIds) this.invalidateWhere((key) => key !== BANNERS_KEY);
    else this.invalidateGroups([ANSWERS, ...productIds.map((id) => `${PRODUCT_KEY}${id}`)]);
  }

  bannersChanged() {
    this.bannerChanges.emit();
    this.invalidateGroups([BANNERS_KEY]);
  }
}

export const BANNERS_KEY = 'banners';
const PRODUCT_KEY = 'product:';
/** The group of the answers that show many products (listings, searches): any product's change drops them. */
const ANSWERS = 'answers';

/** A product's own answers are filed under `product:<id>`, the banners alone, the rest together. */
function groupOf(key: string) {
  if (key.startsWith(PRODUCT_KEY)) {
    const end = key.indexOf(':', PRODUCT_KEY.length);
    return end < 0 ? key : key.slice(0, end);
  }
  return key === BANNERS_KEY ? BANNERS_KEY : ANSWERS;
}

/**
 * The key of an answer about one product only (its reviews): dropped when that product changes.
 * The id in lower case, as the database's notifications name it (an upper-case id in a request
 * reads the same product, and its answer must be dropped with it).
 */
export const productKey = (productId: string, what: string) =>
  `${PRODUCT_KEY}${productId.toLowerCase()}:${what}`;

export async function attachStorefrontCache(app: FastifyInstance, cache: StorefrontCache) {
  const stop = await app.database.listen(CATALOG_CHANNEL, (payload) => {
    const [table, ids] = payload.split(':');
    if (table === 'feature_images') cache.bannersChanged();
    else if (table === 'products') cache.productsChanged(ids?.split(','));
    // '' (notifications may have been missed) or a table this code does not know: everything.
    else cache.invalidate();
  });
  app.addHook('onClose', async () => stop());
}

/** The product JSON cache's file, in the first of `dirs` that takes one (none: keeps nothing). */
export function createProductJsonCache(
  db: Db,
  publicUrl: string,
  dirs: readonly string[],
  loadCharts?: LoadCharts,
) {
  // The products missed in one turn of the event loop are read in one query; an id that is no
  // id (callers check, this is the last guard) would fail the whole batch's query.
  const load = batchedReads(
    (ids: string[]) => findProducts(db, ids),
    (product) => product._id,
  );
  // A product's JSON ~1.5 KB, its page's answer with a size chart ~4 KB and that answer's brotli
  // ~1 KB: 64 MB of the file hold a 10,000-product catalogue with every product's page asked.
  // Slots of 256 bytes: a slot of 1 KB steps wasted a third of the file on 1.3 KB products.
  const maxBytes = 64 * 1024 * 1024;
  let file: BytesFile | undefined;
  try {
    file = BytesFile.open(dirs, maxBytes * 2, 256);
  } catch {
    file = undefined;
  }
  return new ProductJsonCache(
    (ids) => load(ids.filter((id) => isId(id))),
    publicUrl,
    maxBytes,
    file,
    loadCharts,
  );
}

export function createStorefrontCache() {
  // Answers are serialized JSON; 6 MB keeps a shop of any size inside its memory budget (8 until
  // 2026-11-29: the search rows measured the same with 6, 4 halved them; decisions.md).
  // Listings are kept on a second read: 97% of random listings were read once and evicted
  // unread, and copying them out of the young generation doubled the collector's time. Search
  // answers are kept at once: a miss costs a full-text and trigram query (typo search p99 on
  // PostgreSQL went 36 -> 167 ms when they too waited for a second read).
  // A listing is kept when read again among the last 1,000 listings read once: 8 MB held ~270
  // random listings of ~30 KB, and remembering 5,000 admitted a fifth of the bench's random
  // listings, each pushed out unread before it was read a third time (the buffers so churned
  // held ~10 MB until a full collection). 1,000: a quarter as many kept, as many hits.
  return new StorefrontCache(5000, 6 * 1024 * 1024, {
    admitOnSecondRead: (key) => key.startsWith('list:'),
    secondReadWindow: 1000,
    groupOf,
  });
}
