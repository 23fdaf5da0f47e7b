import type { Discount } from '@contract/pricing';
import { PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { useDeleteDiscount } from '@/features/admin-discounts/api/delete-discount';
import { useDiscounts } from '@/features/admin-discounts/api/get-discounts';
import { DiscountSheet } from '@/features/admin-discounts/components/discount-sheet';
import { DiscountsTable } from '@/features/admin-discounts/components/discounts-table';
import { toast } from '@/lib/toast';

export function Component() {
  const { data: discounts = [], isPending, isError } = useDiscounts();
  const [sheet, setSheet] = useState<{ editing: Discount | null } | null>(null);
  const [deleting, setDeleting] = useState<Discount | null>(null);
  const deleteMutation = useDeleteDiscount();

  return (
    <>
      <title>Discounts · Admin</title>
      <div className="mb-5 flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">Discounts</h1>
          <p className="text-sm text-muted-foreground">
            Uses, revenue and discount given count paid orders only.
          </p>
        </div>
        <Button onClick={() => setSheet({ editing: null })}>
          <PlusIcon aria-hidden />
          Add discount code
        </Button>
      </div>
      {isPending ? (
        <Skeleton role="status" aria-label="Loading discount codes" className="h-48 w-full" />
      ) : isError ? (
        <p className="text-muted-foreground">The discount codes could not be loaded.</p>
      ) : discounts.length === 0 ? (
        <p className="rounded-lg border border-dashed p-10 text-center text-muted-foreground">
          No discount codes yet.
        </p>
      ) : (
        <div className="lg:rounded-lg lg:border lg:bg-background lg:p-2">
          <DiscountsTable
            discounts={discounts}
            onEdit={(discount) => setSheet({ editing: discount })}
            onDelete={setDeleting}
          />
        </div>
      )}
      <DiscountSheet
        open={sheet !== null}
        editing={sheet?.editing ?? null}
        onClose={() => setSheet(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this discount code?"
        description={`Shoppers can no longer use “${deleting?.code}”, and it leaves this list. Orders that used it keep their discount (the dashboard still counts it).`}
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
