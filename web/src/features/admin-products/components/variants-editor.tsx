import { type SizeRun, sizeRuns } from '@contract/variant-constants';
import { Trash } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/lib/toast';
import { uploadImage } from '../api/upload-image';

/** One row of the grid: stock and SKU as typed. */
export type VariantRow = { _id?: string; size: string; color: string; sku: string; stock: string };

const pairKey = (v: { size: string; color: string }) =>
  `${v.size.toLowerCase()}|${v.color.toLowerCase()}`;

/**
 * Sizes and colours of a product: generate a size run for chosen colours, then set each
 * variant's stock and SKU in a grid; one picture per colour.
 */
export function VariantsEditor({
  rows,
  onRows,
  colorImages,
  onColorImages,
}: {
  rows: VariantRow[];
  onRows: (rows: VariantRow[]) => void;
  colorImages: Record<string, string>;
  onColorImages: (images: Record<string, string>) => void;
}) {
  const id = useId();
  const [run, setRun] = useState<SizeRun>('letter');
  const [colours, setColours] = useState('');
  const [stock, setStock] = useState('10');

  const generate = () => {
    const names = colours
      .split(',')
      .map((c) => c.trim())
      .filter(Boolean);
    const pairs = (names.length ? names : ['']).flatMap((color) =>
      sizeRuns[run].sizes.map((size) => ({ size, color })),
    );
    const have = new Set(rows.map(pairKey));
    const added = pairs
      .filter((p) => (p.size || p.color) && !have.has(pairKey(p)))
      .map((p) => ({ ...p, sku: '', stock }));
    if (added.length === 0) {
      toast.error('Name at least one colour, or choose a run with sizes');
      return;
    }
    onRows([...rows, ...added]);
  };

  const set = (index: number, patch: Partial<VariantRow>) =>
    onRows(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  const distinctColours = [...new Set(rows.map((r) => r.color).filter(Boolean))];

  return (
    <fieldset className="grid gap-3 rounded-md border p-3">
      <legend className="px-1 text-sm font-semibold">Sizes and colours</legend>
      <div className="grid grid-cols-2 gap-2">
        <div className="grid gap-1">
          <Label htmlFor={`${id}-run`}>Size run</Label>
          <select
            id={`${id}-run`}
            className="h-9 rounded-md border bg-background px-2 text-sm"
            value={run}
            onChange={(e) => setRun(e.target.value as SizeRun)}
          >
            {Object.entries(sizeRuns).map(([key, r]) => (
              <option key={key} value={key}>
                {r.label}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-stock`}>Stock each</Label>
          <Input
            id={`${id}-stock`}
            type="number"
            min="0"
            value={stock}
            onChange={(e) => setStock(e.target.value)}
          />
        </div>
        <div className="col-span-2 grid gap-1">
          <Label htmlFor={`${id}-colours`}>Colours (comma-separated)</Label>
          <Input
            id={`${id}-colours`}
            placeholder="Black, White"
            value={colours}
            onChange={(e) => setColours(e.target.value)}
          />
        </div>
      </div>
      <Button type="button" variant="outline" onClick={generate}>
        Generate size run
      </Button>
      {rows.length > 0 && (
        <table className="w-full text-sm">
          <caption className="sr-only">Variants</caption>
          <thead>
            <tr className="text-left text-xs text-muted-foreground">
              <th className="font-medium">Size</th>
              <th className="font-medium">Colour</th>
              <th className="font-medium">SKU</th>
              <th className="font-medium">Stock</th>
              <th>
                <span className="sr-only">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => {
              const name = [row.size, row.color].filter(Boolean).join(' ');
              return (
                <tr key={row._id ?? pairKey(row)}>
                  <td className="pr-1 font-semibold">{row.size || '—'}</td>
                  <td className="pr-1">{row.color || '—'}</td>
                  <td className="pr-1">
                    <Input
                      aria-label={`SKU of ${name}`}
                      placeholder="Auto"
                      className="h-8"
                      value={row.sku}
                      onChange={(e) => set(i, { sku: e.target.value })}
                    />
                  </td>
                  <td className="w-20 pr-1">
                    <Input
                      aria-label={`Stock of ${name}`}
                      type="number"
                      min="0"
                      className="h-8"
                      value={row.stock}
                      onChange={(e) => set(i, { stock: e.target.value })}
                    />
                  </td>
                  <td>
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      className="size-8"
                      aria-label={`Remove ${name}`}
                      onClick={() => onRows(rows.filter((_, j) => j !== i))}
                    >
                      <Trash className="size-4" aria-hidden />
                    </Button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {distinctColours.map((color) => (
        <ColourImage
          key={color}
          color={color}
          url={colorImages[color]}
          onUrl={(url) => onColorImages({ ...colorImages, [color]: url })}
        />
      ))}
    </fieldset>
  );
}

function ColourImage({
  color,
  url,
  onUrl,
}: {
  color: string;
  url: string | undefined;
  onUrl: (url: string) => void;
}) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  return (
    <div className="flex items-center gap-3">
      {url ? (
        <img
          src={url}
          alt=""
          width={40}
          height={50}
          className="h-[50px] w-10 rounded object-cover"
        />
      ) : (
        <span className="h-[50px] w-10 rounded bg-muted" aria-hidden />
      )}
      <Label htmlFor={id} className="flex-1">
        Picture of {color}
      </Label>
      <input
        id={id}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/avif"
        disabled={busy}
        className="w-40 text-xs"
        onChange={async (e) => {
          const file = e.target.files?.[0];
          if (!file) return;
          setBusy(true);
          try {
            onUrl(await uploadImage(file));
          } catch (error) {
            toast.error(error instanceof Error ? error.message : 'Upload failed');
          } finally {
            setBusy(false);
          }
        }}
      />
    </div>
  );
}

/** Rows of a product's variants, for editing. */
export const rowsOf = (
  variants: { _id: string; size: string; color: string; sku: string; totalStock: number }[],
) =>
  variants.map((v) => ({
    _id: v._id,
    size: v.size,
    color: v.color,
    sku: v.sku,
    stock: String(v.totalStock),
  }));

/** The body's `variants` and `colorImages` from the editor's state. */
export function optionsBody(rows: VariantRow[], images: Record<string, string>) {
  const colours = new Set(rows.map((r) => r.color));
  return {
    variants: rows.map((r) => ({
      ...(r._id ? { _id: r._id } : {}),
      size: r.size,
      color: r.color,
      ...(r.sku.trim() ? { sku: r.sku.trim() } : {}),
      totalStock: r.stock.trim() === '' ? Number.NaN : Number(r.stock),
    })),
    colorImages: Object.entries(images)
      .filter(([color, image]) => colours.has(color) && image)
      .map(([color, image]) => ({ color, image })),
  };
}
