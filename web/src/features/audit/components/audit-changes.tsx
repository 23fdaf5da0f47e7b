import type { AuditEntry } from '@contract/audit';
import { fieldLabel, type Reading, show } from './audit-values';

type Fields = Record<string, unknown>;

/** Nested objects flattened to dotted names (`shipping.price`); arrays stay whole. */
function flatten(fields: Fields | null, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(fields ?? {})) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [inner, v] of flatten(value as Fields, name)) out.set(inner, v);
    } else {
      out.set(name, value);
    }
  }
  return out;
}

/**
 * The fields an entry changed as a person reads them ("Status: Confirmed → In Shipping"): an
 * edit lists only what changed; a create or a delete has one side only, folded away (a whole
 * product is long). Each field keeps its key in `data-field` for whoever needs the raw name.
 */
export function AuditChanges({ entry, reading }: { entry: AuditEntry; reading: Reading }) {
  const before = flatten(entry.before);
  const after = flatten(entry.after);
  const names = [...new Set([...before.keys(), ...after.keys()])];
  if (names.length === 0) return <p className="text-xs text-muted-foreground">No field changed.</p>;
  const list = (
    <dl className="grid grid-cols-[minmax(6rem,auto)_1fr] gap-x-3 gap-y-1 text-xs">
      {names.map((name) => (
        <div key={name} className="contents" data-field={name}>
          <dt className="font-medium text-muted-foreground">{fieldLabel(name)}</dt>
          <dd className="break-words">
            {entry.before && entry.after ? (
              <>
                <del className="text-red-700 decoration-red-700/60">
                  {show(before.get(name), name, reading)}
                </del>
                <span aria-hidden> → </span>
                <span className="sr-only"> changed to </span>
                <ins className="text-green-800 no-underline">
                  {show(after.get(name), name, reading)}
                </ins>
              </>
            ) : (
              show(entry.after ? after.get(name) : before.get(name), name, reading)
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
  if (entry.before && entry.after) return list;
  return (
    <details className="text-xs">
      <summary className="cursor-pointer text-muted-foreground">
        {entry.after ? 'Fields as created' : 'Fields before deletion'} ({names.length})
      </summary>
      <div className="mt-2">{list}</div>
    </details>
  );
}
