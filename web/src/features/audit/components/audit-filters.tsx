import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import type { AuditFilters } from '../api/get-audit-log';
import { auditEntities } from './audit-entities';

type Values = { actor: string; entity: string; from: string; to: string };

/** Person (an email, or `cli`), entity and a range of days; applied on submit. */
export function AuditFiltersForm({
  filters,
  onApply,
}: {
  filters: AuditFilters;
  onApply: (values: Values) => void;
}) {
  const [values, setValues] = useState<Values>({
    actor: filters.actor ?? '',
    entity: filters.entity ?? '',
    from: filters.from ?? '',
    to: filters.to ?? '',
  });
  const set = (key: keyof Values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onApply({ ...values, actor: values.actor.trim() });
  };
  return (
    <form
      onSubmit={submit}
      aria-label="Filter the audit log"
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_12rem_10rem_10rem_auto] lg:items-end"
    >
      <div className="grid gap-1.5">
        <Label htmlFor="audit-actor">Person</Label>
        <Input
          id="audit-actor"
          type="search"
          maxLength={254}
          placeholder="An email, or cli for the command line"
          value={values.actor}
          onChange={set('actor')}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="audit-entity">Entity</Label>
        <NativeSelect id="audit-entity" value={values.entity} onChange={set('entity')}>
          <option value="">All</option>
          {Object.entries(auditEntities).map(([name, { label }]) => (
            <option key={name} value={name}>
              {label}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="audit-from">From</Label>
        <Input id="audit-from" type="date" value={values.from} onChange={set('from')} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="audit-to">To</Label>
        <Input id="audit-to" type="date" value={values.to} onChange={set('to')} />
      </div>
      <Button type="submit">Apply</Button>
    </form>
  );
}
