import type { ShippingZone } from '@contract/pricing';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormField, fieldProps, useFocusFirstInvalid } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
} from '@/components/ui/sheet';
import { errorsFromServer, type FieldErrors, formError } from '@/lib/field-errors';
import { toast } from '@/lib/toast';
import { useAddShippingZone } from '../api/add-shipping-zone';
import { useEditShippingZone } from '../api/edit-shipping-zone';
import { MethodsEditor } from './methods-editor';
import {
  emptyZone,
  placeZoneError,
  toZoneBody,
  valuesFromZone,
  type ZoneFormValues,
  zoneLabels,
} from './zone-form-values';

type Props = { open: boolean; editing: ShippingZone | null; onClose: () => void };

/** 'Add shipping zone' or 'Edit shipping zone': where it ships, and its methods. */
export function ZoneSheet({ open, editing, onClose }: Props) {
  const title = editing ? 'Edit shipping zone' : 'Add shipping zone';
  return (
    <Sheet open={open} onOpenChange={(isOpen) => !isOpen && onClose()}>
      <SheetContent side="right" className="w-full sm:max-w-lg">
        <SheetHeader>
          <SheetTitle>{title}</SheetTitle>
          <SheetDescription>
            The countries (and optionally regions) it covers, and how it ships there.
          </SheetDescription>
        </SheetHeader>
        {/* Mounted only while open: closing drops what was typed. */}
        {open ? <ZoneForm editing={editing} onDone={onClose} /> : null}
      </SheetContent>
    </Sheet>
  );
}

function ZoneForm({ editing, onDone }: { editing: ShippingZone | null; onDone: () => void }) {
  const [values, setValues] = useState<ZoneFormValues>(() =>
    editing ? valuesFromZone(editing) : emptyZone(),
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const formRef = useFocusFirstInvalid(errors);
  const addMutation = useAddShippingZone();
  const editMutation = useEditShippingZone();
  const set = <K extends keyof ZoneFormValues>(key: K, value: ZoneFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = toZoneBody(values);
    if (result.errors) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    const handlers = {
      onSuccess: ({ message }: { message: string }) => {
        toast.success(message);
        onDone();
      },
      onError: (error: Error) => {
        setErrors(errorsFromServer(error, zoneLabels, placeZoneError));
      },
    };
    if (editing) editMutation.mutate({ id: editing._id, body: result.body }, handlers);
    else addMutation.mutate(result.body, handlers);
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="flex flex-col gap-4 pb-6">
      <FormField id="zone-name" label="Zone name" error={errors.name}>
        <Input
          {...fieldProps('zone-name', errors.name)}
          value={values.name}
          maxLength={80}
          placeholder="e.g. Domestic"
          onChange={(e) => set('name', e.target.value)}
        />
      </FormField>
      <FormField
        id="zone-countries"
        label="Countries"
        error={errors.countries}
        hint="Two-letter codes, separated by commas: US, CA"
      >
        <Input
          {...fieldProps('zone-countries', errors.countries)}
          value={values.countries}
          autoCapitalize="characters"
          autoComplete="off"
          placeholder="e.g. US, CA"
          onChange={(e) => set('countries', e.target.value)}
        />
      </FormField>
      <FormField
        id="zone-regions"
        label="Regions"
        error={errors.regions}
        hint="Optional: states or provinces (CA, NY). Empty covers the whole countries."
      >
        <Input
          {...fieldProps('zone-regions', errors.regions)}
          value={values.regions}
          autoCapitalize="characters"
          autoComplete="off"
          onChange={(e) => set('regions', e.target.value)}
        />
      </FormField>
      <MethodsEditor
        methods={values.methods}
        onChange={(methods) => set('methods', methods)}
        errors={errors}
      />
      {errors[formError] ? (
        <p role="alert" className="text-sm text-destructive">
          {errors[formError]}
        </p>
      ) : null}
      <Button
        type="submit"
        className="w-full"
        disabled={addMutation.isPending || editMutation.isPending}
      >
        {editing ? 'Save zone' : 'Add zone'}
      </Button>
    </form>
  );
}
