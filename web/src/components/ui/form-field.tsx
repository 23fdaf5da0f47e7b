import { type ReactNode, useEffect, useRef } from 'react';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';

/** The props that tie an input to its label's field: its id, and its error when there is one. */
export function fieldProps(id: string, error: string | undefined) {
  return {
    id,
    'aria-invalid': Boolean(error),
    'aria-describedby': error ? `${id}-error` : undefined,
  };
}

/** A label, its input (given `fieldProps(id, error)`), a hint, and the field's error below. */
export function FormField({
  id,
  label,
  error,
  hint,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  hint?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('grid content-start gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint && !error ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * After a submit that failed, focus moves to the first input marked invalid, so a keyboard or
 * screen-reader user lands on what needs fixing.
 */
export function useFocusFirstInvalid(errors: object) {
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (Object.keys(errors).length === 0) return;
    ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);
  return ref;
}
