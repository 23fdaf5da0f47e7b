import { ApiError } from '@/lib/api-client';

/**
 * Form errors by the dotted path of their field ("methods.0.maxDays"): the path the contract's
 * zod issues carry and the server's messages start with, so a rule broken on either side is
 * shown beside the same input. An error no input shows is the form's own, under `formError`.
 */
export type FieldErrors = Record<string, string>;
export const formError = '_form';

/** How a form names its fields, by the last word of the path ("maxDays": "Max days"). */
export type FieldLabels = Record<string, string>;

/** Where a form shows the error of a path, or null when it has no input for it. */
export type Placement = (path: string) => string | null;

/**
 * The placement of a form whose inputs match `shown`; an error on an item of a list typed in
 * one input ("countries.2") is shown on that input ("countries").
 */
export function placement(shown: RegExp, lists: readonly string[] = []): Placement {
  return (path) => lists.find((l) => path.startsWith(`${l}.`)) ?? (shown.test(path) ? path : null);
}

const labelOf = (path: string, labels: FieldLabels) => {
  const leaf = path
    .split('.')
    .filter((part) => !/^\d+$/.test(part))
    .at(-1);
  return (leaf && labels[leaf]) ?? path;
};

/**
 * A rule's message in the form's words: another field it names by its key ("must be at least
 * minDays") is named by its label ("must be at least Min days").
 */
const inWords = (message: string, labels: FieldLabels) =>
  message.replace(/\b[a-z]+[A-Z]\w*\b/g, (key) => labels[key] ?? key);

/** The first message for each input, led by its field's label ("Max days must be ..."). */
export function errorsFromIssues(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  labels: FieldLabels,
  place: Placement,
): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join('.');
    const at = place(path);
    if (at) errors[at] ??= `${labelOf(at, labels)} ${inWords(issue.message, labels)}`;
    else errors[formError] ??= `${path} ${issue.message}`;
  }
  return errors;
}

/**
 * The server's answer beside the field it names ("methods.0.maxDays must be at least minDays",
 * "code: this code exists already"), else as the form's own error, word for word.
 */
export function errorsFromServer(
  error: unknown,
  labels: FieldLabels,
  place: Placement,
): FieldErrors {
  const message = error instanceof ApiError ? error.message : 'Something went wrong';
  const [, path = '', colon, rest] = /^([A-Za-z][\w.]*)(:?)\s+(.+)$/s.exec(message) ?? [];
  const at = path ? place(path) : null;
  if (!at) return { [formError]: message };
  return { [at]: `${labelOf(at, labels)}${colon} ${inWords(rest ?? '', labels)}` };
}

/** A number typed in an input: undefined when blank, NaN when not a number. */
export const numberOf = (value: string) => (value.trim() === '' ? undefined : Number(value));

/** An error for each required input left blank, where zod would say "expected number". */
export function blankErrors(
  values: Record<string, string>,
  labels: FieldLabels,
  prefix = '',
): FieldErrors {
  const errors: FieldErrors = {};
  for (const [key, value] of Object.entries(values)) {
    if (value.trim() === '') errors[`${prefix}${key}`] = `${labels[key] ?? key} is required`;
  }
  return errors;
}
