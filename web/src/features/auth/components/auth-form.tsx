import type { FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useHydrated } from '@/lib/hydration';

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
  // The server's HTML shows the form at once; it takes input once the page is live.
  const hydrated = useHydrated();
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form onSubmit={handleSubmit} noValidate={false}>
      <fieldset disabled={!hydrated} className="flex flex-col gap-4">
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
      </fieldset>
    </form>
  );
}
