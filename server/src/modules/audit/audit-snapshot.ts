/**
 * What an audit entry may hold of an entity: plain JSON, secrets removed, and for an edit only
 * the fields that changed. Secrets are dropped by name at any depth (password hashes, tokens,
 * PayPal secrets) so a loader that returns too much still cannot write one into the log.
 */
export type Snapshot = Record<string, unknown>;

const SECRET = /password|hash|token|secret|credential|apikey/i;
// Bookkeeping that changes on every write and says nothing a reader needs.
const IGNORED = new Set(['updatedAt', 'orderUpdateDate']);

/** A JSON copy of `value` without secret keys; non-objects become `{ value }`. */
export function toSnapshot(value: unknown): Snapshot | null {
  if (value === undefined || value === null) return null;
  const plain = clean(JSON.parse(JSON.stringify(value)));
  return isObject(plain) ? plain : { value: plain };
}

function clean(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(clean);
  if (!isObject(value)) return value;
  const out: Snapshot = {};
  for (const [key, inner] of Object.entries(value)) {
    if (!SECRET.test(key)) out[key] = clean(inner);
  }
  return out;
}

/**
 * The fields that differ between two snapshots, each side holding its own values. Nested
 * objects are compared field by field (`shipping.price`); arrays as a whole (a variant list
 * that changed is kept whole, so the reader sees which one).
 */
export function changedFields(before: Snapshot, after: Snapshot) {
  const was: Snapshot = {};
  const now: Snapshot = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (IGNORED.has(key)) continue;
    const a = before[key];
    const b = after[key];
    if (isObject(a) && isObject(b)) {
      const inner = changedFields(a, b);
      if (Object.keys(inner.before).length > 0 || Object.keys(inner.after).length > 0) {
        was[key] = inner.before;
        now[key] = inner.after;
      }
    } else if (JSON.stringify(a) !== JSON.stringify(b)) {
      if (a !== undefined) was[key] = a;
      if (b !== undefined) now[key] = b;
    }
  }
  return { before: was, after: now };
}

function isObject(value: unknown): value is Snapshot {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
