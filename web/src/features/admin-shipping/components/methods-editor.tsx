import { PlusIcon, Trash } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormField, fieldProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import type { FieldErrors } from '@/lib/field-errors';
import { emptyMethod, type MethodRow, nextKey, type TierRow } from './zone-form-values';

const moneyInput = { type: 'number', inputMode: 'decimal', min: '0', step: '0.01' } as const;
const daysInput = { type: 'number', inputMode: 'numeric', min: '0', step: '1' } as const;

/** The zone's delivery methods: each a fieldset ("Method 1") with its price rules and days. */
export function MethodsEditor({
  methods,
  onChange,
  errors,
}: {
  methods: MethodRow[];
  onChange: (methods: MethodRow[]) => void;
  errors: FieldErrors;
}) {
  const set = (i: number, patch: Partial<MethodRow>) =>
    onChange(methods.map((m, j) => (j === i ? { ...m, ...patch } : m)));
  // A method added from the keyboard takes the focus, so typing goes on into its name.
  const [addedKey, setAddedKey] = useState<number | null>(null);
  const add = () => {
    const method = emptyMethod();
    setAddedKey(method.key);
    onChange([...methods, method]);
  };
  return (
    <div className="flex flex-col gap-4">
      {methods.map((method, i) => (
        <MethodFields
          key={method.key}
          index={i}
          method={method}
          errors={errors}
          isAdded={method.key === addedKey}
          onChange={(patch) => set(i, patch)}
          onRemove={
            methods.length > 1 ? () => onChange(methods.filter((_, j) => j !== i)) : undefined
          }
        />
      ))}
      {errors.methods ? <p className="text-sm text-destructive">{errors.methods}</p> : null}
      <Button type="button" variant="outline" disabled={methods.length >= 10} onClick={add}>
        <PlusIcon aria-hidden />
        Add method
      </Button>
    </div>
  );
}

function MethodFields({
  index,
  method,
  errors,
  isAdded,
  onChange,
  onRemove,
}: {
  index: number;
  method: MethodRow;
  errors: FieldErrors;
  isAdded: boolean;
  onChange: (patch: Partial<MethodRow>) => void;
  onRemove: (() => void) | undefined;
}) {
  const id = useId();
  const nameRef = useRef<HTMLInputElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the method first shows
  useEffect(() => {
    if (isAdded) nameRef.current?.focus();
  }, []);
  const at = (field: string) => `methods.${index}.${field}`;
  const field = (name: 'name' | 'price' | 'freeOver' | 'minDays' | 'maxDays') => ({
    ...fieldProps(`${id}-${name}`, errors[at(name)]),
    value: method[name],
    onChange: (e: { target: { value: string } }) => onChange({ [name]: e.target.value }),
  });
  const legend = `Method ${index + 1}`;
  return (
    <fieldset className="grid gap-3 rounded-md border p-3">
      <legend className="px-1 text-sm font-semibold">{legend}</legend>
      <FormField id={`${id}-name`} label="Name" error={errors[at('name')]}>
        <Input ref={nameRef} {...field('name')} maxLength={80} placeholder="e.g. Standard" />
      </FormField>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <FormField id={`${id}-price`} label="Price" error={errors[at('price')]}>
          <Input {...field('price')} {...moneyInput} />
        </FormField>
        <FormField id={`${id}-freeOver`} label="Free above" error={errors[at('freeOver')]}>
          <Input {...field('freeOver')} {...moneyInput} placeholder="Never" />
        </FormField>
        <FormField id={`${id}-minDays`} label="Min days" error={errors[at('minDays')]}>
          <Input {...field('minDays')} {...daysInput} />
        </FormField>
        <FormField id={`${id}-maxDays`} label="Max days" error={errors[at('maxDays')]}>
          <Input {...field('maxDays')} {...daysInput} />
        </FormField>
      </div>
      <TiersEditor
        legend={legend}
        tiers={method.tiers}
        onChange={(tiers) => onChange({ tiers })}
        errorAt={(j, name) => errors[at(`tiers.${j}.${name}`)]}
        listError={errors[at('tiers')]}
      />
      {onRemove ? (
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="justify-self-end text-destructive"
          onClick={onRemove}
        >
          <Trash aria-hidden />
          Remove {legend.toLowerCase()}
        </Button>
      ) : null}
    </fieldset>
  );
}

/** Prices by subtotal: once the subtotal reaches a tier's amount, its price replaces the price. */
function TiersEditor({
  legend,
  tiers,
  onChange,
  errorAt,
  listError,
}: {
  legend: string;
  tiers: TierRow[];
  onChange: (tiers: TierRow[]) => void;
  errorAt: (index: number, name: 'minSubtotal' | 'price') => string | undefined;
  listError: string | undefined;
}) {
  const id = useId();
  const set = (j: number, patch: Partial<TierRow>) =>
    onChange(tiers.map((t, k) => (k === j ? { ...t, ...patch } : t)));
  return (
    <div className="grid gap-2">
      {tiers.map((tier, j) => {
        const tierName = `tier ${j + 1} of ${legend}`;
        return (
          <div key={tier.key} className="grid grid-cols-[1fr_1fr_auto] items-start gap-2">
            <FormField
              id={`${id}-${j}-min`}
              // Each row's inputs are named by their tier; the eye reads the row, so the
              // visible labels stay short and the rows line up on a phone.
              label={
                <>
                  From subtotal<span className="sr-only"> (tier {j + 1})</span>
                </>
              }
              error={errorAt(j, 'minSubtotal')}
            >
              <Input
                {...fieldProps(`${id}-${j}-min`, errorAt(j, 'minSubtotal'))}
                {...moneyInput}
                value={tier.minSubtotal}
                onChange={(e) => set(j, { minSubtotal: e.target.value })}
              />
            </FormField>
            <FormField
              id={`${id}-${j}-price`}
              label={
                <>
                  Tier price<span className="sr-only"> (tier {j + 1})</span>
                </>
              }
              error={errorAt(j, 'price')}
            >
              <Input
                {...fieldProps(`${id}-${j}-price`, errorAt(j, 'price'))}
                {...moneyInput}
                value={tier.price}
                onChange={(e) => set(j, { price: e.target.value })}
              />
            </FormField>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              className="mt-5"
              aria-label={`Remove ${tierName}`}
              onClick={() => onChange(tiers.filter((_, k) => k !== j))}
            >
              <Trash aria-hidden />
            </Button>
          </div>
        );
      })}
      {listError ? <p className="text-sm text-destructive">{listError}</p> : null}
      <Button
        type="button"
        variant="link"
        size="sm"
        className="h-auto justify-start px-0"
        disabled={tiers.length >= 10}
        onClick={() => onChange([...tiers, { key: nextKey(), minSubtotal: '', price: '' }])}
      >
        Add a price tier to {legend}
      </Button>
      {tiers.length > 0 ? (
        <p className="text-xs text-muted-foreground">
          From a tier’s subtotal on, its price replaces the method’s price.
        </p>
      ) : null}
    </div>
  );
}
