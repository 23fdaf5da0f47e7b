import { formNotice } from '@contract/auth-notices';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
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
  /** A rule said under the field before submit (the password policy). */
  hint?: string;
};

/** Values to put in empty fields and the field to focus, once the page is live. */
export type AuthPrefill = { values: Record<string, string>; focus: string };

type Props = {
  fields: AuthField[];
  /**
   * Where the form posts as plain HTML until the page's code runs (the server's form routes,
   * server/src/modules/auth/auth.forms.ts). Without one, the form waits for the code: posted
   * as HTML it would go out as a GET, password in the address.
   */
  action?: string;
  /** The fields' values by name, read from the form when it is sent. */
  onSubmit: (values: Record<string, string>) => void;
  submitLabel: string;
  isPending: boolean;
  prefill?: AuthPrefill;
  /** Called as the visitor starts on the form (its first focus), to load what comes after. */
  onStart?: () => void;
};

export function AuthForm({
  fields,
  action,
  onSubmit,
  submitLabel,
  isPending,
  prefill,
  onStart,
}: Props) {
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  // Applied once, on the live inputs rather than rendered as their values: the server's HTML
  // never has them (they come with the navigation), and what the visitor typed already is kept.
  const [initialPrefill] = useState(prefill);
  useEffect(() => {
    const form = formRef.current;
    if (!form || !initialPrefill) return;
    for (const [name, value] of Object.entries(initialPrefill.values)) {
      const input = form.elements.namedItem(name);
      if (input instanceof HTMLInputElement && !input.value) input.value = value;
    }
    const focused = form.elements.namedItem(initialPrefill.focus);
    if (focused instanceof HTMLInputElement) focused.focus();
  }, [initialPrefill]);
  // What the server said about a form posted as HTML (`?notice=`), shown until the next try;
  // the address drops it once the page is live, so a reload does not say it again.
  const [params, setParams] = useSearchParams();
  const [notice, setNotice] = useState(() => formNotice(params.get('notice')));
  useEffect(() => {
    if (!params.has('notice')) return;
    const kept = new URLSearchParams(params);
    kept.delete('notice');
    setParams(kept, { replace: true, preventScrollReset: true });
  }, [params, setParams]);
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The inputs are the browser's own (uncontrolled): what was typed before the code ran
    // is kept, and read here.
    const data = new FormData(event.currentTarget);
    setNotice(undefined);
    onSubmit(Object.fromEntries(fields.map((f) => [f.name, String(data.get(f.name) ?? '')])));
  };
  return (
    <form
      ref={formRef}
      method={action ? 'post' : undefined}
      action={action}
      onSubmit={handleSubmit}
      onFocus={onStart}
    >
      {notice && (
        <p
          role={notice.isError ? 'alert' : 'status'}
          className={`mb-4 rounded-md border p-3 text-sm ${notice.isError ? 'border-destructive text-destructive' : 'bg-muted'}`}
        >
          {notice.text}
        </p>
      )}
      <fieldset disabled={!action && !hydrated} className="flex flex-col gap-4">
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
              aria-describedby={field.hint ? `${field.name}-hint` : undefined}
            />
            {field.hint && (
              <p id={`${field.name}-hint`} className="text-sm text-muted-foreground">
                {field.hint}
              </p>
            )}
          </div>
        ))}
        <Button type="submit" className="mt-2 w-full" disabled={isPending}>
          {submitLabel}
        </Button>
      </fieldset>
    </form>
  );
}
