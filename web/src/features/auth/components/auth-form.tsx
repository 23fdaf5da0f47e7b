import type { FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

export type AuthField = {
  name: string;
  label: string;
  type: 'text' | 'email' | 'password';
  autoComplete: string;
  placeholder: string;
  minLength?: number;
  maxLength?: number;
};

type Props = {
  fields: AuthField[];
  values: Record<string, string>;
  onChange: (name: string, value: string) => void;
  onSubmit: () => void;
  submitLabel: string;
  isPending: boolean;
};

export function AuthForm({ fields, values, onChange, onSubmit, submitLabel, isPending }: Props) {
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form onSubmit={handleSubmit} className="flex flex-col gap-4" noValidate={false}>
      {fields.map((field) => (
        <div key={field.name} className="grid gap-1.5">
          <Label htmlFor={field.name}>{field.label}</Label>
          <Input
            id={field.name}
            name={field.name}
            type={field.type}
            autoComplete={field.autoComplete}
            placeholder={field.placeholder}
            required
            minLength={field.minLength}
            maxLength={field.maxLength}
            value={values[field.name] ?? ''}
            onChange={(e) => onChange(field.name, e.target.value)}
          />
        </div>
      ))}
      <Button type="submit" className="mt-2 w-full" disabled={isPending}>
        {submitLabel}
      </Button>
    </form>
  );
}
