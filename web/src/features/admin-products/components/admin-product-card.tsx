import type { AdminProductListItem } from '@contract/admin-product-list';
import { brandLabels, categoryLabels } from '@contract/catalog-constants';
import { formatMoney } from '@contract/money';
import { variantLabel } from '@contract/variant-constants';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter } from '@/components/ui/card';
import { cn } from '@/lib/utils';

type Props = {
  product: AdminProductListItem;
  onEdit: (p: AdminProductListItem) => void;
  onDelete: (p: AdminProductListItem) => void;
};

/** A product of many sizes shows this many variants' stock and how many more it has. */
const SHOWN_VARIANTS = 12;

/**
 * Image, title, SKU, stock (each variant's when it has any), price (struck through when on sale),
 * sale price, Edit and Delete.
 */
export function AdminProductCard({ product, onEdit, onDelete }: Props) {
  const onSale = product.salePrice > 0;
  return (
    <Card className="flex w-full flex-col overflow-hidden">
      <div className="relative">
        <img
          src={product.image}
          alt={product.title}
          loading="lazy"
          width={600}
          height={600}
          className="aspect-square w-full bg-muted object-cover"
        />
        {product.totalStock === 0 ? (
          <span className="absolute left-2 top-2 rounded-md bg-destructive px-2 py-0.5 text-xs font-semibold text-destructive-foreground">
            Out Of Stock
          </span>
        ) : null}
      </div>
      <CardContent className="flex flex-1 flex-col gap-2 p-3 sm:p-4">
        <h2 className="line-clamp-2 text-base font-bold leading-snug sm:text-lg">
          {product.title}
        </h2>
        <p className="text-xs text-muted-foreground sm:text-sm">
          {categoryLabels[product.category]} · {brandLabels[product.brand]} · {product.totalStock}{' '}
          in stock
        </p>
        {product.sku ? (
          <p className="break-all font-mono text-xs text-muted-foreground">SKU {product.sku}</p>
        ) : null}
        <VariantStock product={product} />
        <div className="mt-auto flex flex-wrap items-center justify-between gap-x-2">
          <span
            data-testid="price"
            className={cn(
              'text-base font-semibold sm:text-lg',
              onSale && 'text-muted-foreground line-through',
            )}
          >
            <span className="sr-only">{onSale ? 'Regular price ' : 'Price '}</span>
            {formatMoney(product.price)}
          </span>
          {onSale ? (
            <span
              data-testid="sale-price"
              className="text-base font-bold text-destructive sm:text-lg"
            >
              <span className="sr-only">Sale price </span>
              {formatMoney(product.salePrice)}
            </span>
          ) : null}
        </div>
      </CardContent>
      <CardFooter className="flex justify-between gap-2 p-3 pt-0 sm:p-4 sm:pt-0">
        <Button size="sm" onClick={() => onEdit(product)} aria-label={`Edit ${product.title}`}>
          Edit
        </Button>
        <Button
          size="sm"
          variant="outline"
          onClick={() => onDelete(product)}
          aria-label={`Delete ${product.title}`}
        >
          Delete
        </Button>
      </CardFooter>
    </Card>
  );
}

/** "S 3 · M 0 · L 12": each variant's stock, a sold-out one marked; its SKU on hover. */
function VariantStock({ product }: { product: AdminProductListItem }) {
  if (product.variants.length === 0) return null;
  const shown = product.variants.slice(0, SHOWN_VARIANTS);
  const more = product.variants.length - shown.length;
  return (
    <ul
      aria-label={`Stock by variant of ${product.title}`}
      className="flex flex-wrap gap-1 text-xs tabular-nums"
    >
      {shown.map((v) => (
        <li
          key={v._id}
          title={`SKU ${v.sku}`}
          className={cn(
            'rounded border px-1.5 py-0.5',
            v.totalStock === 0 && 'border-destructive/40 text-destructive',
          )}
        >
          {variantLabel(v)} <span className="font-semibold">{v.totalStock}</span>
          {v.totalStock === 0 ? <span className="sr-only"> (sold out)</span> : null}
        </li>
      ))}
      {more > 0 ? <li className="px-1.5 py-0.5 text-muted-foreground">+{more} more</li> : null}
    </ul>
  );
}
