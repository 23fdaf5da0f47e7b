import type { Measure } from '@contract/garment-constants';
import { type SizeChart, type SizeChartBody, sizeChartBody } from '@contract/size-charts';

/** The editor's inputs: every measurement as typed ("96", "88-96", or blank for none). */
export type ChartFormValues = {
  name: string;
  /** `key`: a React key that stays with its column or row when others are removed. */
  columns: { key: number; name: string }[];
  rows: { key: number; size: string; values: string[] }[];
  howToMeasure: string;
};

let lastKey = 0;
export const newKey = () => {
  lastKey += 1;
  return lastKey;
};

/** Errors by the dotted path of their input ("rows.2.values.1"), `_form` for the rest. */
export type ChartErrors = Record<string, string>;
export const chartFormError = '_form';

export const emptyChart = (): ChartFormValues => ({
  name: '',
  columns: ['Chest', 'Waist', 'Hip'].map((name) => ({ key: newKey(), name })),
  rows: ['S', 'M', 'L'].map((size) => ({ key: newKey(), size, values: ['', '', ''] })),
  howToMeasure: '',
});

const shown = (value: Measure) =>
  value === null ? '' : Array.isArray(value) ? `${value[0]}-${value[1]}` : String(value);

export function valuesFromChart(chart: SizeChart): ChartFormValues {
  return {
    name: chart.name,
    columns: chart.columns.map((name) => ({ key: newKey(), name })),
    rows: chart.rows.map((row) => ({
      key: newKey(),
      size: row.size,
      values: row.values.map(shown),
    })),
    howToMeasure: chart.howToMeasure,
  };
}

/**
 * "96" is 96, "88-96" (or an en dash) the range [88, 96], blank none; anything else is kept as
 * typed, so the contract's schema refuses it with its own words.
 */
export function parseMeasure(text: string): Measure | string {
  const t = text.trim();
  if (t === '') return null;
  const range = /^(\d+(?:[.,]\d+)?)\s*[-–]\s*(\d+(?:[.,]\d+)?)$/.exec(t);
  const number = (s: string) => Number(s.replace(',', '.'));
  if (range) return [number(range[1]!), number(range[2]!)];
  return /^\d+(?:[.,]\d+)?$/.test(t) ? number(t) : t;
}

const labels: Record<string, string> = {
  name: 'Name',
  columns: 'Measurement',
  rows: 'Sizes',
  size: 'Size',
  values: 'Measurement',
  howToMeasure: 'How to measure',
};

/** The body the API takes, or the errors to show beside each input (the contract's rules). */
export function toChartBody(
  values: ChartFormValues,
): { body: SizeChartBody; errors?: undefined } | { body?: undefined; errors: ChartErrors } {
  const body = {
    name: values.name,
    unit: 'cm' as const,
    columns: values.columns.map((c) => c.name),
    rows: values.rows.map((row) => ({ size: row.size, values: row.values.map(parseMeasure) })),
    howToMeasure: values.howToMeasure,
  };
  const parsed = sizeChartBody.safeParse(body);
  if (parsed.success) return { body: body as SizeChartBody };
  const errors: ChartErrors = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.map(String).join('.');
    const leaf = issue.path.filter((p) => typeof p === 'string').at(-1) as string | undefined;
    // A cell typed as something else than a number or a range: say what to type.
    const message =
      /^rows\.\d+\.values\.\d+$/.test(path) && issue.code === 'invalid_union'
        ? 'must be a number (96) or a range (88-96), or blank'
        : issue.message;
    const text = `${labels[leaf ?? ''] ?? path} ${message}`;
    errors[path] ??= text;
  }
  return { errors };
}

/** A server message that names a path ("rows.1.size repeats ...", "name: ...") goes there. */
export function errorsFromServer(message: string): ChartErrors {
  const match = /^([A-Za-z][\w.]*):?\s+(.+)$/s.exec(message);
  if (!match) return { [chartFormError]: message };
  const [, path = '', rest = ''] = match;
  const leaf =
    path
      .split('.')
      .filter((p) => !/^\d+$/.test(p))
      .at(-1) ?? '';
  return labels[leaf] ? { [path]: `${labels[leaf]} ${rest}` } : { [chartFormError]: message };
}

/** The aria attributes of a field and its error message (FieldError renders it). */
export const errorProps = (id: string, error: string | undefined) => ({
  id,
  'aria-invalid': Boolean(error),
  'aria-describedby': error ? `${id}-error` : undefined,
});
