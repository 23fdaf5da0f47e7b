// Sizes and colours without zod, so the storefront bundle does not carry the schema library.

/** Letter sizes in the order a shopper reads them. */
export const letterSizes = ['XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL', 'XXXL'] as const;
/** EU shoe sizes offered by the admin's size-run generator. */
export const shoeSizes = ['36', '37', '38', '39', '40', '41', '42', '43', '44', '45', '46'];
/** Kids' ages, youngest first. */
export const kidsSizes = ['2-3Y', '4-5Y', '6-7Y', '8-9Y', '10-11Y', '12-13Y', '14Y'];

export const sizeRuns = {
  letter: { label: 'Letter sizes (XS–XXL)', sizes: ['XS', 'S', 'M', 'L', 'XL', 'XXL'] },
  shoe: { label: 'EU shoe sizes (36–46)', sizes: shoeSizes },
  kids: { label: "Kids' ages (2–14)", sizes: kidsSizes },
  one: { label: 'One size', sizes: [''] },
} as const;
export type SizeRun = keyof typeof sizeRuns;

const letterRank = new Map<string, number>(letterSizes.map((s, i) => [s, i]));
letterRank.set('2XL', letterRank.get('XXL')!);
letterRank.set('3XL', letterRank.get('XXXL')!);

/**
 * Display order of sizes: letter sizes XS..XXL first, then numbers (shoe sizes, ages such as
 * "4-5Y" by their first number), then anything else alphabetically.
 */
function sizeKey(size: string): [number, number, string] {
  const upper = size.trim().toUpperCase();
  const letter = letterRank.get(upper);
  if (letter !== undefined) return [0, letter, upper];
  const number = /^(\d+(?:[.,]\d+)?)/.exec(upper);
  if (number) return [1, Number(number[1]!.replace(',', '.')), upper];
  return [2, 0, upper];
}

export function compareSizes(a: string, b: string): number {
  const [ga, na, sa] = sizeKey(a);
  const [gb, nb, sb] = sizeKey(b);
  return ga - gb || na - nb || (sa < sb ? -1 : sa > sb ? 1 : 0);
}

/** Distinct non-empty sizes, in display order. */
export function sortSizes(sizes: Iterable<string>): string[] {
  return [...new Set([...sizes].filter(Boolean))].sort(compareSizes);
}

/** Swatch colours for colour names the shop uses; unknown names get a neutral grey. */
const swatches: Record<string, string> = {
  black: '#111827',
  white: '#f8fafc',
  grey: '#9ca3af',
  gray: '#9ca3af',
  charcoal: '#374151',
  navy: '#1e3a5f',
  blue: '#2563eb',
  'light blue': '#93c5fd',
  denim: '#3b5b8c',
  red: '#c0262d',
  burgundy: '#7f1d1d',
  pink: '#f472b6',
  green: '#15803d',
  olive: '#4d5b2a',
  khaki: '#a3a15b',
  sand: '#d6c7a1',
  beige: '#e7dcc5',
  cream: '#f3ead7',
  brown: '#7c4a2d',
  tan: '#b9834c',
  yellow: '#facc15',
  orange: '#f97316',
  purple: '#7e22ce',
  teal: '#0f766e',
  'heather grey': '#9ca3af',
  'indigo denim': '#2f4a7d',
  'light-wash denim': '#7ea3cc',
  'washed black denim': '#34363b',
  'blush pink': '#eab0b5',
  'sage green': '#9cb59a',
  mustard: '#d5a021',
  camel: '#b9834c',
  'royal blue': '#2356c7',
  lilac: '#b7a3d8',
  coral: '#f0776b',
  'chocolate brown': '#5b3a29',
  silver: '#d1d5db',
  gold: '#c9a227',
  tortoiseshell: '#6b3e1f',
  'sunshine yellow': '#f4c430',
};

export function swatchOf(color: string): string {
  return swatches[color.trim().toLowerCase()] ?? '#a8a29e';
}

/** The text of a line's options: "M · Black", "M", "Black" or "". */
export function variantLabel(v: { size?: string | null; color?: string | null }): string {
  return [v.size, v.color].filter(Boolean).join(' · ');
}
