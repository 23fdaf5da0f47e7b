import { brandLabels, brands, categories, categoryLabels } from '@contract/catalog-constants';
import { discountCodeLength, discountCodeRule } from '@contract/limits';
import { type Discount, type DiscountType, discountTypes } from '@contract/pricing';
import { Button } from '@/components/ui/button';
import { FormField, fieldProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
} from '@/components/ui/sheet';
import { formError } from '@/lib/field-errors';
import { useSettingsForm } from '@/lib/use-settings-form';
import { useAddDiscount } from '../api/add-discount';
import { useEditDiscount } from '../api/edit-discount';
import {
  type DiscountFormValues,
  discountLabels,
  emptyDiscount,
  placeDiscountError,
  toDiscountBody,
  typeLabels,
  valuesFromDiscount,
} from './discount-form-values';

type Props = { open: boolean; editing: Discount | null; onClose: () => void };

/** 'Add discount code' or 'Edit discount code'. */
export function DiscountSheet({ open, editing, onClose }: Props) {
  return (
    <Sheet open={open} onOpenChange={(isOpen) => !isOpen && onClose()}>
      <SheetContent side="right" className="w-full sm:max-w-lg">
        <SheetHeader>
          <SheetTitle>{editing ? 'Edit discount code' : 'Add discount code'}</SheetTitle>
          <SheetDescription>
            Shoppers type the code at checkout, in any case; one code an order.
          </SheetDescription>
        </SheetHeader>
        {open ? <DiscountForm editing={editing} onDone={onClose} /> : null}
      </SheetContent>
    </Sheet>
  );
}

type TextKey = Exclude<keyof DiscountFormValues, 'type' | 'categories' | 'brands'>;

function DiscountForm({ editing, onDone }: { editing: Discount | null; onDone: () => void }) {
  const { values, set, errors, formRef, submit, saving } = useSettingsForm({
    initial: editing ? valuesFromDiscount(editing) : emptyDiscount,
    toBody: toDiscountBody,
    labels: discountLabels,
    place: placeDiscountError,
    editingId: editing?._id ?? null,
    add: useAddDiscount(),
    edit: useEditDiscount(),
    onDone,
  });
  const input = (key: TextKey) => ({
    ...fieldProps(`discount-${key}`, errors[key]),
    value: values[key],
    onChange: (e: { target: { value: string } }) => set(key, e.target.value),
  });
  const field = (key: TextKey, label: string = discountLabels[key]) => ({
    id: `discount-${key}`,
    label,
    error: errors[key],
  });

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="flex flex-col gap-4 pb-6">
      <FormField {...field('code')} hint={discountCodeRule}>
        <Input
          {...input('code')}
          maxLength={discountCodeLength.max}
          autoComplete="off"
          placeholder="e.g. SUMMER10"
        />
      </FormField>
      <div className="grid grid-cols-2 gap-4">
        <FormField id="discount-type" label="Type" error={errors.type}>
          <Select value={values.type} onValueChange={(v) => set('type', v as DiscountType)}>
            <SelectTrigger {...fieldProps('discount-type', errors.type)}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {discountTypes.map((t) => (
                <SelectItem key={t} value={t}>
                  {typeLabels[t]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </FormField>
        {values.type === 'freeShipping' ? null : (
          <FormField {...field('value', values.type === 'percent' ? 'Value (%)' : 'Value ($)')}>
            <Input {...input('value')} type="number" inputMode="decimal" min="0" step="0.01" />
          </FormField>
        )}
      </div>
      <FormField {...field('minSubtotal', 'Minimum subtotal ($)')} hint="Empty: any cart">
        <Input {...input('minSubtotal')} type="number" inputMode="decimal" min="0" step="0.01" />
      </FormField>
      <div className="grid grid-cols-2 gap-4">
        <FormField {...field('usageLimit')} hint="Empty: no limit">
          <Input {...input('usageLimit')} type="number" inputMode="numeric" min="1" step="1" />
        </FormField>
        <FormField {...field('perCustomerLimit')} hint="Empty: no limit">
          <Input
            {...input('perCustomerLimit')}
            type="number"
            inputMode="numeric"
            min="1"
            step="1"
          />
        </FormField>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField {...field('startsAt')} hint="Empty: from now">
          <Input {...input('startsAt')} type="datetime-local" />
        </FormField>
        <FormField {...field('endsAt')} hint="Empty: never ends">
          <Input {...input('endsAt')} type="datetime-local" />
        </FormField>
      </div>
      <CheckboxGroup
        legend="Categories"
        hint="None ticked: every category"
        options={categories.map((c) => ({ value: c, label: categoryLabels[c] }))}
        selected={values.categories}
        onChange={(list) => set('categories', list)}
        error={errors.categories}
      />
      <CheckboxGroup
        legend="Brands"
        hint="None ticked: every brand"
        options={brands.map((b) => ({ value: b, label: brandLabels[b] }))}
        selected={values.brands}
        onChange={(list) => set('brands', list)}
        error={errors.brands}
      />
      {errors[formError] ? (
        <p role="alert" className="text-sm text-destructive">
          {errors[formError]}
        </p>
      ) : null}
      <Button type="submit" className="w-full" disabled={saving}>
        {editing ? 'Save code' : 'Add code'}
      </Button>
    </form>
  );
}

function CheckboxGroup({
  legend,
  hint,
  options,
  selected,
  onChange,
  error,
}: {
  legend: string;
  hint: string;
  options: { value: string; label: string }[];
  selected: string[];
  onChange: (selected: string[]) => void;
  error: string | undefined;
}) {
  // A name the catalogue no longer has (a code saved before the check) stays visible to untick.
  const known = new Set(options.map((o) => o.value));
  const shown = [
    ...options,
    ...selected
      .filter((v) => !known.has(v))
      .map((v) => ({ value: v, label: `${v} (not in the catalogue)` })),
  ];
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1.5 text-sm font-medium">
        {legend} <span className="font-normal text-muted-foreground">({hint})</span>
      </legend>
      <div className="flex flex-wrap gap-x-4 gap-y-2">
        {shown.map((o) => (
          <label key={o.value} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-primary"
              checked={selected.includes(o.value)}
              onChange={(e) =>
                onChange(
                  e.target.checked ? [...selected, o.value] : selected.filter((v) => v !== o.value),
                )
              }
            />
            {o.label}
          </label>
        ))}
      </div>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
