import type { AddressFields } from '@contract/addresses';
import type { FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input, Textarea } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

export const emptyAddress: AddressFields = {
  address: '',
  city: '',
  pincode: '',
  phone: '',
  notes: '',
};

const fields: Array<{
  name: keyof AddressFields;
  label: string;
  placeholder: string;
  maxLength: number;
  autoComplete: string;
  multiline?: boolean;
  type?: string;
}> = [
  {
    name: 'address',
    label: 'Address',
    placeholder: 'Enter your address',
    maxLength: 200,
    autoComplete: 'street-address',
  },
  {
    name: 'city',
    label: 'City',
    placeholder: 'Enter your city',
    maxLength: 100,
    autoComplete: 'address-level2',
  },
  {
    name: 'pincode',
    label: 'Pincode',
    placeholder: 'Enter your pincode',
    maxLength: 20,
    autoComplete: 'postal-code',
  },
  {
    name: 'phone',
    label: 'Phone',
    placeholder: 'Enter your phone number',
    maxLength: 30,
    autoComplete: 'tel',
    type: 'tel',
  },
  {
    name: 'notes',
    label: 'Notes',
    placeholder: 'Enter any additional notes',
    maxLength: 500,
    autoComplete: 'off',
    multiline: true,
  },
];

/** SPEC §5: submit stays disabled until all five fields are non-blank after trimming. */
export const isAddressComplete = (values: AddressFields) =>
  Object.values(values).every((v) => v.trim() !== '');

type Props = {
  values: AddressFields;
  onChange: (values: AddressFields) => void;
  onSubmit: () => void;
  isEditing: boolean;
  isPending: boolean;
  onCancelEdit?: () => void;
};

export function AddressForm({
  values,
  onChange,
  onSubmit,
  isEditing,
  isPending,
  onCancelEdit,
}: Props) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isAddressComplete(values)) onSubmit();
  };
  return (
    <form
      onSubmit={submit}
      className="flex flex-col gap-3"
      aria-label={isEditing ? 'Edit address' : 'Add address'}
    >
      {fields.map((f) => {
        const id = `address-${f.name}`;
        const common = {
          id,
          name: f.name,
          placeholder: f.placeholder,
          maxLength: f.maxLength,
          autoComplete: f.autoComplete,
          required: true,
          value: values[f.name],
        };
        return (
          <div key={f.name} className="grid gap-1.5">
            <Label htmlFor={id}>{f.label}</Label>
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
          </div>
        );
      })}
      <div className="mt-1 flex gap-2">
        <Button type="submit" className="flex-1" disabled={!isAddressComplete(values) || isPending}>
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
