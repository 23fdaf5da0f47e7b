import { type FormEvent, useState } from 'react';
import { useFocusFirstInvalid } from '@/components/ui/form-field';
import {
  errorsFromServer,
  type FieldErrors,
  type FieldLabels,
  type Placement,
} from '@/lib/field-errors';
import { toast } from '@/lib/toast';

type Handlers = {
  onSuccess: (data: { message: string }) => void;
  onError: (error: Error) => void;
};

/**
 * The add/edit form of an admin settings item (a discount code, a tax rate): its values, the
 * errors beside each input (the contract's rules on submit, then the server's answer), focus on
 * the first invalid input, and a toast and `onDone` once saved.
 */
export function useSettingsForm<V, B>({
  initial,
  toBody,
  labels,
  place,
  editingId,
  add,
  edit,
  onDone,
}: {
  initial: V;
  toBody: (values: V) => { body?: B; errors?: FieldErrors };
  labels: FieldLabels;
  place: Placement;
  /** The id of the item edited, or null when adding one. */
  editingId: string | null;
  add: { mutate: (body: B, handlers: Handlers) => void; isPending: boolean };
  edit: {
    mutate: (variables: { id: string; body: B }, handlers: Handlers) => void;
    isPending: boolean;
  };
  onDone: () => void;
}) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const formRef = useFocusFirstInvalid(errors);
  const set = <K extends keyof V>(key: K, value: V[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = toBody(values);
    setErrors(result.errors ?? {});
    if (!result.body) return;
    const handlers: Handlers = {
      onSuccess: ({ message }) => {
        toast.success(message);
        onDone();
      },
      onError: (error) => setErrors(errorsFromServer(error, labels, place)),
    };
    if (editingId) edit.mutate({ id: editingId, body: result.body }, handlers);
    else add.mutate(result.body, handlers);
  };

  /** True while the item is being saved. */
  const saving = add.isPending || edit.isPending;
  return { values, set, errors, formRef, submit, saving };
}
