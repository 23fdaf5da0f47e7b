import { BytesFile, type Slot } from '../lib/bytes-file';
import type { KeptBrotli } from '../lib/cached-json';
import { ReadCache } from '../lib/read-cache';
import type { StorefrontCache } from '../modules/storefront';

/** A browsing page as every requester gets it: the whole document, kept as brotli. */
export type SharedPage = { status: 200 | 404; kept: KeptBrotli };

/**
 * A kept page: its status and tag in memory, its brotli in the pages' file, at the slot this
 * is (one object a page, not a page and its slot: 10,000 product pages are kept after start).
 */
type KeptPage = Slot & { status: 200 | 404; etag: string };

/** Thrown by a page's load when it could not be rendered now: the answer is not kept. */
class NotRendered extends Error {}
/** Thrown by a page's load when the pages' file could not take it: answered, not kept. */
class NotKept extends Error {}

const PRODUCT = 'product:';
const OTHER = 'page:';
/** Longer addresses are answered, not kept: random queries must not push real pages out. */
const MAX_KEPT_URL = 300;

/**
 * The browsing pages (home, listing, product, search; `isBrowsingPage`) rendered once for
 * everyone and kept as brotli only (cached-json.ts `keepAsBrotli`), in a file rather than in
 * the process (bytes-file.ts: the system's page cache holds the pages read often, the server's
 * memory a few hundred bytes a page, for where it lies), until something they show
 * changes: the storefront cache's notifications
 * (this instance's writes at once, any other instance's through the database's NOTIFY) drop
 * a changed product's own pages and every listing, search and home page (cards show prices,
 * stock and ratings); a banner change drops the home pages. A render under way when such a
 * change comes is not kept (ReadCache's generation).
 * A page without a query (a product, home, the whole listing) is kept on its first read; an
 * address with a query (filters, a search) only on its second, as the API's listings are.
 */
export class SharedPages {
  // A product page is ~7 KB as brotli (the stylesheet a file of its own), 8 KB of the file: the
  // default 128 MB keeps some 15,000 pages; PAGE_CACHE_MB sets it (the oldest read go first).
  private readonly pages: ReadCache;
  private readonly file: BytesFile;

  private readonly maxBytes: number;
  private readonly maxEntries: number;

  /** In a file in the first of `dirs` where one can be made (bytes-file.ts). */
  constructor(storefront: StorefrontCache, maxMb: number, dirs: readonly string[]) {
    this.maxBytes = maxMb * 1024 * 1024;
    this.maxEntries = Math.ceil(maxMb * 200);
    // Room beside the pages kept for slots a page's new size could not reuse.
    this.file = BytesFile.open(dirs, this.maxBytes * 2);
    this.pages = new ReadCache(this.maxEntries, this.maxBytes, {
      admitOnSecondRead: (key) => key.includes('?'),
      sizeOf: (page) => (page as KeptPage).room,
      groupOf,
      // What the page warmer renders ahead is for here.
      keepsReadsAhead: true,
      release: (page) => this.file.release(page as KeptPage),
    });
    storefront.onProductsChanged((ids) => this.productsChanged(ids));
    storefront.onBannersChanged(() => this.pages.invalidateGroups([HOME]));
  }

  /**
   * The page kept under `keptAs` (the page's address, or the one of the pages showing the same:
   * PageRenderer.pageKeys) from the pages' file, else from `render` (kept), or null when it was not
   * rendered.
   */
  async get(keptAs: string, render: () => Promise<SharedPage | null>): Promise<SharedPage | null> {
    if (keptAs.length > MAX_KEPT_URL) return render();
    // The page this call rendered, if it did: sent from memory, not read back.
    const own: { page?: SharedPage } = {};
    const load = async (): Promise<KeptPage> => {
      const page = await render();
      if (!page) throw new NotRendered();
      own.page = page;
      // A full disk or a failing one costs the keeping, not the page.
      const slot = await this.file.write(page.kept.br).catch(() => null);
      if (!slot) throw new NotKept();
      const { offset, size, room } = slot;
      return { offset, size, room, status: page.status, etag: page.kept.etag };
    };
    try {
      const kept = await this.pages.get(keyOf(keptAs), load);
      if (own.page) return own.page;
      const br = this.readKept(kept);
      // Dropped by a change between its lookup and its read (or unreadable): rendered anew.
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

  /** Where the pages' file is. */
  get dir() {
    return this.file.dir;
  }

  /** Lets go of the pages' file (the app's close). */
  close() {
    this.pages.invalidate();
    this.file.close();
  }

  /** Whether the page kept under `keptAs` is kept (or being rendered). */
  has(keptAs: string) {
    return this.pages.has(keyOf(keptAs));
  }

  /** Whether more pages fit without pushing out others (a tenth kept free for shoppers' reads). */
  hasRoom() {
    return this.pages.byteSize < this.maxBytes * 0.9 && this.pages.size < this.maxEntries * 0.9;
  }

  /** A product's pages, and every page showing product cards (home, listings, searches). */
  private productsChanged(ids?: readonly string[]) {
    if (!ids) this.pages.invalidate();
    else this.pages.invalidateGroups([HOME, LISTS, ...ids.map((id) => `${PRODUCT}${id}`)]);
  }
}

const HOME = 'home';
const LISTS = 'lists';

/** A product's pages are filed under `product:<id>`, the home pages together, the rest together. */
function groupOf(key: string) {
  if (key.startsWith(PRODUCT)) {
    const end = key.indexOf(':', PRODUCT.length);
    return end < 0 ? key : key.slice(0, end);
  }
  return key.startsWith(`${OTHER}/shop/home`) ? HOME : LISTS;
}

/**
 * `product:<id>` for a product's own page and `product:<id>:<url>` for its other addresses, so
 * that its change drops them; `page:<url>` else. The id as the database spells it (the page
 * reads `/shop/product/%41…` or an upper-case id as the same product, and must be dropped with
 * it). The own page's key is its group's name too: one string of 44 characters, where the
 * address in it made 95 and its group a second string.
 */
function keyOf(url: string) {
  const segment = /^\/shop\/product\/([^/?#]+)/.exec(url)?.[1];
  // Joined: one flat string, kept as the index's key, not a chain of pieces (see cached-json's tagOf).
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
