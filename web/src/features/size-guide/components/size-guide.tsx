import type { SizeChart } from '@contract/size-charts';
import { Ruler } from 'lucide-react';
import type { ReactNode } from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { SizeChartTable } from './size-chart-table';

/**
 * The "Size guide" link beside the size picker and the dialog it opens (a Radix dialog: focus
 * moves in and is kept there, Escape closes it and focus returns to the link): the chart in cm
 * with inches beside, the chosen size highlighted, how to measure, and `children` below
 * ("find my size"). Without a chart the link reads "Find my size" and opens `children` alone.
 */
export function SizeGuide({
  chart,
  chosen,
  children,
}: {
  chart: SizeChart | null;
  chosen: string;
  children?: ReactNode;
}) {
  if (!chart && !children) return null;
  const title = chart ? 'Size guide' : 'Find my size';
  return (
    <Dialog>
      <DialogTrigger className="inline-flex min-h-6 items-center gap-1 rounded-sm text-sm font-medium underline underline-offset-4 hover:text-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring">
        <Ruler aria-hidden className="size-4" />
        {title}
      </DialogTrigger>
      {/* The box itself does not scroll: its heading and close button stay in view on a phone
          while the chart and the rest scroll beneath them. */}
      <DialogContent className="flex max-h-[92dvh] max-w-[min(52rem,calc(100%-1rem))] flex-col gap-4 overflow-hidden p-4 sm:p-6">
        <div className="grid gap-1 pr-6">
          <DialogTitle>{chart ? `Size guide: ${chart.name}` : title}</DialogTitle>
          <DialogDescription>
            {chart
              ? `Body measurements in centimetres, inches beside.${chosen ? ` Your choice, ${chosen}, is highlighted.` : ''}`
              : 'Save the size you wear, and we pick it for you.'}
          </DialogDescription>
        </div>
        <div
          data-testid="size-guide-body"
          className="-mx-1 grid min-h-0 gap-5 overflow-y-auto px-1"
        >
          {chart && <SizeChartTable chart={chart} chosen={chosen} />}
          {chart?.howToMeasure ? (
            <section className="grid gap-1">
              <h3 className="font-semibold">How to measure</h3>
              <p className="whitespace-pre-line text-sm text-muted-foreground">
                {chart.howToMeasure}
              </p>
            </section>
          ) : null}
          {children}
        </div>
      </DialogContent>
    </Dialog>
  );
}
