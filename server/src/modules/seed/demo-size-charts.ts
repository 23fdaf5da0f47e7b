import type { SizeChartData } from '@contract/size-charts';
import type { DemoProduct } from './demo-products/palette';

// The demo catalogue's size charts, one per size run in demo-variants.ts (issue 28).

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
