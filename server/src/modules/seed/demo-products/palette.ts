import type { Brand, Category } from '@contract/catalog';
import type { GarmentKind } from '../illustrations';

export type DemoProduct = {
  title: string;
  category: Category;
  brand: Brand;
  kind: GarmentKind;
  /** Colour name for the description, and its main and accent hex values. */
  colour: [name: string, main: string, accent: string];
  price: number;
  salePrice?: number;
  stock: number;
};

/** Colours of the demo products: a name for the description, main and accent hex values. */
export const c = {
  black: ['black', '#1f2937', '#f8fafc'],
  white: ['white', '#f1f1ee', '#1f2937'],
  navy: ['navy', '#1e3a5f', '#f59e0b'],
  grey: ['heather grey', '#9ca3af', '#1f2937'],
  olive: ['olive', '#4d5b2a', '#e7d8a8'],
  khaki: ['khaki', '#b8a27a', '#3f3f46'],
  indigo: ['indigo denim', '#2f4a7d', '#d4a373'],
  lightDenim: ['light-wash denim', '#7ea3cc', '#c08552'],
  blackDenim: ['washed black denim', '#34363b', '#a8a29e'],
  red: ['red', '#c0262d', '#f8fafc'],
  burgundy: ['burgundy', '#7f1d3a', '#f3d9b1'],
  blush: ['blush pink', '#eab0b5', '#7f1d3a'],
  sage: ['sage green', '#9cb59a', '#f8fafc'],
  mustard: ['mustard', '#d5a021', '#1f2937'],
  cream: ['cream', '#efe6d2', '#8b5e34'],
  camel: ['camel', '#b9834c', '#3f2a1a'],
  royal: ['royal blue', '#2356c7', '#f8fafc'],
  teal: ['teal', '#0f766e', '#fde68a'],
  lilac: ['lilac', '#b7a3d8', '#f8fafc'],
  orange: ['orange', '#ea6b24', '#1f2937'],
  yellow: ['sunshine yellow', '#f4c430', '#1e3a5f'],
  coral: ['coral', '#f0776b', '#fff7ed'],
  brown: ['chocolate brown', '#5b3a29', '#d6b48a'],
  silver: ['silver', '#d1d5db', '#6b7280'],
  gold: ['gold', '#c9a227', '#1f2937'],
  tortoise: ['tortoiseshell', '#6b3e1f', '#a16207'],
} satisfies Record<string, [string, string, string]>;

/** The demo shop: every category and brand, about a dozen on sale, a few sold out or low. */
