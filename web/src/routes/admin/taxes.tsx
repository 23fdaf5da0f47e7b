import type { TaxRate } from '@contract/pricing';
import { PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { useDeleteTaxRate } from '@/features/admin-taxes/api/delete-tax-rate';
import { useTaxRates } from '@/features/admin-taxes/api/get-tax-rates';
import { TaxRateDialog } from '@/features/admin-taxes/components/tax-rate-dialog';
import { TaxRatesTable } from '@/features/admin-taxes/components/tax-rates-table';
import { toast } from '@/lib/toast';

export function Component() {
  const { data: rates = [], isPending, isError } = useTaxRates();
  const [dialog, setDialog] = useState<{ editing: TaxRate | null } | null>(null);
  const [deleting, setDeleting] = useState<TaxRate | null>(null);
  const deleteMutation = useDeleteTaxRate();

  return (
    <>
      <title>Taxes · Admin</title>
      <div className="mb-5 flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">Taxes</h1>
          <p className="text-sm text-muted-foreground">
            Rates by the shipping address: a region’s rate, else its country’s, else none.
          </p>
        </div>
        <Button onClick={() => setDialog({ editing: null })}>
          <PlusIcon aria-hidden />
          Add tax rate
        </Button>
      </div>
      {isPending ? (
        <Skeleton role="status" aria-label="Loading tax rates" className="h-48 w-full" />
      ) : isError ? (
        <p className="text-muted-foreground">The tax rates could not be loaded.</p>
      ) : rates.length === 0 ? (
        <p className="rounded-lg border border-dashed p-10 text-center text-muted-foreground">
          No tax rates yet: orders are charged no tax.
        </p>
      ) : (
        <div className="sm:rounded-lg sm:border sm:bg-background sm:p-2">
          <TaxRatesTable
            rates={rates}
            onEdit={(rate) => setDialog({ editing: rate })}
            onDelete={setDeleting}
          />
        </div>
      )}
      <TaxRateDialog
        open={dialog !== null}
        editing={dialog?.editing ?? null}
        onClose={() => setDialog(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this tax rate?"
        description={`“${deleting?.name}” (${deleting?.country}${deleting?.region ? `-${deleting.region}` : ''}) will no longer be charged. Past orders keep their tax.`}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          deleteMutation.mutate(deleting._id, {
            onSuccess: ({ message }) => toast.success(message),
            onError: (error) => toast.error(error.message),
          });
        }}
      />
    </>
  );
}
