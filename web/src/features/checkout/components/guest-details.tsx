import { checkPlace, postcodeLabel } from '@contract/delivery-place';
import { addressFieldMax, recipientNameMax, regionCodeMax } from '@contract/limits';
import { listedRegions } from '@contract/listed-regions';
import { RegionInput, regionHint } from '@/components/region-input';
import { FormField, fieldProps } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { countryOptions, defaultCountry } from '@/lib/countries';
import type { FieldErrors } from '@/lib/field-errors';

/** What a guest gives at checkout: where to write, and where to deliver (GUEST_CHECKOUT). */
export type GuestDetailsValues = {
  email: string;
  /** Whom the parcel is for (its label, the order's messages). */
  name: string;
  address: string;
  city: string;
  pincode: string;
  phone: string;
  notes: string;
  country: string;
  region: string;
};

export const emptyGuestDetails = (): GuestDetailsValues => ({
  email: '',
  name: '',
  address: '',
  city: '',
  pincode: '',
  phone: '',
  notes: '',
  country: defaultCountry(),
  region: '',
});

/** Labels by field, as errors name them ("City is required"): the US's postcode is its ZIP code. */
export const guestDetailsLabels = (country: string): Record<string, string> => ({
  email: 'Email',
  name: 'Full name',
  address: 'Address',
  city: 'City',
  pincode: postcodeLabel(country),
  phone: 'Phone',
  notes: 'Notes',
  country: 'Country',
  region: 'Region',
});

const REQUIRED = ['email', 'name', 'address', 'city', 'pincode', 'phone'] as const;

/**
 * What the browser can tell before asking: each required field filled in, an email with an @.
 * The server checks the rest and its answer is shown beside the field it names.
 */
export function guestDetailsErrors(values: GuestDetailsValues): FieldErrors {
  const errors: FieldErrors = {};
  const labels = guestDetailsLabels(values.country);
  for (const name of REQUIRED) {
    if (values[name].trim() === '') errors[name] = `${labels[name]} is required`;
  }
  if (!errors.email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email.trim())) {
    errors.email = 'Email must be a valid email address';
  }
  // A region of the country's list; in the US, a state whose ZIP codes include the ZIP
  // (contract/delivery-place.ts).
  const place = checkPlace({ ...values, postcode: values.pincode });
  if (!place.ok && !errors[place.field]) {
    errors[place.field] = `${labels[place.field]} ${place.message}`;
  }
  return errors;
}

type Field = {
  name: Exclude<keyof GuestDetailsValues, 'country' | 'region'>;
  autoComplete: string;
  type?: string;
  maxLength: number;
  hint?: string;
};

const contact: Field = {
  name: 'email',
  autoComplete: 'email',
  type: 'email',
  maxLength: 254,
  hint: 'Your confirmation and the link to your order go here.',
};
const recipient: Field = {
  name: 'name',
  autoComplete: 'name',
  maxLength: recipientNameMax,
  hint: 'Whom the parcel is for, as the label will say.',
};
const street: Field[] = [
  { name: 'address', autoComplete: 'street-address', maxLength: addressFieldMax.address },
  { name: 'city', autoComplete: 'address-level2', maxLength: addressFieldMax.city },
];
const rest: Field[] = [
  { name: 'pincode', autoComplete: 'postal-code', maxLength: addressFieldMax.pincode },
  { name: 'phone', autoComplete: 'tel', type: 'tel', maxLength: addressFieldMax.phone },
];

type Props = {
  values: GuestDetailsValues;
  onChange: (values: GuestDetailsValues) => void;
  errors: FieldErrors;
};

/** A guest's email and delivery address, with the country and region that price the order. */
export function GuestDetails({ values, onChange, errors }: Props) {
  const set = (name: keyof GuestDetailsValues, value: string) =>
    onChange({ ...values, [name]: value });
  const labels = guestDetailsLabels(values.country);
  const input = (f: Field) => {
    const id = `guest-${f.name}`;
    return (
      <FormField key={f.name} id={id} label={labels[f.name]!} error={errors[f.name]} hint={f.hint}>
        <Input
          {...fieldProps(id, errors[f.name])}
          name={f.name}
          type={f.type ?? 'text'}
          autoComplete={f.autoComplete}
          maxLength={f.maxLength}
          required
          value={values[f.name]}
          onChange={(e) => set(f.name, e.target.value)}
        />
      </FormField>
    );
  };
  return (
    <div className="grid gap-4">
      {input(contact)}
      {input(recipient)}
      {street.map(input)}
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <FormField id="guest-country" label="Country" error={errors.country}>
          <NativeSelect
            {...fieldProps('guest-country', errors.country)}
            name="country"
            autoComplete="country"
            value={values.country}
            // A region is of one country: Bavaria means nothing in Canada.
            onChange={(e) => onChange({ ...values, country: e.target.value, region: '' })}
          >
            {countryOptions().map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField
          id="guest-region"
          label="Region"
          error={errors.region}
          hint={regionHint(values.country)}
        >
          <RegionInput
            {...fieldProps('guest-region', errors.region)}
            country={values.country}
            emptyLabel={values.country === 'US' ? 'From the ZIP code' : undefined}
            // Elsewhere a code, as tax rates and shipping zones name regions (contract/pricing.ts).
            textProps={{
              autoCapitalize: 'characters',
              pattern: `[A-Za-z0-9\\-]{0,${regionCodeMax}}`,
              maxLength: regionCodeMax,
              title: `A code of up to ${regionCodeMax} letters or digits`,
            }}
            value={values.region}
            onChange={(region) =>
              set('region', listedRegions(values.country) ? region : region.toUpperCase())
            }
          />
        </FormField>
      </div>
      {rest.map(input)}
      <FormField id="guest-notes" label="Notes (optional)" error={errors.notes}>
        <Textarea
          {...fieldProps('guest-notes', errors.notes)}
          name="notes"
          maxLength={addressFieldMax.notes}
          value={values.notes}
          onChange={(e) => set('notes', e.target.value)}
        />
      </FormField>
    </div>
  );
}
