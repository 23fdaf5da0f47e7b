import type { Address, AddressFields } from '@contract/addresses';
import { addressLimitMessage, maxAddresses } from '@contract/limits';
import { useState } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/lib/auth';
import { toast } from '@/lib/toast';
import { useAddAddress } from '../api/add-address';
import { useDeleteAddress } from '../api/delete-address';
import { useAddresses } from '../api/get-addresses';
import { useUpdateAddress } from '../api/update-address';
import { AddressCard } from './address-card';
import { AddressForm, emptyAddress } from './address-form';

const fieldsOf = ({
  address,
  city,
  pincode,
  phone,
  notes,
  country,
  region,
}: Address): AddressFields => ({ address, city, pincode, phone, notes, country, region });

type Props = {
  /** Checkout: which address is picked, and how to pick one. */
  selectedId?: string | undefined;
  onSelect?: (address: Address | undefined) => void;
};

/** The saved addresses (at most three) and the add/edit form (SPEC §2, §4, §5). */
export function AddressManager({ selectedId, onSelect }: Props) {
  const { user } = useAuth();
  const { data: addresses = [], isPending } = useAddresses(user?.id);
  const [values, setValues] = useState<AddressFields>(emptyAddress);
  const [editingId, setEditingId] = useState<string | null>(null);
  // The server's refusal of the region or postcode, shown at that field until the next edit.
  const [serverError, setServerError] = useState<string | undefined>();
  const add = useAddAddress();
  const update = useUpdateAddress();
  const remove = useDeleteAddress();

  const change = (next: AddressFields) => {
    setServerError(undefined);
    setValues(next);
  };
  // A refusal of the region or postcode is said at that field (the form focuses it); others toast.
  const refused = (error: Error) => {
    if (/^(region|pincode): /.test(error.message)) setServerError(error.message);
    else toast.error(error.message);
  };

  const reset = () => {
    setServerError(undefined);
    setValues(emptyAddress());
    setEditingId(null);
  };

  const submit = () => {
    if (!user) return;
    if (editingId) {
      update.mutate(
        { userId: user.id, addressId: editingId, fields: values },
        {
          onSuccess: ({ data }) => {
            // The checkout prices the picked address: it must see the edit (a new region).
            if (selectedId === data._id) onSelect?.(data);
            reset();
            toast.success('Address updated successfully');
          },
          onError: refused,
        },
      );
      return;
    }
    if (addresses.length >= maxAddresses) {
      reset();
      toast.error(addressLimitMessage);
      return;
    }
    add.mutate(
      { userId: user.id, ...values },
      {
        onSuccess: ({ data }) => {
          reset();
          // At checkout the address just added is the one to deliver to.
          onSelect?.(data);
          toast.success('Address added successfully');
        },
        onError: refused,
      },
    );
  };

  const deleteAddress = (address: Address) => {
    if (!user) return;
    remove.mutate(
      { userId: user.id, addressId: address._id },
      {
        onSuccess: () => {
          if (editingId === address._id) reset();
          if (selectedId === address._id) onSelect?.(undefined);
          toast.success('Address deleted successfully');
        },
        onError: (error) => toast.error(error.message),
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">
          {onSelect ? 'Choose a delivery address' : 'Your addresses'}
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        {isPending ? (
          <Skeleton className="h-32 w-full" />
        ) : addresses.length === 0 ? (
          <p className="text-sm text-muted-foreground">No saved addresses yet. Add one below.</p>
        ) : (
          <div className="grid gap-3 sm:grid-cols-2">
            {addresses.map((address) => (
              <AddressCard
                key={address._id}
                address={address}
                isSelected={selectedId === address._id}
                onSelect={onSelect ? () => onSelect(address) : undefined}
                onEdit={() => {
                  setEditingId(address._id);
                  change(fieldsOf(address));
                }}
                onDelete={() => deleteAddress(address)}
              />
            ))}
          </div>
        )}
        <section aria-labelledby="address-form-title" className="flex flex-col gap-3">
          <h3 id="address-form-title" className="font-semibold">
            {editingId ? 'Edit address' : 'Add a new address'}
          </h3>
          <AddressForm
            values={values}
            onChange={change}
            serverError={serverError}
            onSubmit={submit}
            isEditing={editingId !== null}
            isPending={add.isPending || update.isPending}
            onCancelEdit={reset}
          />
        </section>
      </CardContent>
    </Card>
  );
}
