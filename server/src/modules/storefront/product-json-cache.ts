import { type Product, productCardOf, productSchema } from '@contract/catalog';
import { type SizeChart, sizeChartSchema } from '@contract/size-charts';
import type { BytesFile, Slot } from '../../lib/bytes-file';
import {
  type AnswerForms,
  encodedAnswer,
  etagOf,
  jsonBytes,
  keepAsBrotli,
} from '../../lib/cached-json';
import { withAbsoluteImageUrls } from '../../lib/image-urls';
import { isReadingAhead } from '../../lib/read-ahead';

/** Reads these products (in any order; unknown ids absent). */
export type LoadProducts = (ids: string[]) => Promise<Product[]>;
/** Reads size charts by id (unknown ids absent): a product page's answer embeds its own. */
export type LoadCharts = (ids: string[]) => Promise<Map<string, SizeChart>>;

/**
 * Each product's answer as the JSON the API sends, and its card for listings and searches
 * (validated by the product schema once, image URLs made absolute), so a listing page or a product page is composed from kept JSON instead
 * of three queries, a validation and a serialization per product. Never stale: every product
 * change the storefront cache hears of (this instance's writes and every instance's NOTIFY)
 * drops the products it names, or all, and a read that began before a change stores nothing.
 * The JSON is kept in a file (bytes-file.ts), as the shared pages are, and the process holds
 * only where each lies: in the V8 heap, 10,000 products' JSON was 13.7 MB of strings that every
 * full collection marked, and their answers 14 MB of buffers at the memory row's peak; the
 * system's page cache holds the file instead (a read of a kept product is a pread of ~1.5 KB;
 * a write, when a product is read from the database, a synchronous one, so that it is kept
 * the moment it is read, as it was in memory: bytes-file.ts `writeNow`).
 * Bounded by `maxBytes` of the file's slots, least recently read first out (by a clock sweep);
 * without a file (`file` undefined: no directory could take one) nothing is kept and every read
 * is a query.
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
    private readonly file: BytesFile | undefined,
    private readonly loadCharts?: LoadCharts,
  ) {}

  /** The JSON of each of these products that exists, in the order of `ids`. */
  many(ids: readonly string[]): Promise<string[]> {
    return this.read(ids, 'product');
  }

  /** The card JSON (`productCardSchema`) of each of these products that exists, in order. */
  cards(ids: readonly string[]): Promise<string[]> {
    return this.read(ids, 'card');
  }

  private async read(ids: readonly string[], form: Form): Promise<string[]> {
    // What is kept now answers; the rest is read in one go.
    const found = ids.map((id) => this.keptJson(id, form));
    const missing = ids.filter((_, i) => found[i] === undefined);
    if (missing.length === 0) return found as string[];
    const started = this.generation;
    const fresh = new Map<string, Forms>();
    for (const product of await this.load(missing)) {
      const parsed = withAbsoluteImageUrls(productSchema.parse(product), this.publicUrl);
      fresh.set(product._id, {
        product: JSON.stringify(parsed),
        card: JSON.stringify(productCardOf(parsed)),
      });
    }
    // A page rendered ahead (read-ahead.ts) keeps its page, not its products.
    if (this.generation === started && !isReadingAhead()) {
      for (const [id, forms] of fresh) this.store(id, forms);
    }
    return ids.flatMap((id, i) => found[i] ?? fresh.get(id)?.[form] ?? []);
  }

  /** The product page's whole answer as bytes (`forms`); undefined for no product. */
  async answer(anyCase: string): Promise<Buffer | undefined> {
    return (await this.forms(anyCase))?.body;
  }

  /**
   * The product page's whole answer, made once per kept product and kept with it, with its tag
   * and brotli form (read only when a request takes brotli), so that neither is made again per
   * request; undefined for no product.
   */
  async forms(anyCase: string): Promise<AnswerForms | undefined> {
    // Ids are UUIDs, which the database spells in lower case (as productKey files the other
    // answers of a product): an id in upper case is the same product, kept once.
    const id = anyCase.toLowerCase();
    const keptEntry = this.entries.get(id);
    const kept = keptEntry?.answer && this.keptAnswer(keptEntry.answer);
    if (kept) {
      keptEntry.read = true;
      return kept;
    }
    const [json] = await this.many([id]);
    if (json === undefined) return undefined;
    const entry = this.entries.get(id);
    const started = this.generation;
    // productDetailSchema: the product's keys, then `sizeChart`.
    const chart = await this.chartJson(json);
    const answer = jsonBytes(`{"success":true,"data":${json.slice(0, -1)},"sizeChart":${chart}}}`);
    // Kept only with the very JSON it was made of, when no change came while it was made.
    if (
      this.generation === started &&
      !isReadingAhead() &&
      entry !== undefined &&
      this.entries.get(id) === entry &&
      entry.answer === undefined
    ) {
      const { br, etag } = this.keepAnswer(entry, answer);
      return { body: answer, etag, br: () => br };
    }
    return { body: answer, etag: etagOf(answer), br: () => encodedAnswer(answer, 'br') };
  }

  /**
   * Reads these products in batches until the byte budget is nearly used, so the first
   * shoppers after a start find their products kept (a start is followed by a burst of
   * misses otherwise, each a round of queries). Without a file nothing would be kept: no reads.
   */
  async warm(ids: readonly string[], batch = 500) {
    if (!this.file) return;
    for (let i = 0; i < ids.length && this.bytes < this.maxBytes * 0.9; i += batch) {
      await this.many(ids.slice(i, i + batch));
    }
  }

  /** Drops these products, or every product without ids. */
  changed(ids?: readonly string[]) {
    this.generation += 1;
    if (!ids) {
      for (const id of [...this.entries.keys()]) this.drop(id);
      return;
    }
    for (const id of ids) this.drop(id);
  }

  /** Bytes of the file's slots the kept products take. */
  get byteSize() {
    return this.bytes;
  }

  get size() {
    return this.entries.size;
  }

  /** Bytes of the file (slots in use and free). */
  get fileBytes() {
    return this.file?.fileBytes ?? 0;
  }

  /** Where the file is; undefined when none could be made. */
  get dir() {
    return this.file?.dir;
  }

  /** Lets go of the file (the app's close). */
  close() {
    this.changed();
    this.file?.close();
  }

  private async chartJson(productJson: string): Promise<string> {
    const { sizeChartId } = JSON.parse(productJson) as Pick<Product, 'sizeChartId'>;
    if (!sizeChartId || !this.loadCharts) return 'null';
    const chart = (await this.loadCharts([sizeChartId])).get(sizeChartId);
    return chart ? JSON.stringify(sizeChartSchema.parse(chart)) : 'null';
  }

  /** A kept product's JSON or card (its place refreshed), or undefined when it is not kept. */
  private keptJson(id: string, form: Form) {
    const entry = this.entries.get(id);
    if (entry === undefined) return undefined;
    let json: string | null = null;
    try {
      json =
        (form === 'card'
          ? this.file?.readText(entry, 0, entry.cardBytes)
          : this.file?.readText(entry, entry.cardBytes)) ?? null;
    } catch {}
    if (json === null) {
      this.drop(id);
      return undefined;
    }
    entry.read = true;
    return json;
  }

  /**
   * A kept answer read back, or null. Its brotli form is read when asked for: a slot given back
   * meanwhile (the product changed) reads null, and the sender compresses the body instead.
   */
  private keptAnswer(kept: KeptAnswer): AnswerForms | null {
    const body = this.readSlot(kept);
    if (body === null) return null;
    return { body, etag: kept.etag, br: () => this.readSlot(kept.br) };
  }

  private readSlot(slot: Slot) {
    try {
      return this.file?.read(slot) ?? null;
    } catch {
      return null;
    }
  }

  /** Writes a product's card and JSON to the file, one after the other, and keeps them under `id`. */
  private store(id: string, { product, card }: Forms) {
    const slot = this.file?.writeNow(Buffer.from(card + product));
    if (!slot) return;
    this.drop(id);
    const { offset, size, room } = slot;
    const cardBytes = Buffer.byteLength(card);
    this.entries.set(id, { offset, size, room, cardBytes, answer: undefined, read: false });
    this.bytes += room;
    this.evict();
  }

  /** Keeps a product page's answer with its entry, its tag and brotli form made once. */
  private keepAnswer(entry: Entry, answer: Buffer) {
    const kept = keepAsBrotli(answer);
    const body = this.file?.writeNow(answer);
    const br = body && this.file?.writeNow(kept.br);
    if (body && br) {
      const { offset, size, room } = body;
      entry.answer = { offset, size, room, br, etag: kept.etag };
      this.bytes += body.room + br.room;
      this.evict();
    } else if (body) this.file?.release(body);
    return kept;
  }

  /** The oldest go first by a clock sweep: one read since it last passed moves (read-cache.ts). */
  private evict() {
    while (this.bytes > this.maxBytes) {
      const oldest = this.entries.entries().next().value;
      if (oldest === undefined) return;
      const [id, entry] = oldest;
      if (entry.read) {
        entry.read = false;
        this.entries.delete(id);
        this.entries.set(id, entry);
      } else this.drop(id);
    }
  }

  private drop(id: string) {
    const entry = this.entries.get(id);
    if (entry === undefined) return;
    this.entries.delete(id);
    const slots = entry.answer ? [entry, entry.answer, entry.answer.br] : [entry];
    for (const slot of slots) {
      this.bytes -= slot.room;
      this.file?.release(slot);
    }
  }
}

/**
 * A product page's answer in the file: where its bytes lie (this slot), their brotli form, and
 * its tag. Entries are slots themselves, not objects holding slots: 10,000 products' entries
 * were six objects each, now three.
 */
type KeptAnswer = Slot & { br: Slot; etag: string };

/**
 * Where a product's card and JSON lie (this slot: the card's `cardBytes` first), its product
 * page's answer once one was sent, and whether it was read since it came or since eviction
 * last passed it.
 */
type Entry = Slot & { cardBytes: number; answer: KeptAnswer | undefined; read: boolean };

/** A product's two JSON forms: its own answer's, and its card's in listings and searches. */
type Form = 'product' | 'card';
type Forms = Record<Form, string>;
