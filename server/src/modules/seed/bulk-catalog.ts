import { type Brand, brands, type Category, categories, type ProductData } from '@contract/catalog';
import { fromCents } from '@contract/money';
import { kidsSizes, letterSizes, shoeSizes } from '@contract/variant-constants';
import { demoFabric } from './demo-fabrics';
import type { GarmentKind } from './illustrations';

const kindsByCategory: Record<Category, GarmentKind[]> = {
  men: ['tee', 'hoodie', 'jacket', 'shirt', 'jeans', 'shorts', 'longsleeve'],
  women: ['dress', 'skirt', 'tee', 'jeans', 'hoodie', 'shirt', 'longsleeve'],
  kids: ['tee', 'hoodie', 'shorts', 'dress', 'jeans', 'beanie'],
  footwear: ['sneaker', 'runner', 'boot', 'slide'],
  accessories: ['cap', 'beanie', 'tote', 'backpack', 'watch', 'sunglasses'],
};
const nouns: Record<GarmentKind, string> = {
  tee: 'Tee',
  longsleeve: 'Long Sleeve Top',
  hoodie: 'Hoodie',
  jacket: 'Jacket',
  shirt: 'Shirt',
  jeans: 'Jeans',
  shorts: 'Shorts',
  dress: 'Dress',
  skirt: 'Skirt',
  sneaker: 'Sneakers',
  runner: 'Running Shoes',
  boot: 'Boots',
  slide: 'Slides',
  cap: 'Cap',
  beanie: 'Beanie',
  tote: 'Tote Bag',
  backpack: 'Backpack',
  watch: 'Watch',
  sunglasses: 'Sunglasses',
};
const adjectives = [
  'Classic',
  'Essential',
  'Relaxed',
  'Slim',
  'Vintage',
  'Everyday',
  'Premium',
  'Lightweight',
  'Organic',
  'Heritage',
  'Urban',
  'Retro',
  'Tech',
  'Studio',
  'Coastal',
  'Alpine',
];
const colours = ['Black', 'White', 'Navy', 'Olive', 'Sand', 'Red', 'Grey', 'Blue', 'Green', 'Pink'];
const brandNames: Record<Brand, string> = {
  nike: 'Nike',
  adidas: 'Adidas',
  puma: 'Puma',
  levi: "Levi's",
  zara: 'Zara',
  'h&m': 'H&M',
};

/** A deterministic pseudo-random sequence, so two runs make the same catalogue. */
function* numbers(seed: number) {
  let x = seed;
  for (;;) {
    x = (x * 1_103_515_245 + 12_345) % 2_147_483_648;
    yield x;
  }
}

type Variants = NonNullable<ProductData['variants']>;

/**
 * A realistic size run for the category, about six variants on average: letter sizes in two
 * colours for clothing, EU sizes for footwear, ages for kids, one size for accessories; about
 * one variant in eight sold out.
 */
function sizeRun(category: Category, colour: string, next: () => number): Variants {
  const other = colours[(colours.indexOf(colour) + 1 + (next() % 4)) % colours.length]!;
  const window = (list: readonly string[], length: number) => {
    const start = next() % (list.length - length + 1);
    return list.slice(start, start + length);
  };
  const [sizes, palette] =
    category === 'footwear'
      ? [window(shoeSizes, 6), [colour]]
      : category === 'kids'
        ? [window(kidsSizes, 3), [colour, other]]
        : category === 'accessories'
          ? [[''], next() % 2 ? [colour, other] : [colour]]
          : [window(letterSizes.slice(1, 7), 3 + (next() % 2)), [colour, other]];
  return palette.flatMap((color) =>
    sizes.map((size) => ({ size, color, totalStock: next() % 8 === 0 ? 0 : 1 + (next() % 25) })),
  );
}

export type BulkProduct = {
  kind: GarmentKind;
  variant: number;
  product: Omit<ProductData, 'image'>;
};

/** `count` varied products for load tests, in batches of `size`. */
export function* bulkProducts(count: number, size: number): Generator<BulkProduct[]> {
  const rnd = numbers(42);
  const pick = <T>(list: readonly T[]) => list[(rnd.next().value as number) % list.length] as T;
  for (let start = 0; start < count; start += size) {
    const batch: BulkProduct[] = [];
    for (let i = start; i < Math.min(count, start + size); i += 1) {
      const category = pick(categories);
      const brand = pick(brands);
      const kind = pick(kindsByCategory[category]);
      const colour = pick(colours);
      const priceCents = 999 + ((rnd.next().value as number) % 19_000);
      const onSale = (rnd.next().value as number) % 5 === 0;
      batch.push({
        kind,
        variant: i,
        product: {
          title: `${brandNames[brand]} ${pick(adjectives)} ${colour} ${nouns[kind]} #${i + 1}`,
          description: `${pick(adjectives)} ${nouns[kind].toLowerCase()} in ${colour.toLowerCase()}, made for everyday wear.`,
          category,
          brand,
          price: fromCents(priceCents),
          salePrice: onSale ? fromCents(Math.floor(priceCents * 0.7)) : 0,
          totalStock: (rnd.next().value as number) % 120,
          // Fibres and care by kind (issue 28), so the listing's fibre filter has work to do.
          ...demoFabric(kind),
          // High bits: the low bits of this generator repeat with a short period.
          variants: sizeRun(category, colour, () =>
            Math.floor((rnd.next().value as number) / 65_536),
          ),
        },
      });
    }
    yield batch;
  }
}
