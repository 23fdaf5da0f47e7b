import { centsToDecimal } from '@contract/money';

/**
 * Cells of the shop's CSV files. Text a spreadsheet would run as a formula (it starts with
 * `=`, `+`, `-`, `@`, a tab or a carriage return) is written with a leading `'`, which
 * spreadsheets show as text; the import takes that `'` off again, so such text round-trips.
 * Money is written by the exporter itself as a plain decimal with two places (`19.90`): never
 * negative here, so never guarded, and read back exactly.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const GUARDED = /^'[=+\-@\t\r]/;

export function safeCell(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** The import's reading of a cell: the guard's `'` removed, nothing else changed. */
export function unguard(cell: string): string {
  return GUARDED.test(cell) ? cell.slice(1) : cell;
}

export const moneyCell = centsToDecimal;

export const dateCell = (date: Date) => date.toISOString();
