import type { Server } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';

const QUIET_MS = 25;
// Under steady traffic a server is never quiet, so some rendering ahead goes on while busy.
const BUSY_SHARE = 0.1;
// A change is heard twice (this instance's write, then NOTIFY), and sales come in bursts:
// settling first makes that one render per page.
const SETTLE_MS = 200;
const IDS_AT_ONCE = 500;

export type PageWarmerOptions = {
  productIds: (page: { limit: number; offset: number }) => Promise<readonly { id: string }[]>;
  warm: (url: string) => Promise<void>;
  /** Room without pushing out pages shoppers opened. */
  hasRoom: () => boolean;
  log: FastifyBaseLogger;
};

const FRONT_PAGES = ['/shop/home', '/shop/listing'];
const productUrl = (id: string) => `/shop/product/${encodeURIComponent(id)}`;

/**
 * Renders pages ahead so their first visitor (a crawler, a shopper from a search engine) gets
 * one kept. One at a time, so a request never waits behind more than one render.
 */
export class PageWarmer {
  private inFlight = 0;
  private lastAnswer = 0;
  private lastRenderMs = 0;
  private wholePass = true;
  private readonly changed = new Set<string>();
  private running: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly options: PageWarmerOptions,
    private readonly busyShare = BUSY_SHARE,
  ) {}

  // The socket's requests only: app.inject's (the renderer's own reads) do not count.
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

  /** No ids: every page. */
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

  /** False when there is no more room. */
  private async render(url: string) {
    if (!this.isQuiet()) {
      const pause = Math.max(QUIET_MS, (this.lastRenderMs * (1 - this.busyShare)) / this.busyShare);
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
