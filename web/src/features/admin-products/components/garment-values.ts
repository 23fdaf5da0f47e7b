import type { Care, Fibre } from '@contract/garment-constants';

/** A part as typed: percentages are strings until sent; `key`s stay with their rows. */
export type PartRow = {
  key: number;
  part: string;
  fibres: { key: number; fibre: Fibre; percent: string }[];
};

let lastKey = 0;
/** A key for a new part or fibre row, unique in the page. */
export const newKey = () => {
  lastKey += 1;
  return lastKey;
};
/** Size chart, fibres and care as the inputs hold them (issue 28). */
export type GarmentValues = { sizeChartId: string; composition: PartRow[]; care: Care | null };

export const garmentSelectClass =
  'h-10 w-full rounded-md border border-input bg-background px-3 text-base focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-invalid:border-destructive md:text-sm';

/** The inputs of a product's fields (none for a new product). */
export function garmentValuesOf(
  product?: {
    sizeChartId: string | null;
    composition: { part: string; fibres: { fibre: Fibre; percent: number }[] }[];
    care: Care | null;
  } | null,
): GarmentValues {
  return {
    sizeChartId: product?.sizeChartId ?? '',
    composition: (product?.composition ?? []).map((p) => ({
      key: newKey(),
      part: p.part,
      fibres: p.fibres.map((f) => ({ key: newKey(), fibre: f.fibre, percent: String(f.percent) })),
    })),
    care: product?.care ?? null,
  };
}

/** The body's fields; percentages as numbers (a blank one as NaN, for the contract to refuse). */
export function garmentBody(values: GarmentValues) {
  return {
    sizeChartId: values.sizeChartId || null,
    composition: values.composition.map((p) => ({
      part: p.part,
      fibres: p.fibres.map((f) => ({
        fibre: f.fibre,
        percent: f.percent.trim() === '' ? Number.NaN : Number(f.percent),
      })),
    })),
    care: values.care,
  };
}
