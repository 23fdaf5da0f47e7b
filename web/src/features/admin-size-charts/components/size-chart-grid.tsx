import { maxChartColumns, maxChartRows } from '@contract/garment-constants';
import { PlusIcon, Trash } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import {
  type ChartErrors,
  type ChartFormValues,
  errorProps,
  newKey,
} from './size-chart-form-values';

type GridProps = {
  values: ChartFormValues;
  errors: ChartErrors;
  update: (patch: Partial<ChartFormValues>) => void;
};

/** The chart's grid: measurements as columns, sizes as rows, and its problems listed under it. */
export function SizeChartGrid({ values, errors, update }: GridProps) {
  const { columns, rows } = values;
  const setColumn = (i: number, name: string) =>
    update({ columns: columns.map((c, j) => (j === i ? { ...c, name } : c)) });
  const addColumn = () =>
    update({
      columns: [...columns, { key: newKey(), name: '' }],
      rows: rows.map((r) => ({ ...r, values: [...r.values, ''] })),
    });
  const removeColumn = (i: number) =>
    update({
      columns: columns.filter((_, j) => j !== i),
      rows: rows.map((r) => ({ ...r, values: r.values.filter((_, j) => j !== i) })),
    });
  const setRow = (i: number, patch: Partial<ChartFormValues['rows'][number]>) =>
    update({ rows: rows.map((r, j) => (j === i ? { ...r, ...patch } : r)) });
  const setValue = (i: number, c: number, text: string) =>
    setRow(i, { values: rows[i]!.values.map((v, j) => (j === c ? text : v)) });
  const addRow = () =>
    update({ rows: [...rows, { key: newKey(), size: '', values: columns.map(() => '') }] });
  const removeRow = (i: number) => update({ rows: rows.filter((_, j) => j !== i) });

  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">Sizes and measurements (cm)</legend>
      <div className="overflow-x-auto rounded-md border">
        <table className="w-full border-collapse text-sm">
          <thead className="bg-muted">
            <tr>
              <th scope="col" className="p-2 text-left font-semibold">
                Size
              </th>
              {columns.map((column, c) => (
                <th key={column.key} scope="col" className="p-2 text-left font-normal">
                  <div className="flex items-center gap-1">
                    <Input
                      {...errorProps(`chart-column-${c}`, errors[`columns.${c}`])}
                      aria-label={`Measurement ${c + 1} name`}
                      className="h-9 min-w-24 font-semibold"
                      value={column.name}
                      maxLength={40}
                      placeholder="e.g. Chest"
                      onChange={(e) => setColumn(c, e.target.value)}
                    />
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      className="size-9 shrink-0"
                      disabled={columns.length === 1}
                      onClick={() => removeColumn(c)}
                      aria-label={`Remove measurement ${column.name || c + 1}`}
                    >
                      <Trash aria-hidden />
                    </Button>
                  </div>
                </th>
              ))}
              <th scope="col" className="p-2">
                <span className="sr-only">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, r) => (
              <tr key={row.key} className="border-t">
                <td className="p-2">
                  <Input
                    {...errorProps(`chart-size-${r}`, errors[`rows.${r}.size`])}
                    aria-label={`Size of row ${r + 1}`}
                    className="h-9 w-20 font-semibold"
                    value={row.size}
                    maxLength={20}
                    placeholder="M"
                    onChange={(e) => setRow(r, { size: e.target.value })}
                  />
                </td>
                {columns.map((column, c) => (
                  <td key={column.key} className="p-2">
                    <Input
                      {...errorProps(`chart-value-${r}-${c}`, errors[`rows.${r}.values.${c}`])}
                      aria-label={`${column.name || `Measurement ${c + 1}`} for ${row.size || `row ${r + 1}`}, cm`}
                      className="h-9 min-w-24 tabular-nums"
                      inputMode="decimal"
                      value={row.values[c] ?? ''}
                      placeholder="cm"
                      onChange={(e) => setValue(r, c, e.target.value)}
                    />
                  </td>
                ))}
                <td className="p-2">
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    className="size-9"
                    disabled={rows.length === 1}
                    onClick={() => removeRow(r)}
                    aria-label={`Remove size ${row.size || r + 1}`}
                  >
                    <Trash aria-hidden />
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ChartProblems errors={errors} />
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={addRow}
          disabled={rows.length >= maxChartRows}
        >
          <PlusIcon aria-hidden />
          Add size
        </Button>
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={addColumn}
          disabled={columns.length >= maxChartColumns}
        >
          <PlusIcon aria-hidden />
          Add measurement
        </Button>
      </div>
    </fieldset>
  );
}

/** The grid's errors as a list under it (each input in error is also marked invalid). */
function ChartProblems({ errors }: { errors: ChartErrors }) {
  const messages = Object.entries(errors)
    .filter(([path]) => path === 'columns' || path === 'rows' || /^(columns|rows)\./.test(path))
    .map(([path, message]) => {
      const row = /^rows\.(\d+)/.exec(path);
      return row ? `Row ${Number(row[1]) + 1}: ${message}` : message;
    });
  if (messages.length === 0) return null;
  return (
    <ul role="alert" className="grid gap-1 text-sm text-destructive">
      {messages.map((m) => (
        <li key={m}>{m}</li>
      ))}
    </ul>
  );
}
