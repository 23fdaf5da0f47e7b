import type { Care, CompositionPart } from '@contract/catalog';

/** Two parts, the first mostly cotton: a product whose main fibre is cotton. */
export const stretchDenim: CompositionPart[] = [
  {
    part: 'Body',
    fibres: [
      { fibre: 'cotton', percent: 95 },
      { fibre: 'elastane', percent: 5 },
    ],
  },
  { part: 'Pocket lining', fibres: [{ fibre: 'polyester', percent: 100 }] },
];

export const gentle: Care = {
  wash: '30',
  bleach: 'no',
  dry: 'line',
  iron: 'medium',
  dryClean: 'no',
};
