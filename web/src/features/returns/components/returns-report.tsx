import { type ReturnReportRow, returnReasonLabels, returnReasons } from '@contract/returns';
import { Skeleton } from '@/components/ui/skeleton';
import { useReturnsReport } from '../api/get-returns-report';

const percent = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });

/** "Too small 3 · Too large 1": the reasons given, most given first. */
function topReasons(row: ReturnReportRow) {
  return returnReasons
    .map((r) => [r, row.reasons[r] ?? 0] as const)
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([r, n]) => `${returnReasonLabels[r]} ${n}`)
    .join(' · ');
}

function Rate({ row }: { row: ReturnReportRow }) {
  return (
    <span className="whitespace-nowrap tabular-nums">
      <strong>{percent.format(row.rate)}</strong>{' '}
      <span className="text-muted-foreground">
        ({row.returnedUnits} of {row.soldUnits})
      </span>
    </span>
  );
}

/**
 * Why things come back: per product its return rate and top reasons, then the same per size
 * (a size returned "too small" again and again says the chart runs small).
 */
export function ReturnsReport() {
  const { data: rows, isPending, isError } = useReturnsReport();
  if (isPending) return <Skeleton className="h-24 w-full" aria-label="Loading returns" />;
  if (isError)
    return <p className="text-sm text-muted-foreground">The returns could not be loaded.</p>;
  const products = rows.filter((r) => r.size === '');
  if (products.length === 0) {
    return <p className="text-sm text-muted-foreground">Nothing was returned yet.</p>;
  }
  return (
    <ul className="grid gap-4 text-sm" aria-label="Returns by product">
      {products.map((product) => {
        const sizes = rows.filter((r) => r.productId === product.productId && r.size !== '');
        return (
          <li key={product.productId} className="grid gap-1.5">
            <div className="flex flex-wrap items-baseline justify-between gap-x-4">
              <span className="min-w-0 font-medium">{product.title}</span>
              <Rate row={product} />
            </div>
            {topReasons(product) && <p className="text-muted-foreground">{topReasons(product)}</p>}
            {sizes.length > 0 && (
              <ul
                className="grid gap-1 border-l-2 pl-3"
                aria-label={`Returns of ${product.title} by size`}
              >
                {sizes.map((size) => (
                  <li key={size.size} className="flex flex-wrap justify-between gap-x-4">
                    <span>
                      Size {size.size}
                      {topReasons(size) && (
                        <span className="text-muted-foreground"> · {topReasons(size)}</span>
                      )}
                    </span>
                    <Rate row={size} />
                  </li>
                ))}
              </ul>
            )}
          </li>
        );
      })}
    </ul>
  );
}
