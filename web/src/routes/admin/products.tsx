import type { Product } from '@contract/catalog';
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
import { ProductSheet } from '@/features/admin-products/components/product-sheet';
import { useSizeCharts } from '@/features/admin-size-charts/api/get-size-charts';
import { EntityHistory } from '@/features/audit/components/entity-history';

export function Component() {
  const [isSheetOpen, setIsSheetOpen] = useState(false);
  const [editing, setEditing] = useState<Product | null>(null);
  const [deleting, setDeleting] = useState<Product | null>(null);
  const [page, setPage] = useState(1);
  const { data, isPending } = useAdminProducts(page);
  const products = data?.data ?? [];
  const pages = Math.max(1, data?.pagination.pages ?? 1);
  // Deleting the last product of the last page steps back a page.
  useEffect(() => {
    if (page > pages) setPage(pages);
  }, [page, pages]);
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
      ) : products.length === 0 ? (
        <p className="rounded-lg border border-dashed p-10 text-center text-muted-foreground">
          No products yet. Press ‘Add New Product’ to create the first one.
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
        onPage={setPage}
        label="Pages"
        className="mt-6 justify-center gap-3"
      />
      <ProductSheet
        open={isSheetOpen}
        editing={editing}
        onClose={closeSheet}
        onAdded={() => setPage(1)}
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
