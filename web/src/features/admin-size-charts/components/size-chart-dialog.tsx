import type { SizeChart } from '@contract/size-charts';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Input, Textarea } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useAddSizeChart } from '../api/add-size-chart';
import { useEditSizeChart } from '../api/edit-size-chart';
import {
  type ChartErrors,
  type ChartFormValues,
  chartFormError,
  emptyChart,
  errorProps,
  errorsFromServer,
  toChartBody,
  valuesFromChart,
} from './size-chart-form-values';
import { SizeChartGrid } from './size-chart-grid';

type Props = { open: boolean; editing: SizeChart | null; onClose: () => void };

/** 'Add size chart' or 'Edit size chart': measurements as columns, sizes as rows, in cm. */
export function SizeChartDialog({ open, editing, onClose }: Props) {
  return (
    <Dialog open={open} onOpenChange={(isOpen) => !isOpen && onClose()}>
      <DialogContent className="max-h-[92dvh] max-w-[min(56rem,calc(100%-1rem))] p-4 sm:p-6">
        <DialogTitle>{editing ? 'Edit size chart' : 'Add size chart'}</DialogTitle>
        <DialogDescription>
          Body measurements in centimetres: a number (96) or a range (88-96); blank for none.
          Shoppers see inches beside.
        </DialogDescription>
        {open ? <SizeChartForm editing={editing} onDone={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={`${id}-error`} className="text-sm text-destructive">
      {error}
    </p>
  ) : null;
}

function SizeChartForm({ editing, onDone }: { editing: SizeChart | null; onDone: () => void }) {
  const [values, setValues] = useState<ChartFormValues>(
    editing ? valuesFromChart(editing) : emptyChart(),
  );
  const [errors, setErrors] = useState<ChartErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  const addMutation = useAddSizeChart();
  const editMutation = useEditSizeChart();

  // After a refused submit, the first input in error takes the focus.
  useEffect(() => {
    if (Object.keys(errors).length === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  const update = (patch: Partial<ChartFormValues>) => setValues((v) => ({ ...v, ...patch }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = toChartBody(values);
    setErrors(result.errors ?? {});
    if (!result.body) return;
    const handlers = {
      onSuccess: ({ message }: { message: string }) => {
        toast.success(message);
        onDone();
      },
      onError: (error: Error) =>
        setErrors(
          errorsFromServer(error instanceof ApiError ? error.message : 'Something went wrong'),
        ),
    };
    if (editing) editMutation.mutate({ id: editing._id, body: result.body }, handlers);
    else addMutation.mutate(result.body, handlers);
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="grid gap-5">
      <div className="grid gap-1.5">
        <Label htmlFor="chart-name">Name</Label>
        <Input
          {...errorProps('chart-name', errors.name)}
          value={values.name}
          maxLength={80}
          placeholder="e.g. Men's tops"
          onChange={(e) => update({ name: e.target.value })}
        />
        <FieldError id="chart-name" error={errors.name} />
      </div>

      <SizeChartGrid values={values} errors={errors} update={update} />

      <div className="grid gap-1.5">
        <Label htmlFor="chart-howToMeasure">How to measure</Label>
        <Textarea
          {...errorProps('chart-howToMeasure', errors.howToMeasure)}
          value={values.howToMeasure}
          maxLength={2000}
          rows={4}
          placeholder="Chest: around the fullest part, under the arms."
          onChange={(e) => update({ howToMeasure: e.target.value })}
        />
        <FieldError id="chart-howToMeasure" error={errors.howToMeasure} />
      </div>
      {errors[chartFormError] ? (
        <p role="alert" className="text-sm text-destructive">
          {errors[chartFormError]}
        </p>
      ) : null}
      <Button type="submit" disabled={addMutation.isPending || editMutation.isPending}>
        {editing ? 'Save chart' : 'Add chart'}
      </Button>
    </form>
  );
}
