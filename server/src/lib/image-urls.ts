// The shop's own images are stored relative (one database works behind any host name) and
// leave absolute, so a client on another origin can load them; edits send them back absolute.

export const UPLOADS_PATH = '/uploads/';

const IMAGE_KEYS = new Set(['image', 'url']);

// Deeper than the API nests (4 levels), and bounded so a hostile deep body costs little before
// validation refuses it.
const MAX_DEPTH = 12;

type Rewrite = (value: string) => string;
type Container = Record<string, unknown> | unknown[];

function shallowCopy(value: unknown): Container | undefined {
  if (Array.isArray(value)) return [...value];
  if (value === null || typeof value !== 'object') return undefined;
  return Object.getPrototypeOf(value) === Object.prototype
    ? { ...(value as Record<string, unknown>) }
    : undefined;
}

// Iterative: request bodies come here before validation, and recursing as deep as the body
// would overflow the stack.
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

export function withAbsoluteImageUrls<T>(payload: T, publicUrl: string): T {
  return rewriteImageFields(payload, (url) =>
    url.startsWith(UPLOADS_PATH) ? `${publicUrl}${url}` : url,
  ) as T;
}

export function withStoredImageUrls<T>(body: T, publicUrl: string): T {
  const own = `${publicUrl}${UPLOADS_PATH}`;
  return rewriteImageFields(body, (url) =>
    url.startsWith(own) ? url.slice(publicUrl.length) : url,
  ) as T;
}
