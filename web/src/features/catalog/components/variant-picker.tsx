import type { Product, Variant } from '@contract/catalog';
import { swatchOf } from '@contract/variant-constants';
import { type ReactNode, useId } from 'react';
import { cn } from '@/lib/utils';

/**
 * Colour and size choices as native radio groups: arrow keys move within a group, screen
 * readers announce "Size, M, 3 of 6". A sold-out size is struck through and announced as sold
 * out but can be chosen: Add to Cart then waits, and the page offers "Email me when it's back"
 * for that size.
 */
export function VariantPicker({
  product,
  color,
  size,
  onColor,
  onSize,
  hintId,
  sizeAside,
}: {
  product: Product;
  color: string;
  size: string;
  onColor: (color: string) => void;
  onSize: (size: string) => void;
  hintId?: string;
  /** Beside the Size legend: the size guide link (issue 28). */
  sizeAside?: ReactNode;
}) {
  const name = useId();
  const inColor = (v: Variant) => !product.colors.length || v.color === color;
  const stockOf = (s: string) =>
    product.variants
      .filter((v) => v.size === s && inColor(v))
      .reduce((n, v) => n + v.totalStock, 0);
  return (
    <div className="space-y-3">
      {product.colors.length > 0 && (
        <fieldset>
          <legend className="mb-2 text-sm font-bold">
            Colour{color && <span className="font-normal text-muted-foreground">: {color}</span>}
          </legend>
          <div className="flex flex-wrap gap-2">
            {product.colors.map((c) => (
              <label key={c} className="relative cursor-pointer" title={c}>
                <input
                  type="radio"
                  name={`${name}-color`}
                  value={c}
                  checked={color === c}
                  onChange={() => onColor(c)}
                  className="peer absolute inset-0 size-full cursor-pointer opacity-0 disabled:cursor-not-allowed"
                />
                <span className="flex items-center gap-2 rounded-full border px-3 py-1.5 text-sm peer-checked:border-primary peer-checked:ring-2 peer-checked:ring-primary peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring">
                  <span
                    aria-hidden
                    className="size-4 rounded-full border border-black/20"
                    style={{ background: swatchOf(c) }}
                  />
                  {c}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      )}
      {product.sizes.length > 0 && (
        <fieldset aria-describedby={hintId}>
          {/* The legend stays the fieldset's first child (its name); the link floats beside it. */}
          <legend className="float-left mb-2 text-sm font-bold">Size</legend>
          {sizeAside ? <div className="float-right">{sizeAside}</div> : null}
          <div className="clear-both flex flex-wrap gap-2">
            {product.sizes.map((s) => {
              const soldOut = stockOf(s) === 0;
              return (
                <label key={s} className="relative cursor-pointer">
                  <input
                    type="radio"
                    name={`${name}-size`}
                    value={s}
                    checked={size === s}
                    onChange={() => onSize(s)}
                    className="peer absolute inset-0 z-10 size-full cursor-pointer opacity-0"
                    aria-label={soldOut ? `${s} (sold out)` : s}
                  />
                  <span
                    className={cn(
                      'flex min-w-11 justify-center rounded-md border px-3 py-2 text-sm font-semibold peer-checked:bg-primary peer-checked:text-primary-foreground peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring',
                      soldOut && 'text-muted-foreground line-through opacity-60',
                    )}
                  >
                    {s}
                  </span>
                </label>
              );
            })}
          </div>
        </fieldset>
      )}
    </div>
  );
}

/** The variant of a choice, once every dimension the product has is chosen. */
export function chosenVariant(product: Product, color: string, size: string) {
  return product.variants.find(
    (v) =>
      (product.colors.length === 0 || v.color === color) &&
      (product.sizes.length === 0 || v.size === size),
  );
}
