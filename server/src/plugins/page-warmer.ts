import type { Server } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';

/** The server is quiet when it has had no request for this long: pages are then rendered back to back. */
const QUIET_MS = 25;
/**
 * The share of the main thread pages are rendered ahead with while requests keep coming: under
 * steady traffic a server is never quiet, and its pages would only ever be rendered on demand.
 */
const BUSY_SHARE = 0.1;
/**
 * A change's pages are rendered again this long after it is heard, so that the same change
 * heard twice (this instance's write, then the database's NOTIFY) or a burst of sales costs
 * one render of home, the listing and each product, not one per notification.
 */
const SETTLE_MS = 200;
/** Product ids read at a time for a whole pass (the sitemap's order). */
const IDS_AT_ONCE = 500;

export type PageWarmerOptions = {
  /** Product ids by id, one slice at a time. */
  productIds: (page: { limit: number; offset: number }) => Promise<readonly { id: string }[]>;
  /** Renders the page at `url` and keeps it (shared-pages.ts), unless it is kept already. */
  warm: (url: string) => Promise<void>;
  /** Whether the kept pages have room for more without pushing out pages shoppers opened. */
  hasRoom: () => boolean;
  log: FastifyBaseLogger;
};

/** The pages every pass renders first: the ones most visits start on. */
const FRONT_PAGES = ['/shop/home', '/shop/listing'];
const productUrl = (id: string) => `/shop/product/${encodeURIComponent(id)}`;

/**
 * Renders the browsing pages ahead, while the server is idle, so that the first visitor of a
 * page (a crawler walking the sitemap, a shopper from a search engine) gets it from memory:
 * after start every product page once, in the sitemap's order, while there is room; after a
 * change, the pages it dropped. One page at a time, so a shopper's request never waits behind
 * more than the one render under way: back to back while the server is quiet (no request in
 * flight on the listening socket for QUIET_MS, the renderer's in-process reads not counted),
 * and while it is busy at BUSY_SHARE of the time, each render followed by a pause nine times
 * its length.
 */
export class PageWarmer {
  private inFlight = 0;
  private lastAnswer = 0;
  /** How long the last render took: the pause before the next one while the server is busy. */
  private lastRenderMs = 0;
  private wholePass = true;
  private readonly changed = new Set<string>();
  private running: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly options: PageWarmerOptions,
    private readonly busyShare = BUSY_SHARE,
  ) {}

  /** Counts the requests on the server's socket (app.inject's do not reach it). */
  watch(server: Server) {
    server.on('request', (_request, response) => {
      this.inFlight += 1;
      response.once('close', () => {
        this.inFlight -= 1;
        this.lastAnswer = performance.now();
      });
    });
  }

  start() {
    this.kick();
  }

  /** Products whose pages were dropped (none named: every page). */
  productsChanged(ids?: readonly string[]) {
    if (ids) for (const id of ids) this.changed.add(id);
    else this.wholePass = true;
    this.kick();
  }

  async stop() {
    this.stopped = true;
    await this.running;
  }

  private kick() {
    if (this.running || this.stopped) return;
    this.running = this.run()
      .catch((error) => this.options.log.error({ err: error }, 'rendering pages ahead failed'))
      .finally(() => {
        this.running = undefined;
        if (this.wholePass || this.changed.size > 0) this.kick();
      });
  }

  private async run() {
    while (!this.stopped) {
      if (this.wholePass) {
        this.wholePass = false;
        await this.renderAll();
      } else if (this.changed.size > 0) {
        await sleep(SETTLE_MS);
        if (this.wholePass) continue;
        const ids = [...this.changed];
        this.changed.clear();
        for (const url of [...FRONT_PAGES, ...ids.map(productUrl)]) {
          if (!(await this.render(url))) break;
        }
      } else return;
    }
  }

  private async renderAll() {
    const started = performance.now();
    let rendered = 0;
    for (const url of FRONT_PAGES) if (await this.render(url)) rendered += 1;
    for (let offset = 0; !this.stopped; offset += IDS_AT_ONCE) {
      const ids = await this.options.productIds({ limit: IDS_AT_ONCE, offset });
      for (const { id } of ids) {
        // A change meanwhile starts the pass again: this one is not worth finishing.
        if (this.wholePass || !(await this.render(productUrl(id)))) return;
        rendered += 1;
      }
      if (ids.length < IDS_AT_ONCE) break;
    }
    this.options.log.info(
      { pages: rendered, ms: Math.round(performance.now() - started) },
      'product pages rendered ahead',
    );
  }

  /** Renders one page, at once when the server is quiet; false when there is no more room. */
  private async render(url: string) {
    if (!this.isQuiet()) {
      const pause = Math.max(QUIET_MS, (this.lastRenderMs * (1 - this.busyShare)) / this.busyShare);
      // Waits out the pause, or less if the server turns quiet meanwhile.
      for (const until = performance.now() + pause; !this.stopped && !this.isQuiet(); ) {
        const left = until - performance.now();
        if (left <= 0) break;
        await sleep(Math.min(QUIET_MS, left));
      }
    }
    if (this.stopped || !this.options.hasRoom()) return false;
    const started = performance.now();
    await this.options.warm(url);
    this.lastRenderMs = performance.now() - started;
    return true;
  }

  private isQuiet() {
    return this.inFlight === 0 && performance.now() - this.lastAnswer >= QUIET_MS;
  }
}
