import type { ProductData } from '@contract/catalog';
import { kidsSizes, shoeSizes } from '@contract/variant-constants';
import { c, type DemoProduct } from './demo-products/palette';

export type DemoColour = [name: string, main: string, accent: string];
type Variants = NonNullable<ProductData['variants']>;

const extraColours: DemoColour[] = [c.black, c.white, c.navy, c.grey, c.olive];
const letter = ['XS', 'S', 'M', 'L', 'XL', 'XXL'];

/** "heather grey" -> "Heather Grey": the colour as a shopper reads it on a swatch. */
export const colourName = (colour: DemoColour) =>
  colour[0].replace(/(^|[\s-])\w/g, (m) => m.toUpperCase());

/**
 * The colours a demo product comes in: its own first, then one to three more for clothing and
 * kids, one more for every other cap; one colour for the rest.
 */
export function demoColours(p: DemoProduct, index: number): DemoColour[] {
  const more = (n: number) =>
    extraColours.filter((x) => x[0] !== p.colour[0]).slice(index % 3, (index % 3) + n);
  if (p.category === 'men' || p.category === 'women') return [p.colour, ...more(1 + (index % 3))];
  if (p.category === 'kids' && p.kind !== 'beanie') return [p.colour, ...more(1)];
  if (p.kind === 'cap' && index % 2 === 0) return [p.colour, ...more(1)];
  return [p.colour];
}

/**
 * A realistic size run: letter sizes for clothing, EU sizes for footwear, ages for kids, one
 * size for accessories (variants only when they come in several colours). The product's stock
 * is spread over them; a few sizes are sold out.
 */
export function demoVariants(p: DemoProduct, index: number): Variants | undefined {
  const colours = demoColours(p, index).map(colourName);
  const sizes =
    p.category === 'footwear'
      ? shoeSizes.slice(3, 10)
      : p.category === 'kids'
        ? p.kind === 'beanie'
          ? ['']
          : kidsSizes.slice(1, 6)
        : p.category === 'accessories'
          ? ['']
          : p.kind === 'jeans'
            ? ['28', '30', '32', '34', '36']
            : letter;
  if (sizes.length === 1 && colours.length === 1) return undefined;
  const pairs = colours.flatMap((color) => sizes.map((size) => ({ size, color })));
  const each = Math.floor(p.stock / pairs.length);
  return pairs.map((pair, i) => {
    // Every third product has its smallest and largest size sold out in its second colour.
    const soldOut =
      p.stock === 0 ||
      (index % 3 === 0 &&
        pair.color === colours[1] &&
        (pair.size === sizes[0] || pair.size === sizes.at(-1)));
    const extra = i < p.stock % pairs.length ? 1 : 0;
    return { ...pair, totalStock: soldOut ? 0 : Math.max(1, each + extra) };
  });
}
