// Images the shop serves itself are stored as `/uploads/<name>` (one database works behind any
// host name) but leave the server absolute, built from PUBLIC_URL, so a client on another
// origin can load them as they are; that client sends them back on edit, so the absolute form
// is turned back into the stored one on the way in. S3_PUBLIC_URL addresses are absolute
// already and pass both ways unchanged. These two walks are the only conversions.

/** Served by the shop itself at /uploads/<name> (local disk, or S3 without a public URL). */
export const UPLOADS_PATH = '/uploads/';

const IMAGE_KEYS = new Set(['image', 'url']);

/**
 * Levels below the top that are converted: more than any body or answer of the API nests (an
 * answer's `data[i].colorImages[j]` is 4 down). Deeper parts are left as they are, so a
 * 100,000-deep request body costs a few levels of work, and validation then refuses it.
 */
const MAX_DEPTH = 12;

type Rewrite = (value: string) => string;
type Container = Record<string, unknown> | unknown[];

/** A shallow copy of an array or plain object (what JSON parses to); undefined otherwise. */
function shallowCopy(value: unknown): Container | undefined {
  if (Array.isArray(value)) return [...value];
  if (value === null || typeof value !== 'object') return undefined;
  return Object.getPrototypeOf(value) === Object.prototype
    ? { ...(value as Record<string, unknown>) }
    : undefined;
}

/**
 * A copy of `root` with every `image`/`url` string rewritten, down to MAX_DEPTH. Iterative,
 * never recursive: request bodies pass through here before validation, and a recursion as
 * deep as the body overflowed the stack (a 500 on every JSON route).
 */
function rewriteImageFields(root: unknown, rewrite: Rewrite): unknown {
  const copy = shallowCopy(root);
  if (copy === undefined) return root;
  const pending: [Container, number][] = [[copy, 0]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [node, depth] = next;
    const isArray = Array.isArray(node);
    const fields = node as Record<string, unknown>;
    for (const key of Object.keys(node)) {
      const field = fields[key];
      if (typeof field === 'string') {
        if (!isArray && IMAGE_KEYS.has(key)) fields[key] = rewrite(field);
        continue;
      }
      if (depth >= MAX_DEPTH) continue;
      const child = shallowCopy(field);
      if (child === undefined) continue;
      fields[key] = child;
      pending.push([child, depth + 1]);
    }
  }
  return copy;
}

/** A copy of an API answer with every `image`/`url` of the shop's own images made absolute. */
export function withAbsoluteImageUrls<T>(payload: T, publicUrl: string): T {
  return rewriteImageFields(payload, (url) =>
    url.startsWith(UPLOADS_PATH) ? `${publicUrl}${url}` : url,
  ) as T;
}

/** A copy of a request body with the shop's own absolute image URLs in their stored form. */
export function withStoredImageUrls<T>(body: T, publicUrl: string): T {
  const own = `${publicUrl}${UPLOADS_PATH}`;
  return rewriteImageFields(body, (url) =>
    url.startsWith(own) ? url.slice(publicUrl.length) : url,
  ) as T;
}
