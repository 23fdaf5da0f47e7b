import type { SizeChart } from '@contract/size-charts';
import { PlusIcon } from 'lucide-react';
import { useState } from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useDeleteSizeChart } from '@/features/admin-size-charts/api/delete-size-chart';
import { useSizeCharts } from '@/features/admin-size-charts/api/get-size-charts';
import { SizeChartDialog } from '@/features/admin-size-charts/components/size-chart-dialog';
import { toast } from '@/lib/toast';

/** `/admin/size-charts`: the charts products point at for their size guide (issue 28). */
export function Component() {
  const { data: charts = [], isPending, isError } = useSizeCharts();
  const [dialog, setDialog] = useState<{ editing: SizeChart | null } | null>(null);
  const [deleting, setDeleting] = useState<SizeChart | null>(null);
  const deleteMutation = useDeleteSizeChart();

  return (
    <>
      <title>Size charts · Admin</title>
      <div className="mb-5 flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">Size charts</h1>
          <p className="text-sm text-muted-foreground">
            A product’s size guide: choose its chart in the product form.
          </p>
        </div>
        <Button onClick={() => setDialog({ editing: null })}>
          <PlusIcon aria-hidden />
          Add size chart
        </Button>
      </div>
      {isPending ? (
        <Skeleton role="status" aria-label="Loading size charts" className="h-48 w-full" />
      ) : isError ? (
        <p className="text-muted-foreground">The size charts could not be loaded.</p>
      ) : charts.length === 0 ? (
        <p className="rounded-lg border border-dashed p-10 text-center text-muted-foreground">
          No size charts yet: product pages show no size guide.
        </p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {charts.map((chart) => (
            <li key={chart._id} className="grid gap-3 rounded-lg border bg-background p-4">
              <div>
                <h2 className="font-semibold">{chart.name}</h2>
                <p className="text-sm text-muted-foreground">
                  {`${chart.rows.map((r) => r.size).join(', ')} · ${chart.columns.join(', ')}`}
                </p>
              </div>
              <div className="flex gap-2">
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => setDialog({ editing: chart })}
                  aria-label={`Edit ${chart.name}`}
                >
                  Edit
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => setDeleting(chart)}
                  aria-label={`Delete ${chart.name}`}
                >
                  Delete
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <SizeChartDialog
        open={dialog !== null}
        editing={dialog?.editing ?? null}
        onClose={() => setDialog(null)}
      />
      <AlertDialog open={deleting !== null} onOpenChange={(open) => !open && setDeleting(null)}>
        <AlertDialogContent>
          <AlertDialogTitle>Delete this size chart?</AlertDialogTitle>
          <AlertDialogDescription>
            {`Products using “${deleting?.name ?? ''}” will show no size guide until they get another chart.`}
          </AlertDialogDescription>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction
              onClick={() => {
                if (!deleting) return;
                deleteMutation.mutate(deleting._id, {
                  onSuccess: ({ message }) => toast.success(message),
                  onError: (error) => toast.error(error.message),
                });
              }}
            >
              Delete
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
