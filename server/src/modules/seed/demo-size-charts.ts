import type { Care, CompositionPart } from '../../../../contract/garment-constants';
import type { SizeChartData } from '../../../../contract/size-charts';
import type { DemoProduct } from './demo-products/palette';
import type { GarmentKind } from './illustrations';

// The demo catalogue's size charts (one per size run in demo-variants.ts), and the fibres and
// care symbols of each kind of garment (issue 28).

export type DemoChartKey = 'men' | 'women' | 'jeans' | 'shoes' | 'kids';

const bodyHowTo =
  'Measure over your underwear with a soft tape held level and snug, not tight.\n' +
  'Chest (bust): around the fullest part, under the arms.\n' +
  'Waist: around your natural waistline, the narrowest part of your torso.\n' +
  'Hip: around the fullest part of your hips, feet together.\n' +
  'Between two sizes? Take the larger for a relaxed fit, the smaller for a close one.';

export const demoSizeCharts: Record<DemoChartKey, SizeChartData> = {
  men: {
    name: "Men's clothing",
    unit: 'cm',
    columns: ['Chest', 'Waist', 'Hip'],
    rows: [
      {
        size: 'XS',
        values: [
          [84, 88],
          [70, 74],
          [86, 90],
        ],
      },
      {
        size: 'S',
        values: [
          [88, 96],
          [74, 82],
          [90, 98],
        ],
      },
      {
        size: 'M',
        values: [
          [96, 104],
          [82, 90],
          [98, 106],
        ],
      },
      {
        size: 'L',
        values: [
          [104, 112],
          [90, 98],
          [106, 114],
        ],
      },
      {
        size: 'XL',
        values: [
          [112, 120],
          [98, 106],
          [114, 122],
        ],
      },
      {
        size: 'XXL',
        values: [
          [120, 128],
          [106, 114],
          [122, 130],
        ],
      },
    ],
    howToMeasure: bodyHowTo,
  },
  women: {
    name: "Women's clothing",
    unit: 'cm',
    columns: ['Bust', 'Waist', 'Hip'],
    rows: [
      {
        size: 'XS',
        values: [
          [78, 82],
          [60, 64],
          [86, 90],
        ],
      },
      {
        size: 'S',
        values: [
          [82, 86],
          [64, 68],
          [90, 94],
        ],
      },
      {
        size: 'M',
        values: [
          [86, 90],
          [68, 72],
          [94, 98],
        ],
      },
      {
        size: 'L',
        values: [
          [90, 96],
          [72, 78],
          [98, 104],
        ],
      },
      {
        size: 'XL',
        values: [
          [96, 102],
          [78, 84],
          [104, 110],
        ],
      },
      {
        size: 'XXL',
        values: [
          [102, 108],
          [84, 90],
          [110, 116],
        ],
      },
    ],
    howToMeasure: bodyHowTo,
  },
  jeans: {
    name: 'Jeans (waist sizes)',
    unit: 'cm',
    columns: ['Waist', 'Hip', 'Inside leg'],
    rows: [
      { size: '28', values: [71, 89, 81] },
      { size: '30', values: [76, 94, 81] },
      { size: '32', values: [81, 99, 81] },
      { size: '34', values: [86, 104, 84] },
      { size: '36', values: [91, 109, 84] },
    ],
    howToMeasure:
      'Waist: around where you wear your jeans, usually just below the navel.\n' +
      'Hip: around the fullest part of your hips.\n' +
      'Inside leg: barefoot, from the crotch straight down to the floor.',
  },
  shoes: {
    name: 'EU shoes',
    unit: 'cm',
    columns: ['Foot length'],
    rows: [
      { size: '36', values: [22.5] },
      { size: '37', values: [23.5] },
      { size: '38', values: [24] },
      { size: '39', values: [25] },
      { size: '40', values: [25.5] },
      { size: '41', values: [26.5] },
      { size: '42', values: [27] },
      { size: '43', values: [27.5] },
      { size: '44', values: [28.5] },
      { size: '45', values: [29] },
      { size: '46', values: [30] },
    ],
    howToMeasure:
      'Stand on a sheet of paper with your heel against a wall and mark the tip of your ' +
      'longest toe. Measure from the wall to the mark. Measure both feet in the evening and ' +
      'go by the longer one.',
  },
  kids: {
    name: 'Kids by age',
    unit: 'cm',
    columns: ['Height', 'Chest', 'Waist'],
    rows: [
      {
        size: '2-3Y',
        values: [
          [92, 98],
          [52, 54],
          [50, 52],
        ],
      },
      {
        size: '4-5Y',
        values: [
          [104, 110],
          [55, 57],
          [52, 54],
        ],
      },
      {
        size: '6-7Y',
        values: [
          [116, 122],
          [58, 62],
          [54, 57],
        ],
      },
      {
        size: '8-9Y',
        values: [
          [128, 134],
          [63, 67],
          [57, 60],
        ],
      },
      {
        size: '10-11Y',
        values: [
          [140, 146],
          [68, 72],
          [60, 63],
        ],
      },
      {
        size: '12-13Y',
        values: [
          [152, 158],
          [73, 78],
          [63, 66],
        ],
      },
      {
        size: '14Y',
        values: [
          [164, 170],
          [79, 83],
          [66, 69],
        ],
      },
    ],
    howToMeasure:
      'Height: barefoot, standing straight against a wall. Ages are a guide: go by height ' +
      'first, then chest.',
  },
};

/** The chart of a demo product's size run (none for one-size accessories and beanies). */
export function demoChartOf(p: DemoProduct): DemoChartKey | null {
  if (p.category === 'footwear') return 'shoes';
  if (p.category === 'kids') return p.kind === 'beanie' ? null : 'kids';
  if (p.category === 'accessories') return null;
  if (p.kind === 'jeans') return 'jeans';
  return p.category === 'women' ? 'women' : 'men';
}

const one = (...fibres: CompositionPart['fibres']): CompositionPart[] => [{ part: '', fibres }];

const compositions: Record<GarmentKind, CompositionPart[]> = {
  tee: one({ fibre: 'cotton', percent: 100 }),
  longsleeve: one({ fibre: 'cotton', percent: 60 }, { fibre: 'polyester', percent: 40 }),
  hoodie: [
    {
      part: 'Body',
      fibres: [
        { fibre: 'cotton', percent: 80 },
        { fibre: 'polyester', percent: 20 },
      ],
    },
    { part: 'Hood lining', fibres: [{ fibre: 'cotton', percent: 100 }] },
  ],
  jacket: [
    { part: 'Shell', fibres: [{ fibre: 'polyamide', percent: 100 }] },
    { part: 'Lining', fibres: [{ fibre: 'polyester', percent: 100 }] },
  ],
  shirt: one({ fibre: 'cotton', percent: 100 }),
  jeans: one({ fibre: 'cotton', percent: 98 }, { fibre: 'elastane', percent: 2 }),
  shorts: one({ fibre: 'polyester', percent: 100 }),
  dress: one({ fibre: 'viscose', percent: 100 }),
  skirt: one({ fibre: 'polyester', percent: 95 }, { fibre: 'elastane', percent: 5 }),
  sneaker: [
    { part: 'Upper', fibres: [{ fibre: 'leather', percent: 100 }] },
    { part: 'Sole', fibres: [{ fibre: 'rubber', percent: 100 }] },
  ],
  runner: [
    { part: 'Upper', fibres: [{ fibre: 'polyester', percent: 100 }] },
    { part: 'Sole', fibres: [{ fibre: 'rubber', percent: 100 }] },
  ],
  boot: [
    { part: 'Upper', fibres: [{ fibre: 'leather', percent: 100 }] },
    { part: 'Sole', fibres: [{ fibre: 'rubber', percent: 100 }] },
  ],
  slide: one({ fibre: 'rubber', percent: 100 }),
  cap: one({ fibre: 'cotton', percent: 100 }),
  beanie: one({ fibre: 'acrylic', percent: 100 }),
  tote: one({ fibre: 'cotton', percent: 100 }),
  backpack: one({ fibre: 'polyester', percent: 100 }),
  watch: [],
  sunglasses: [],
};

const care = (
  wash: Care['wash'],
  bleach: Care['bleach'],
  dry: Care['dry'],
  iron: Care['iron'],
  dryClean: Care['dryClean'],
): Care => ({ wash, bleach, dry, iron, dryClean });

/** Textiles only: shoes, watches and sunglasses carry no care label. */
const cares: Partial<Record<GarmentKind, Care>> = {
  tee: care('40', 'no', 'tumble-low', 'medium', 'no'),
  longsleeve: care('40', 'no', 'tumble-low', 'medium', 'no'),
  hoodie: care('30', 'no', 'tumble-low', 'low', 'no'),
  jacket: care('30-gentle', 'no', 'line', 'low', 'petroleum'),
  shirt: care('40', 'oxygen', 'tumble-low', 'high', 'any-solvent'),
  jeans: care('30', 'no', 'line', 'medium', 'no'),
  shorts: care('30', 'no', 'tumble-low', 'low', 'no'),
  dress: care('30-gentle', 'no', 'line', 'low', 'petroleum'),
  skirt: care('30-gentle', 'no', 'line', 'low', 'no'),
  cap: care('hand', 'no', 'line', 'no', 'no'),
  beanie: care('30-gentle', 'no', 'flat', 'no', 'no'),
  tote: care('30', 'no', 'line', 'medium', 'no'),
  backpack: care('hand', 'no', 'line', 'no', 'no'),
};

/** What a demo product is made of and how to wash it. */
export function demoFabric(kind: GarmentKind) {
  return { composition: compositions[kind], care: cares[kind] ?? null };
}
