import type { AddressFields } from '@contract/addresses';
import { checkPlace, postcodeLabel } from '@contract/delivery-place';
import { addressFieldMax } from '@contract/limits';
import { usRegionName } from '@contract/us-states';
import { type FormEvent, useEffect, useState } from 'react';
import { regionHint as hintFor, RegionInput } from '@/components/region-input';
import { Button } from '@/components/ui/button';
import { Input, Textarea } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { countryOptions, defaultCountry } from '@/lib/countries';

/** A new address: blank, in the shop's own country. */
export const emptyAddress = (): AddressFields => ({
  address: '',
  city: '',
  pincode: '',
  phone: '',
  notes: '',
  country: defaultCountry(),
  region: '',
});

/** The five fields of SPEC §3; country and region come beside them. */
type SpecField = Exclude<keyof AddressFields, 'country' | 'region'>;

const fields: Array<{
  name: SpecField;
  label: string;
  placeholder: string;
  maxLength: number;
  autoComplete: string;
  multiline?: boolean;
  type?: string;
  hint?: string;
}> = [
  {
    name: 'address',
    label: 'Address',
    placeholder: 'Enter your address',
    maxLength: addressFieldMax.address,
    autoComplete: 'street-address',
  },
  {
    name: 'city',
    label: 'City',
    placeholder: 'Enter your city',
    maxLength: addressFieldMax.city,
    autoComplete: 'address-level2',
  },
  {
    // The API's `pincode` (SPEC §3); labelled as the country calls it (fieldLabel).
    name: 'pincode',
    label: 'Postcode',
    placeholder: 'Enter your postcode',
    maxLength: addressFieldMax.pincode,
    autoComplete: 'postal-code',
  },
  {
    name: 'phone',
    label: 'Phone',
    placeholder: 'Enter your phone number',
    maxLength: addressFieldMax.phone,
    autoComplete: 'tel',
    type: 'tel',
  },
  {
    name: 'notes',
    label: 'Notes',
    placeholder: 'Enter any additional notes',
    maxLength: addressFieldMax.notes,
    autoComplete: 'off',
    multiline: true,
    // Required by SPEC §5 like the others, which a shopper would not guess of notes.
    hint: 'Required. Delivery notes, e.g. Leave at the door',
  },
];

/**
 * SPEC §5: submit stays disabled until all five fields are non-blank after trimming (the
 * region may be empty: not every country has one the shop prices by).
 */
export const isAddressComplete = (values: AddressFields) => missingFields(values).length === 0;

const countryOf = (values: AddressFields) => values.country ?? defaultCountry();

/** A field's label: the postcode is the "ZIP code" in the US. */
const fieldLabel = (f: (typeof fields)[number], country: string) =>
  f.name === 'pincode' ? postcodeLabel(country) : f.label;

/** The labels of the fields still blank, in the form's order. */
const missingFields = (values: AddressFields) =>
  fields.filter((f) => values[f.name].trim() === '').map((f) => fieldLabel(f, countryOf(values)));

/** The server's refusal of the region or postcode ("region: must be ..."), by its field. */
function serverErrors(message: string | undefined, country: string): Record<string, string> {
  const [, field, rest] = /^(region|pincode): (.+)$/s.exec(message ?? '') ?? [];
  if (!field || !rest) return {};
  return { [field]: `${field === 'region' ? 'Region' : postcodeLabel(country)} ${rest}` };
}

/**
 * The server's check of the place (contract/delivery-place.ts): a region of the country's list,
 * in the US a state whose ZIP codes include the ZIP. Shown once the shopper has left the region
 * or ZIP field, or after a submit, so a ZIP half typed is not called wrong.
 */
function placeErrors(
  values: AddressFields,
  isShown: boolean,
): { check: ReturnType<typeof checkPlace>; errors: Record<string, string> } {
  const country = countryOf(values);
  const check = checkPlace({ country, region: values.region ?? '', postcode: values.pincode });
  if (check.ok || !isShown) return { check, errors: {} };
  const label = check.field === 'region' ? 'Region' : postcodeLabel(country);
  return { check, errors: { [check.field]: `${label} ${check.message}` } };
}

type Props = {
  values: AddressFields;
  onChange: (values: AddressFields) => void;
  onSubmit: () => void;
  isEditing: boolean;
  isPending: boolean;
  onCancelEdit?: () => void;
  /** The server's refusal of the last submit, shown at the field it names until an edit. */
  serverError?: string | undefined;
};

export function AddressForm({
  values,
  onChange,
  onSubmit,
  isEditing,
  isPending,
  onCancelEdit,
  serverError,
}: Props) {
  const [isChecked, setChecked] = useState(false);
  const missing = missingFields(values);
  const country = countryOf(values);
  const isUs = country === 'US';
  const placed = placeErrors(values, isChecked);
  const { check } = placed;
  const errors = { ...serverErrors(serverError, country), ...placed.errors };
  // The server's refusal lands where the shopper fixes it.
  useEffect(() => {
    const [field] = Object.keys(serverErrors(serverError, 'US'));
    if (field) document.getElementById(`address-${field}`)?.focus();
  }, [serverError]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isAddressComplete(values)) return;
    if (!check.ok) {
      setChecked(true);
      document.getElementById(`address-${check.field}`)?.focus();
      return;
    }
    setChecked(false);
    onSubmit();
  };
  // Checked against each other once the ZIP is typed: a state alone is not yet wrong.
  const checkOnLeave = () => {
    if (values.pincode.trim() !== '') setChecked(true);
  };
  const regionHint =
    isUs && check.ok && !(values.region ?? '').trim()
      ? `State: ${usRegionName(check.region)}, from the ZIP`
      : hintFor(country);
  const renderField = (f: (typeof fields)[number]) => {
    const id = `address-${f.name}`;
    const label = fieldLabel(f, country);
    const common = {
      id,
      name: f.name,
      placeholder:
        f.name === 'pincode' ? `Enter your ${isUs ? 'ZIP code' : 'postcode'}` : f.placeholder,
      maxLength: f.maxLength,
      autoComplete: f.autoComplete,
      required: true,
      value: values[f.name],
      'aria-invalid': Boolean(errors[f.name]),
      'aria-describedby': errors[f.name] ? `${id}-error` : f.hint ? `${id}-hint` : undefined,
      onBlur: f.name === 'pincode' ? checkOnLeave : undefined,
    };
    return (
      <div key={f.name} className="grid gap-1.5">
        <Label htmlFor={id}>{label}</Label>
        {f.multiline ? (
          <Textarea
            {...common}
            onChange={(e) => onChange({ ...values, [f.name]: e.target.value })}
          />
        ) : (
          <Input
            {...common}
            type={f.type ?? 'text'}
            onChange={(e) => onChange({ ...values, [f.name]: e.target.value })}
          />
        )}
        {errors[f.name] ? (
          <p id={`${id}-error`} className="text-sm text-destructive">
            {errors[f.name]}
          </p>
        ) : f.hint ? (
          <p id={`${id}-hint`} className="text-xs text-muted-foreground">
            {f.hint}
          </p>
        ) : null}
      </div>
    );
  };
  return (
    <form
      onSubmit={submit}
      className="flex flex-col gap-3"
      aria-label={isEditing ? 'Edit address' : 'Add address'}
    >
      {fields.slice(0, 2).map(renderField)}
      {/* Side by side from a tablet on; a phone gives a long name (Newfoundland and Labrador) the row. */}
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor="address-country">Country</Label>
          <NativeSelect
            id="address-country"
            name="country"
            autoComplete="country"
            value={country}
            // A region is of one country: Bavaria means nothing in Canada.
            onChange={(e) => onChange({ ...values, country: e.target.value, region: '' })}
          >
            {countryOptions().map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="address-region">Region</Label>
          <RegionInput
            id="address-region"
            country={country}
            emptyLabel={isUs ? 'From the ZIP code' : undefined}
            textProps={{ placeholder: 'Optional' }}
            aria-invalid={Boolean(errors.region)}
            aria-describedby={errors.region ? 'address-region-error' : 'address-region-hint'}
            value={values.region ?? ''}
            onChange={(region) => onChange({ ...values, region })}
            onBlur={checkOnLeave}
          />
        </div>
        {errors.region ? (
          <p id="address-region-error" className="-mt-1.5 text-sm text-destructive sm:col-span-2">
            {errors.region}
          </p>
        ) : (
          <p
            id="address-region-hint"
            className="-mt-1.5 text-xs text-muted-foreground sm:col-span-2"
          >
            {regionHint}
          </p>
        )}
      </div>
      {fields.slice(2).map(renderField)}
      {missing.length > 0 && (
        // Beside the disabled button: why it is disabled.
        <p id="address-missing" className="text-sm text-muted-foreground" aria-live="polite">
          Still needed: {missing.join(', ')}
        </p>
      )}
      <div className="mt-1 flex gap-2">
        <Button
          type="submit"
          className="flex-1"
          disabled={missing.length > 0 || isPending}
          aria-describedby={missing.length > 0 ? 'address-missing' : undefined}
        >
          {isEditing ? 'Edit' : 'Add'}
        </Button>
        {isEditing && onCancelEdit && (
          <Button type="button" variant="outline" onClick={onCancelEdit}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
