import type { Brand, Category } from '@contract/catalog-constants';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useMySizes, useSaveMySize } from '../api/my-sizes';

const selectClass =
  'h-10 rounded-md border border-input bg-background px-3 text-base focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring md:text-sm';

/**
 * "Find my size": the shopper saves the size they wear in this brand and category ("I wear M
 * in Levi's Men"); the shop then picks it, moved by buyers' fit verdict, on that brand's other
 * products of the category.
 */
export function FindMySize({
  brand,
  category,
  brandLabel,
  categoryLabel,
  sizes,
  chosen,
}: {
  brand: Brand;
  category: Category;
  brandLabel: string;
  categoryLabel: string;
  /** The sizes to offer (the product's). */
  sizes: string[];
  chosen: string;
}) {
  const { data: saved } = useMySizes();
  const current = saved?.find((s) => s.brand === brand && s.category === category)?.size;
  const [size, setSize] = useState(current ?? (chosen || sizes[0] || ''));
  const mutation = useSaveMySize();
  const selectId = useId();
  const statusId = useId();
  const where = `${brandLabel} ${categoryLabel}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (size) mutation.mutate({ brand, category, size });
  };

  return (
    <form
      onSubmit={submit}
      className="grid gap-2 rounded-md border p-3"
      aria-describedby={statusId}
    >
      <h3 className="font-semibold">Find my size</h3>
      <p className="text-sm text-muted-foreground">
        {`Save the size you wear in ${where}: we pick it for you on their other products, one size up or down when buyers say one runs small or large.`}
      </p>
      <div className="flex flex-wrap items-end gap-2">
        <label htmlFor={selectId} className="grid gap-1 text-sm font-medium">
          {`I wear, in ${where}`}
          <select
            id={selectId}
            className={selectClass}
            value={size}
            onChange={(e) => setSize(e.target.value)}
          >
            {(current && !sizes.includes(current) ? [current, ...sizes] : sizes).map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <Button type="submit" disabled={!size || mutation.isPending}>
          Save my size
        </Button>
      </div>
      <p id={statusId} role="status" className="text-sm">
        {mutation.isError
          ? mutation.error.message
          : current
            ? `Saved: you wear ${current} in ${where}.`
            : ''}
      </p>
    </form>
  );
}
