import type { ChangeEventHandler } from 'react';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { cn } from '@/lib/utils';

/**
 * A labelled list of an admin page's filter: its values by their labels, after `any` (the
 * choice that filters nothing, value '') when given.
 */
export function FilterSelect<T extends string>({
  id,
  label,
  any,
  values,
  labels,
  value,
  onChange,
  className,
}: {
  id: string;
  label: string;
  any?: string;
  values: readonly T[];
  labels: Record<T, string>;
  value: string;
  onChange: ChangeEventHandler<HTMLSelectElement>;
  className?: string;
}) {
  return (
    <div className={cn('grid min-w-0 gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect id={id} value={value} onChange={onChange}>
        {any !== undefined && <option value="">{any}</option>}
        {values.map((v) => (
          <option key={v} value={v}>
            {labels[v]}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
