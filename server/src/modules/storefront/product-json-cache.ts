import { type Product, productSchema } from '@contract/catalog';
import { type SizeChart, sizeChartSchema } from '@contract/size-charts';
import { jsonBytes } from '../../lib/cached-json';
import { withAbsoluteImageUrls } from '../../lib/image-urls';
import { isReadingAhead } from '../../lib/read-ahead';

/** Reads these products (in any order; unknown ids absent). */
export type LoadProducts = (ids: string[]) => Promise<Product[]>;
/** Reads size charts by id (unknown ids absent): a product page's answer embeds its own. */
export type LoadCharts = (ids: string[]) => Promise<Map<string, SizeChart>>;

/**
 * Each product's answer as the JSON the API sends (validated by the product schema once, image
 * URLs made absolute), so a listing page or a product page is composed from strings instead of
 * three queries, a validation and a serialization per product. Never stale: every product
 * change the storefront cache hears of (this instance's writes and every instance's NOTIFY)
 * drops the products it names, or all, and a read that began before a change stores nothing.
 * Bounded by `maxBytes` of JSON (and product page answers), least recently read first out.
 * A product page's answer adds the product's size chart (listings leave charts out); a chart's
 * edit marks its products changed (size-charts.service.ts), which drops those answers too.
 * A read ahead of demand (read-ahead.ts) is answered from what is kept and keeps nothing.
 */
export class ProductJsonCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  private generation = 0;

  constructor(
    private readonly load: LoadProducts,
    private readonly publicUrl: string,
    private readonly maxBytes: number,
    private readonly loadCharts?: LoadCharts,
  ) {}

  /** The JSON of each of these products that exists, in the order of `ids`. */
  async many(ids: readonly string[]): Promise<string[]> {
    // What is cached now answers; the rest is read in one go.
    const found = ids.map((id) => this.touch(id)?.json);
    const missing = ids.filter((_, i) => found[i] === undefined);
    if (missing.length === 0) return found as string[];
    const started = this.generation;
    const fresh = new Map<string, string>();
    for (const product of await this.load(missing)) {
      const parsed = productSchema.parse(product);
      fresh.set(product._id, JSON.stringify(withAbsoluteImageUrls(parsed, this.publicUrl)));
    }
    // A page rendered ahead (read-ahead.ts) keeps its page, not its products.
    if (this.generation === started && !isReadingAhead()) {
      for (const [id, json] of fresh) this.store(id, json);
    }
    return ids.flatMap((id, i) => found[i] ?? fresh.get(id) ?? []);
  }

  /**
   * The product page's whole answer as bytes, made once per cached product and kept with it,
   * so its compressed forms are made once too (lib/cached-json.ts); undefined for no product.
   */
  async answer(anyCase: string): Promise<Buffer | undefined> {
    // Ids are UUIDs, which the database spells in lower case (as productKey files the other
    // answers of a product): an id in upper case is the same product, kept once.
    const id = anyCase.toLowerCase();
    const [json] = await this.many([id]);
    if (json === undefined) return undefined;
    const entry = this.entries.get(id);
    if (entry?.json === json && entry.answer !== undefined) return entry.answer;
    const started = this.generation;
    // productDetailSchema: the product's keys, then `sizeChart`.
    const chart = await this.chartJson(json);
    const answer = jsonBytes(`{"success":true,"data":${json.slice(0, -1)},"sizeChart":${chart}}}`);
    // Kept only with the very JSON it was made of, when no change came while the chart was read.
    if (
      this.generation === started &&
      !isReadingAhead() &&
      entry !== undefined &&
      this.entries.get(id) === entry &&
      entry.json === json &&
      entry.answer === undefined
    ) {
      entry.answer = answer;
      this.bytes += answer.byteLength;
      this.evict();
    }
    return answer;
  }

  private async chartJson(productJson: string): Promise<string> {
    const { sizeChartId } = JSON.parse(productJson) as Pick<Product, 'sizeChartId'>;
    if (!sizeChartId || !this.loadCharts) return 'null';
    const chart = (await this.loadCharts([sizeChartId])).get(sizeChartId);
    return chart ? JSON.stringify(sizeChartSchema.parse(chart)) : 'null';
  }

  /**
   * Reads these products in batches until the byte budget is nearly used, so the first
   * shoppers after a start find their products cached (a start is followed by a burst of
   * misses otherwise, each a round of queries).
   */
  async warm(ids: readonly string[], batch = 500) {
    for (let i = 0; i < ids.length && this.bytes < this.maxBytes * 0.9; i += batch) {
      await this.many(ids.slice(i, i + batch));
    }
  }

  /** Drops these products, or every product without ids. */
  changed(ids?: readonly string[]) {
    this.generation += 1;
    if (!ids) {
      this.entries.clear();
      this.bytes = 0;
      return;
    }
    for (const id of ids) this.drop(id);
  }

  get byteSize() {
    return this.bytes;
  }

  get size() {
    return this.entries.size;
  }

  private touch(id: string) {
    const entry = this.entries.get(id);
    if (entry !== undefined) {
      // The map's order is the eviction order.
      this.entries.delete(id);
      this.entries.set(id, entry);
    }
    return entry;
  }

  private store(id: string, json: string) {
    this.drop(id);
    this.entries.set(id, { json });
    this.bytes += json.length;
    this.evict();
  }

  private evict() {
    while (this.bytes > this.maxBytes) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) return;
      this.drop(oldest);
    }
  }

  private drop(id: string) {
    const entry = this.entries.get(id);
    if (entry === undefined) return;
    this.entries.delete(id);
    this.bytes -= entry.json.length + (entry.answer?.byteLength ?? 0);
  }
}

/** A product's JSON, and its product page's answer once one was sent. */
type Entry = { json: string; answer?: Buffer };
