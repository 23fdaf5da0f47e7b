// Fabric, care, size charts and fit without zod, so the storefront bundle does not carry the
// schema library (issue 28; docs/size-guides.md).

/**
 * Fibres a composition may name: the EU textile regulation's names (1007/2011, Annex I) a
 * clothing shop meets, plus leather and rubber for shoes and bags. A fixed list, so the
 * listing can filter by it and labels read the same on every product.
 */
export const fibres = [
  'cotton',
  'linen',
  'hemp',
  'wool',
  'cashmere',
  'alpaca',
  'mohair',
  'silk',
  'viscose',
  'modal',
  'lyocell',
  'cupro',
  'acetate',
  'polyester',
  'polyamide',
  'acrylic',
  'elastane',
  'polypropylene',
  'leather',
  'rubber',
  'other',
] as const;
export type Fibre = (typeof fibres)[number];

export const fibreLabels: Record<Fibre, string> = {
  cotton: 'Cotton',
  linen: 'Linen',
  hemp: 'Hemp',
  wool: 'Wool',
  cashmere: 'Cashmere',
  alpaca: 'Alpaca',
  mohair: 'Mohair',
  silk: 'Silk',
  viscose: 'Viscose',
  modal: 'Modal',
  lyocell: 'Lyocell',
  cupro: 'Cupro',
  acetate: 'Acetate',
  polyester: 'Polyester',
  polyamide: 'Polyamide',
  acrylic: 'Acrylic',
  elastane: 'Elastane',
  polypropylene: 'Polypropylene',
  leather: 'Leather',
  rubber: 'Rubber',
  other: 'Other fibres',
};

export type CompositionPart = { part: string; fibres: { fibre: Fibre; percent: number }[] };

export const maxCompositionParts = 5;
export const maxFibresPerPart = 8;

/**
 * The fibre the listing files a product under: the largest share of its first part (the body
 * or shell, listed first), the first listed on a tie; '' without a composition.
 */
export function mainFibre(composition: readonly CompositionPart[]): Fibre | '' {
  let best: { fibre: Fibre; percent: number } | undefined;
  for (const f of composition[0]?.fibres ?? []) if (!best || f.percent > best.percent) best = f;
  return best?.fibre ?? '';
}

/** "Body: 95% cotton, 5% elastane; Lining: 100% polyester". */
export function compositionText(composition: readonly CompositionPart[]): string {
  return composition
    .map((p) => {
      const fibresText = p.fibres
        .map((f) => `${f.percent}% ${fibreLabels[f.fibre].toLowerCase()}`)
        .join(', ');
      return p.part ? `${p.part}: ${fibresText}` : fibresText;
    })
    .join('; ');
}

/**
 * Care instructions as the usual symbols (ISO 3758 / GINETEX): washing tub, bleach triangle,
 * drying square, iron, dry-cleaning circle. Each key's first value is the most permissive.
 */
export const careOptions = {
  wash: ['95', '60', '40', '40-gentle', '30', '30-gentle', 'hand', 'no'],
  bleach: ['any', 'oxygen', 'no'],
  dry: ['tumble', 'tumble-low', 'line', 'flat', 'no-tumble'],
  iron: ['high', 'medium', 'low', 'no'],
  dryClean: ['any-solvent', 'petroleum', 'wet', 'no'],
} as const;
export type CareKey = keyof typeof careOptions;
export const careKeys = Object.keys(careOptions) as CareKey[];
export type Care = { [K in CareKey]: (typeof careOptions)[K][number] };

export const careKeyLabels: Record<CareKey, string> = {
  wash: 'Washing',
  bleach: 'Bleaching',
  dry: 'Drying',
  iron: 'Ironing',
  dryClean: 'Dry-cleaning',
};

export const careLabels: { [K in CareKey]: Record<Care[K], string> } = {
  wash: {
    '95': 'Machine wash at 95 °C',
    '60': 'Machine wash at 60 °C',
    '40': 'Machine wash at 40 °C',
    '40-gentle': 'Machine wash at 40 °C, gentle cycle',
    '30': 'Machine wash at 30 °C',
    '30-gentle': 'Machine wash at 30 °C, gentle cycle',
    hand: 'Hand wash only',
    no: 'Do not wash',
  },
  bleach: {
    any: 'Any bleach',
    oxygen: 'Non-chlorine bleach only',
    no: 'Do not bleach',
  },
  dry: {
    tumble: 'Tumble dry, normal heat',
    'tumble-low': 'Tumble dry, low heat',
    line: 'Line dry',
    flat: 'Dry flat',
    'no-tumble': 'Do not tumble dry',
  },
  iron: {
    high: 'Iron at up to 200 °C',
    medium: 'Iron at up to 150 °C',
    low: 'Iron at up to 110 °C, no steam',
    no: 'Do not iron',
  },
  dryClean: {
    'any-solvent': 'Professional dry-clean (P)',
    petroleum: 'Professional dry-clean, hydrocarbon solvent only (F)',
    wet: 'Professional wet clean only (W)',
    no: 'Do not dry-clean',
  },
};

/** Where the shop sells in the US: every "30 °C" followed by its Fahrenheit, "30 °C (86 °F)". */
export const withFahrenheit = (label: string) =>
  label.replace(/(\d+) °C/g, (c, n: string) => `${c} (${Math.round((Number(n) * 9) / 5 + 32)} °F)`);

/** One care instruction's text; in °F beside °C for a US shop. */
export const careLabel = <K extends CareKey>(key: K, value: Care[K], fahrenheit = false) => {
  const label = (careLabels[key] as Record<string, string>)[value] ?? '';
  return fahrenheit ? withFahrenheit(label) : label;
};

/** "Machine wash at 30 °C; Do not bleach; ...": care as one line of text. */
export const careText = (care: Care) =>
  careKeys.map((k) => (careLabels[k] as Record<string, string>)[care[k]]).join('; ');

// ---- Size charts ----

export const maxChartColumns = 8;
export const maxChartRows = 40;
/** The largest measurement a chart may hold, in cm (a tall adult's height is about 210). */
export const maxMeasureCm = 300;

/** A measurement: one value, a range, or none (shown as a dash). */
export type Measure = number | [number, number] | null;
export type SizeChartRow = { size: string; values: Measure[] };

/** Centimetres to inches to one decimal (charts show both). */
export const cmToInches = (cm: number) => Math.round((cm / 2.54) * 10) / 10;

/** "96", "96–100", "–" in cm; with `inches`, the same in inches. */
export function formatMeasure(value: Measure, inches = false): string {
  const one = (n: number) => String(inches ? cmToInches(n) : n);
  if (value === null) return '–';
  return Array.isArray(value) ? `${one(value[0])}–${one(value[1])}` : one(value);
}

// ---- Fit from buyers ----

export const fitValues = ['small', 'true', 'large'] as const;
export type Fit = (typeof fitValues)[number];

export const fitLabels: Record<Fit, string> = {
  small: 'Runs small',
  true: 'True to size',
  large: 'Runs large',
};

/** Fit answers a product needs before its page states a verdict. */
export const minFitAnswers = 5;

export const fitVerdictText: Record<Fit, string> = {
  small: 'Most buyers say: runs small, consider one size up',
  true: 'Most buyers say: true to size',
  large: 'Most buyers say: runs large, consider one size down',
};

export type FitCounts = { small: number; true: number; large: number };

/**
 * The answer most buyers gave, once there are `minFitAnswers`: "runs small" or "runs large"
 * only when it outnumbers each other answer; a tie, or a mixed crowd, reads as true to size.
 */
export function fitVerdict(counts: FitCounts): Fit | null {
  if (counts.small + counts.true + counts.large < minFitAnswers) return null;
  if (counts.small > counts.true && counts.small > counts.large) return 'small';
  if (counts.large > counts.true && counts.large > counts.small) return 'large';
  return 'true';
}

/**
 * The size to pick on a product, from the size a shopper wears in its brand and category and
 * the product's fit verdict: one up when it runs small, one down when it runs large (the same
 * when there is no such size). Null when the product has no such size at all (a waist size on
 * a product sold in letters).
 */
export function suggestSize(
  sizes: readonly string[],
  worn: string,
  verdict: Fit | null,
): { size: string; shift: -1 | 0 | 1 } | null {
  const at = sizes.findIndex((s) => s.toLowerCase() === worn.trim().toLowerCase());
  if (at < 0) return null;
  const shift = verdict === 'small' ? 1 : verdict === 'large' ? -1 : 0;
  const moved = sizes[at + shift];
  return moved === undefined ? { size: sizes[at]!, shift: 0 } : { size: moved, shift };
}
