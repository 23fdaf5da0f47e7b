import { formatMeasure, type Measure } from '@contract/garment-constants';
import type { SizeChart } from '@contract/size-charts';
import { cn } from '@/lib/utils';

/**
 * One measurement in cm with inches beside (below on a phone, where the units move to the
 * column's header so four columns fit 390 px; screen readers always hear them).
 */
function MeasureCell({ value }: { value: Measure }) {
  if (value === null) {
    return (
      <>
        <span aria-hidden>–</span>
        <span className="sr-only">not measured</span>
      </>
    );
  }
  return (
    <>
      <span className="whitespace-nowrap">
        {formatMeasure(value)}
        <span className="sr-only sm:not-sr-only"> cm</span>
      </span>
      <span className="block whitespace-nowrap text-xs text-muted-foreground sm:ml-2 sm:inline">
        {formatMeasure(value, true)}
        <span className="sr-only sm:not-sr-only"> in</span>
      </span>
    </>
  );
}

/**
 * A size chart as a table: a row per size (its header cell), a column per measurement; the
 * chosen size's row highlighted, and named "your choice" for screen readers.
 */
export function SizeChartTable({ chart, chosen }: { chart: SizeChart; chosen: string }) {
  const isChosen = (size: string) => chosen !== '' && size.toLowerCase() === chosen.toLowerCase();
  return (
    <section
      className="overflow-x-auto rounded-md border"
      // Focusable, so a keyboard alone can scroll a chart wider than a phone (axe:
      // scrollable-region-focusable).
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus
      tabIndex={0}
      aria-label={`${chart.name}, measurements`}
    >
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">
          {`${chart.name}: body measurements in centimetres, with inches`}
        </caption>
        <thead className="bg-muted text-left">
          <tr>
            <th scope="col" className="px-2 py-2 font-semibold sm:px-3">
              Size
            </th>
            {chart.columns.map((column) => (
              <th key={column} scope="col" className="px-2 py-2 font-semibold sm:px-3">
                {column}
                <span
                  aria-hidden
                  className="block text-xs font-normal text-muted-foreground sm:hidden"
                >
                  cm / in
                </span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {chart.rows.map((row) => {
            const chosenRow = isChosen(row.size);
            return (
              <tr
                key={row.size}
                data-chosen={chosenRow || undefined}
                className={cn(
                  'border-t',
                  chosenRow && 'bg-primary/10 outline-2 -outline-offset-2 outline-primary',
                )}
              >
                <th scope="row" className="px-2 py-2 text-left font-semibold sm:px-3">
                  {row.size}
                  {chosenRow && <span className="sr-only"> (your choice)</span>}
                </th>
                {row.values.map((value, i) => (
                  <td
                    key={chart.columns[i] ?? i}
                    className="px-2 py-2 align-top tabular-nums sm:px-3"
                  >
                    <MeasureCell value={value} />
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
