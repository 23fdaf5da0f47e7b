import type { AdminProductListItem } from '@contract/admin-product-list';
import { PlusIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
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
import { Pager } from '@/components/ui/pager';
import { Skeleton } from '@/components/ui/skeleton';
import { useDeleteProduct } from '@/features/admin-products/api/delete-product';
import { useAdminProducts } from '@/features/admin-products/api/get-admin-products';
import { AdminProductCard } from '@/features/admin-products/components/admin-product-card';
import { ProductFiltersForm } from '@/features/admin-products/components/product-filters';
import { ProductSheet } from '@/features/admin-products/components/product-sheet';
import { useProductFilters } from '@/features/admin-products/hooks/use-product-filters';
import { useSizeCharts } from '@/features/admin-size-charts/api/get-size-charts';
import { EntityHistory } from '@/features/audit/components/entity-history';

export function Component() {
  const [isSheetOpen, setIsSheetOpen] = useState(false);
  const [editing, setEditing] = useState<AdminProductListItem | null>(null);
  const [deleting, setDeleting] = useState<AdminProductListItem | null>(null);
  const { filters, apply, isFiltered } = useProductFilters();
  const { page, ...chosen } = filters;
  const { data, isPending, isError, isPlaceholderData } = useAdminProducts(filters);
  const products = data?.data ?? [];
  const pages = Math.max(1, data?.pagination.pages ?? 1);
  const total = data?.pagination.total ?? 0;
  // Deleting the last product of the last page (or an address past the end) steps back.
  useEffect(() => {
    if (data && !isPlaceholderData && page > pages) apply({ page: pages }, { replace: true });
  }, [data, isPlaceholderData, page, pages, apply]);
  const deleteMutation = useDeleteProduct();
  const { data: charts = [] } = useSizeCharts();

  const closeSheet = () => {
    setIsSheetOpen(false);
    setEditing(null);
  };

  return (
    <>
      <title>Products · Admin</title>
      <div className="mb-5 flex w-full items-center justify-between gap-4">
        <h1 className="text-2xl font-bold">Products</h1>
        <Button onClick={() => setIsSheetOpen(true)}>
          <PlusIcon aria-hidden />
          Add New Product
        </Button>
      </div>
      <div className="mb-5 grid gap-3">
        {/* Keyed by the address: Back or a link shows its own filters in the form. */}
        <ProductFiltersForm key={JSON.stringify(chosen)} filters={filters} onApply={apply} />
        {total > 0 && !isError ? (
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {total} product{total === 1 ? '' : 's'}
          </p>
        ) : null}
      </div>
      {isPending ? (
        <div
          role="status"
          aria-label="Loading products"
          className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4"
        >
          {Array.from({ length: 8 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <Skeleton key={i} className="aspect-[3/4] w-full" />
          ))}
        </div>
      ) : isError ? (
        <p className="text-sm text-muted-foreground">The products could not be loaded.</p>
      ) : products.length === 0 ? (
        <p className="rounded-lg border border-dashed p-10 text-center text-muted-foreground">
          {isFiltered
            ? 'No product matches these filters.'
            : 'No products yet. Press ‘Add New Product’ to create the first one.'}
        </p>
      ) : (
        <ul
          className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4"
          aria-label="Products"
        >
          {products.map((product) => (
            <li key={product._id} className="flex">
              <AdminProductCard
                product={product}
                onEdit={(p) => {
                  setEditing(p);
                  setIsSheetOpen(true);
                }}
                onDelete={setDeleting}
              />
            </li>
          ))}
        </ul>
      )}
      <Pager
        page={page}
        pages={pages}
        onPage={(to) => apply({ page: to })}
        label="Pages"
        className="mt-6 justify-center gap-3"
      />
      <ProductSheet
        open={isSheetOpen}
        editing={editing}
        onClose={closeSheet}
        // The new product is the newest: the unfiltered first page shows it.
        onAdded={() =>
          apply({ search: undefined, category: undefined, brand: undefined, stock: undefined })
        }
        charts={charts}
        history={editing && <EntityHistory entity="product" id={editing._id} />}
      />
      <AlertDialog open={deleting !== null} onOpenChange={(open) => !open && setDeleting(null)}>
        <AlertDialogContent>
          <AlertDialogTitle>Delete this product?</AlertDialogTitle>
          <AlertDialogDescription>
            “{deleting?.title}” will be removed from the shop and from shoppers’ carts. Past orders
            keep their copy.
          </AlertDialogDescription>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction
              onClick={() => {
                if (deleting) deleteMutation.mutate(deleting._id);
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
