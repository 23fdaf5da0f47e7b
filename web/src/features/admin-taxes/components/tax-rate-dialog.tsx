import { regionCodeMax } from '@contract/limits';
import type { TaxRate } from '@contract/pricing';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FormField, fieldProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { formError } from '@/lib/field-errors';
import { useSettingsForm } from '@/lib/use-settings-form';
import { useAddTaxRate } from '../api/add-tax-rate';
import { useEditTaxRate } from '../api/edit-tax-rate';
import {
  emptyTaxRate,
  placeTaxRateError,
  taxRateLabels,
  toTaxRateBody,
  valuesFromTaxRate,
} from './tax-rate-form-values';

type Props = { open: boolean; editing: TaxRate | null; onClose: () => void };

/** 'Add tax rate' or 'Edit tax rate': one rate for a country, or for one of its regions. */
export function TaxRateDialog({ open, editing, onClose }: Props) {
  return (
    <Dialog open={open} onOpenChange={(isOpen) => !isOpen && onClose()}>
      <DialogContent>
        <DialogTitle>{editing ? 'Edit tax rate' : 'Add tax rate'}</DialogTitle>
        <DialogDescription>
          A region’s rate applies there instead of its country’s.
        </DialogDescription>
        {open ? <TaxRateForm editing={editing} onDone={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function TaxRateForm({ editing, onDone }: { editing: TaxRate | null; onDone: () => void }) {
  const { values, set, errors, formRef, submit, saving } = useSettingsForm({
    initial: editing ? valuesFromTaxRate(editing) : emptyTaxRate,
    toBody: toTaxRateBody,
    labels: taxRateLabels,
    place: placeTaxRateError,
    editingId: editing?._id ?? null,
    add: useAddTaxRate(),
    edit: useEditTaxRate(),
    onDone,
  });
  const input = (key: 'country' | 'region' | 'name' | 'rate') => ({
    ...fieldProps(`tax-${key}`, errors[key]),
    value: values[key],
    onChange: (e: { target: { value: string } }) => set(key, e.target.value),
  });

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="grid gap-4">
      <div className="grid grid-cols-2 gap-4">
        <FormField id="tax-country" label="Country" error={errors.country} hint="US, DE, GB">
          <Input {...input('country')} maxLength={2} autoCapitalize="characters" />
        </FormField>
        <FormField id="tax-region" label="Region" error={errors.region} hint="Empty: all of it">
          <Input {...input('region')} maxLength={regionCodeMax} autoCapitalize="characters" />
        </FormField>
      </div>
      <FormField id="tax-name" label="Name" error={errors.name} hint="Shown to shoppers">
        <Input {...input('name')} maxLength={80} placeholder="e.g. Sales tax" />
      </FormField>
      <FormField id="tax-rate" label="Rate (%)" error={errors.rate} hint="Up to 3 decimals: 8.875">
        <Input
          {...input('rate')}
          type="number"
          inputMode="decimal"
          min="0"
          max="100"
          step="0.001"
        />
      </FormField>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="size-4 accent-primary"
          checked={values.taxShipping}
          onChange={(e) => set('taxShipping', e.target.checked)}
        />
        Tax shipping too
      </label>
      {errors[formError] ? (
        <p role="alert" className="text-sm text-destructive">
          {errors[formError]}
        </p>
      ) : null}
      <Button type="submit" disabled={saving}>
        {editing ? 'Save rate' : 'Add rate'}
      </Button>
    </form>
  );
}
