import {
  type Fibre,
  fibreLabels,
  fibres,
  maxCompositionParts,
  maxFibresPerPart,
} from '@contract/garment-constants';
import { PlusIcon, Trash } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { CareFieldset } from './garment-care';
import { type GarmentValues, garmentSelectClass, newKey, type PartRow } from './garment-values';

/** What a part adds up to so far (blank and odd entries count 0). */
const totalOf = (part: PartRow) =>
  part.fibres.reduce((sum, f) => sum + (Number.parseInt(f.percent, 10) || 0), 0);

/**
 * The product form's fabric fields: its size chart, what it is made of part by part (each
 * part's total shown as it is typed; the contract refuses one that is not 100) and its care
 * symbols.
 */
export function GarmentEditor({
  values,
  onChange,
  charts,
  errors,
}: {
  values: GarmentValues;
  onChange: (values: GarmentValues) => void;
  charts: { _id: string; name: string }[];
  errors: { sizeChartId?: string; composition?: string; care?: string };
}) {
  const id = useId();
  const { composition, care } = values;
  const setParts = (parts: PartRow[]) => onChange({ ...values, composition: parts });
  const setPart = (i: number, patch: Partial<PartRow>) =>
    setParts(composition.map((p, j) => (j === i ? { ...p, ...patch } : p)));
  const setFibre = (i: number, f: number, patch: Partial<PartRow['fibres'][number]>) =>
    setPart(i, {
      fibres: composition[i]!.fibres.map((x, k) => (k === f ? { ...x, ...patch } : x)),
    });
  const unused = (part: PartRow) =>
    fibres.find((f) => !part.fibres.some((x) => x.fibre === f)) ?? 'other';

  return (
    <>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-chart`}>Size chart</Label>
        <select
          id={`${id}-chart`}
          className={garmentSelectClass}
          value={values.sizeChartId}
          aria-invalid={Boolean(errors.sizeChartId)}
          onChange={(e) => onChange({ ...values, sizeChartId: e.target.value })}
        >
          <option value="">None</option>
          {charts.map((c) => (
            <option key={c._id} value={c._id}>
              {c.name}
            </option>
          ))}
        </select>
        {errors.sizeChartId ? (
          <p className="text-sm text-destructive">{errors.sizeChartId}</p>
        ) : null}
      </div>

      <fieldset className="grid gap-3 rounded-md border p-3">
        <legend className="px-1 text-sm font-medium">Composition</legend>
        {composition.length === 0 && <p className="text-sm text-muted-foreground">Not given.</p>}
        {composition.map((part, i) => {
          const total = totalOf(part);
          const totalId = `${id}-part-${i}-total`;
          return (
            <div key={part.key} className="grid gap-2 rounded-md bg-muted/50 p-2">
              <div className="flex items-end gap-2">
                <div className="grid flex-1 gap-1">
                  <Label htmlFor={`${id}-part-${i}`} className="text-xs">
                    {composition.length > 1 ? 'Part' : 'Part (optional with one part)'}
                  </Label>
                  <Input
                    id={`${id}-part-${i}`}
                    className="h-9"
                    value={part.part}
                    maxLength={40}
                    placeholder="e.g. Body, Lining"
                    onChange={(e) => setPart(i, { part: e.target.value })}
                  />
                </div>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="size-9"
                  onClick={() => setParts(composition.filter((_, j) => j !== i))}
                  aria-label={`Remove part ${part.part || i + 1}`}
                >
                  <Trash aria-hidden />
                </Button>
              </div>
              {part.fibres.map((f, k) => (
                <div key={f.key} className="flex items-center gap-2">
                  <select
                    aria-label={`Fibre ${k + 1} of ${part.part || `part ${i + 1}`}`}
                    className={`${garmentSelectClass} h-9 flex-1`}
                    value={f.fibre}
                    onChange={(e) => setFibre(i, k, { fibre: e.target.value as Fibre })}
                  >
                    {fibres.map((x) => (
                      <option key={x} value={x}>
                        {fibreLabels[x]}
                      </option>
                    ))}
                  </select>
                  <Input
                    aria-label={`Percent of ${fibreLabels[f.fibre]}`}
                    aria-describedby={totalId}
                    className="h-9 w-20 tabular-nums"
                    type="number"
                    inputMode="numeric"
                    min="1"
                    max="100"
                    step="1"
                    value={f.percent}
                    onChange={(e) => setFibre(i, k, { percent: e.target.value })}
                  />
                  <span aria-hidden className="text-sm">
                    %
                  </span>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    className="size-9"
                    disabled={part.fibres.length === 1}
                    onClick={() => setPart(i, { fibres: part.fibres.filter((_, j) => j !== k) })}
                    aria-label={`Remove ${fibreLabels[f.fibre]}`}
                  >
                    <Trash aria-hidden />
                  </Button>
                </div>
              ))}
              <div className="flex flex-wrap items-center justify-between gap-2">
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  disabled={part.fibres.length >= maxFibresPerPart}
                  onClick={() =>
                    setPart(i, {
                      fibres: [...part.fibres, { key: newKey(), fibre: unused(part), percent: '' }],
                    })
                  }
                >
                  <PlusIcon aria-hidden />
                  Add fibre
                </Button>
                <p
                  id={totalId}
                  className={
                    total === 100 ? 'text-sm text-muted-foreground' : 'text-sm text-destructive'
                  }
                >
                  {`Total ${total}%${total === 100 ? '' : ' (must be 100%)'}`}
                </p>
              </div>
            </div>
          );
        })}
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="justify-self-start"
          disabled={composition.length >= maxCompositionParts}
          onClick={() =>
            setParts([
              ...composition,
              {
                key: newKey(),
                part: '',
                fibres: [{ key: newKey(), fibre: 'cotton', percent: '100' }],
              },
            ])
          }
        >
          <PlusIcon aria-hidden />
          Add part
        </Button>
        {errors.composition ? (
          <p className="text-sm text-destructive">{errors.composition}</p>
        ) : null}
      </fieldset>

      <CareFieldset
        id={id}
        care={care}
        onChange={(next) => onChange({ ...values, care: next })}
        error={errors.care}
      />
    </>
  );
}
