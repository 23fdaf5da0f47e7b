import { BytesFile, type Slot } from '../lib/bytes-file';
import type { KeptBrotli } from '../lib/cached-json';
import { ReadCache } from '../lib/read-cache';
import type { StorefrontCache } from '../modules/storefront';

export type SharedPage = { status: 200 | 404; kept: KeptBrotli };

// The slot itself carries status and tag: one object a page, for the ~10,000 kept after start.
type KeptPage = Slot & { status: 200 | 404; etag: string };

// Thrown so ReadCache keeps nothing for the key.
class NotRendered extends Error {}
class NotKept extends Error {}

const PRODUCT = 'product:';
const OTHER = 'page:';
// Longer addresses are answered, not kept: random queries must not push real pages out.
const MAX_KEPT_URL = 300;

// Browsing pages rendered once for everyone, kept as brotli in a file (README.md). A product
// change drops its pages and every page with cards (prices, stock, ratings show on them).
export class SharedPages {
  private readonly pages: ReadCache;
  private readonly file: BytesFile;

  private readonly maxBytes: number;
  private readonly maxEntries: number;

  constructor(storefront: StorefrontCache, maxMb: number, dirs: readonly string[]) {
    this.maxBytes = maxMb * 1024 * 1024;
    this.maxEntries = Math.ceil(maxMb * 200);
    // Twice the budget: slots a page's new size cannot reuse need room beside it.
    this.file = BytesFile.open(dirs, this.maxBytes * 2);
    this.pages = new ReadCache(this.maxEntries, this.maxBytes, {
      admitOnSecondRead: (key) => key.includes('?'),
      sizeOf: (page) => (page as KeptPage).room,
      groupOf,
      keepsReadsAhead: true,
      release: (page) => this.file.release(page as KeptPage),
    });
    storefront.onProductsChanged((ids) => this.productsChanged(ids));
    storefront.onBannersChanged(() => this.pages.invalidateGroups([HOME]));
  }

  /** `keptAs` may be shared by addresses showing the same page (PageRenderer.pageKeys). */
  async get(keptAs: string, render: () => Promise<SharedPage | null>): Promise<SharedPage | null> {
    if (keptAs.length > MAX_KEPT_URL) return render();
    const own: { page?: SharedPage } = {};
    const load = async (): Promise<KeptPage> => {
      const page = await render();
      if (!page) throw new NotRendered();
      own.page = page;
      // A full or failing disk costs the keeping, not the page.
      const slot = await this.file.write(page.kept.br).catch(() => null);
      if (!slot) throw new NotKept();
      const { offset, size, room } = slot;
      return { offset, size, room, status: page.status, etag: page.kept.etag };
    };
    try {
      const kept = await this.pages.get(keyOf(keptAs), load);
      if (own.page) return own.page;
      const br = this.readKept(kept);
      // Dropped by a change between lookup and read.
      if (!br) return await render();
      return { status: kept.status, kept: { br, etag: kept.etag } };
    } catch (error) {
      if (error instanceof NotRendered) return null;
      if (error instanceof NotKept) return own.page ?? null;
      throw error;
    }
  }

  private readKept(slot: Slot) {
    try {
      return this.file.read(slot);
    } catch {
      return null;
    }
  }

  get dir() {
    return this.file.dir;
  }

  close() {
    this.pages.invalidate();
    this.file.close();
  }

  has(keptAs: string) {
    return this.pages.has(keyOf(keptAs));
  }

  /** A tenth stays free for shoppers' reads. */
  hasRoom() {
    return this.pages.byteSize < this.maxBytes * 0.9 && this.pages.size < this.maxEntries * 0.9;
  }

  private productsChanged(ids?: readonly string[]) {
    if (!ids) this.pages.invalidate();
    else this.pages.invalidateGroups([HOME, LISTS, ...ids.map((id) => `${PRODUCT}${id}`)]);
  }
}

const HOME = 'home';
const LISTS = 'lists';

function groupOf(key: string) {
  if (key.startsWith(PRODUCT)) {
    const end = key.indexOf(':', PRODUCT.length);
    return end < 0 ? key : key.slice(0, end);
  }
  return key.startsWith(`${OTHER}/shop/home`) ? HOME : LISTS;
}

/**
 * The id canonical, since `/shop/product/%41…` or an upper-case id is the same product and must
 * be dropped with it. A product's own page's key is its group's name too: one string, not two.
 */
function keyOf(url: string) {
  const segment = /^\/shop\/product\/([^/?#]+)/.exec(url)?.[1];
  // join: a flat string, not a rope (see cached-json's tagOf).
  if (segment === undefined) return [OTHER, url].join('');
  const id = canonicalId(segment);
  return (url === `/shop/product/${id}` ? [PRODUCT, id] : [PRODUCT, id, ':', url]).join('');
}

function canonicalId(segment: string) {
  try {
    return decodeURIComponent(segment).toLowerCase().replaceAll(':', '');
  } catch {
    return segment.toLowerCase();
  }
}
