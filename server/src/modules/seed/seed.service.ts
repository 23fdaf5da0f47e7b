// sharp (~28 MB with libvips) loads on the first image, not with every server.
const loadSharp = () => import('sharp').then((m) => m.default);

import type { SizeChartData } from '@contract/size-charts';
import type { CatalogService } from '../catalog';
import type { FeaturesService } from '../features';
import type { MediaService } from '../media';
import type { SizeChartsService } from '../size-charts';
import { demoBanners } from './banners';
import { bulkProducts } from './bulk-catalog';
import { demoProducts, describeProduct } from './demo-catalog';
import { demoFabric } from './demo-fabrics';
import { demoPriceHistory } from './demo-price-history';
import { type DemoChartKey, demoChartOf, demoSizeCharts } from './demo-size-charts';
import { colourName, demoColours, demoVariants } from './demo-variants';
import { type GarmentKind, garmentKinds, type Palette, productSvg, shade } from './illustrations';

/** Renders an SVG and stores it through the media pipeline, like an admin's upload. */
async function storeSvg(media: MediaService, svg: string): Promise<string> {
  // PNG without compression: it is decoded again right away by the upload pipeline.
  const sharp = await loadSharp();
  const png = await sharp(Buffer.from(svg)).png({ compressionLevel: 0 }).toBuffer();
  return (await media.uploadImage(png)).url;
}

/** A pale tint of the product's colour; light products get a warm grey so they stand out. */
function backdropFor(main: string): string {
  const n = Number.parseInt(main.slice(1), 16);
  const luminance = (0.299 * (n >> 16) + 0.587 * ((n >> 8) & 0xff) + 0.114 * (n & 0xff)) / 255;
  return luminance > 0.75 ? '#dedbd6' : shade(main, 0.82);
}

/** Runs `work` over items, `limit` at a time (sharp is CPU-bound; the machine may be small). */
async function mapLimited<T, R>(
  items: T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
) {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < items.length; i = next++) results[i] = await work(items[i] as T, i);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** Demo data: the shop as a visitor first sees it, and large catalogues for benchmarks. */
export class SeedService {
  constructor(
    private readonly catalog: CatalogService,
    private readonly features: FeaturesService,
    private readonly media: MediaService,
    private readonly sizeCharts: SizeChartsService,
  ) {}

  /** The demo size charts, added unless a chart of the same name exists (then that one). */
  private async demoCharts(): Promise<Map<DemoChartKey, string>> {
    const existing = new Map((await this.sizeCharts.list()).map((c) => [c.name.toLowerCase(), c]));
    const ids = new Map<DemoChartKey, string>();
    const charts = Object.entries(demoSizeCharts) as [DemoChartKey, SizeChartData][];
    for (const [key, chart] of charts) {
      const found = existing.get(chart.name.toLowerCase()) ?? (await this.sizeCharts.add(chart));
      ids.set(key, found._id);
    }
    return ids;
  }

  /**
   * About 60 products over every category and brand, with generated pictures, size charts,
   * fibres and care, and 3 banners; what was added. Only the products and banners whose titles
   * the shop lacks are added, so running it again finishes a seed cut short (a first start
   * killed midway) and never doubles one.
   */
  async demo(): Promise<{ products: number; banners: number }> {
    return { products: await this.addDemoProducts(), banners: await this.addDemoBanners() };
  }

  /** The missing demo products, in one transaction with their past prices: all or none. */
  private async addDemoProducts(): Promise<number> {
    const present = await this.catalog.existingTitles(demoProducts.map((p) => p.title));
    // Each keeps its index in the demo list: its variants, colours and history depend on it.
    const missing = demoProducts.flatMap((p, i) => (present.has(p.title) ? [] : [{ p, i }]));
    if (missing.length === 0) return 0;
    const picture = (p: (typeof demoProducts)[number], colour: [string, string, string]) => {
      const [, main, accent] = colour;
      const palette: Palette = { main, accent, backdrop: backdropFor(main) };
      return storeSvg(this.media, productSvg(p.kind, palette));
    };
    const images = await mapLimited(missing, 2, ({ p }) => picture(p, p.colour));
    // Each further colour gets its own picture; the first colour's is the product's.
    const colourImages = await mapLimited(missing, 2, async ({ p, i }) => {
      const [, ...others] = demoColours(p, i);
      const urls = [];
      for (const colour of others)
        urls.push({ color: colourName(colour), image: await picture(p, colour) });
      return urls;
    });
    const charts = await this.demoCharts();
    // The trigger would date every price "now": the demo reads as a shop that has sold for weeks.
    const history = demoPriceHistory(demoProducts);
    const ids = await this.catalog.insertMany(
      missing.map(({ p, i }, k) => {
        const chart = demoChartOf(p);
        const variants = demoVariants(p, i);
        const image = images[k] as string;
        const others = colourImages[k] ?? [];
        return {
          image,
          title: p.title,
          description: describeProduct(p),
          category: p.category,
          brand: p.brand,
          price: p.price,
          salePrice: p.salePrice ?? 0,
          totalStock: p.stock,
          sizeChartId: chart ? (charts.get(chart) ?? null) : null,
          ...demoFabric(p.kind),
          ...(variants
            ? {
                variants,
                colorImages: others.length
                  ? [{ color: colourName(p.colour), image }, ...others]
                  : [],
              }
            : {}),
        };
      }),
      { pastPrices: missing.map(({ i }) => history[i]!) },
    );
    return ids.length;
  }

  /** The missing demo banners, in the demo's order (the carousel shows the oldest first). */
  private async addDemoBanners(): Promise<number> {
    const present = new Set((await this.features.list()).map((b) => b.title));
    const missing = demoBanners().filter((b) => !present.has(b.title));
    const urls = await mapLimited(missing, 2, (b) => storeSvg(this.media, b.svg));
    for (const [i, { svg: _, ...text }] of missing.entries()) {
      await this.features.add({ image: urls[i]!, ...text });
    }
    return missing.length;
  }

  /** `count` generated products in batches, reusing a small set of pictures (benchmarks). */
  async bulk(count: number, onProgress?: (done: number) => void): Promise<number> {
    const palettes = ['#1f2937', '#2356c7', '#c0262d', '#4d5b2a', '#b9834c', '#0f766e'];
    const pictures = new Map<GarmentKind, string[]>();
    for (const kind of garmentKinds) {
      const urls = await mapLimited(palettes.slice(0, 2), 2, (main) =>
        storeSvg(
          this.media,
          productSvg(kind, { main, accent: '#f8fafc', backdrop: backdropFor(main) }),
        ),
      );
      pictures.set(kind, urls);
    }
    let done = 0;
    for (const batch of bulkProducts(count, 500)) {
      const ids = await this.catalog.insertMany(
        batch.map((p) => {
          const urls = pictures.get(p.kind) ?? [];
          return { ...p.product, image: urls[p.variant % urls.length] as string };
        }),
      );
      done += ids.length;
      onProgress?.(done);
    }
    return done;
  }
}
