import type { Care, CompositionPart } from '@contract/garment-constants';
import type { GarmentKind } from './illustrations';

// The fibres and care symbols of each kind of demo garment (issue 28).

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
