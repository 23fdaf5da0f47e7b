import { UPLOADS_PATH } from '../modules/media/media.storage';

// Images the shop serves itself are stored as `/uploads/<name>` (one database works behind any
// host name) but leave the server absolute, built from PUBLIC_URL, so a client on another
// origin can load them as they are; that client sends them back on edit, so the absolute form
// is turned back into the stored one on the way in. S3_PUBLIC_URL addresses are absolute
// already and pass both ways unchanged. These two walks are the only conversions.

const IMAGE_KEYS = new Set(['image', 'url']);

type Rewrite = (value: string) => string;

function walk(value: unknown, rewrite: Rewrite): unknown {
  if (Array.isArray(value)) return value.map((item) => walk(item, rewrite));
  if (
    value === null ||
    typeof value !== 'object' ||
    Object.getPrototypeOf(value) !== Object.prototype
  ) {
    return value;
  }
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    out[key] =
      IMAGE_KEYS.has(key) && typeof field === 'string' ? rewrite(field) : walk(field, rewrite);
  }
  return out;
}

/** A copy of an API answer with every `image`/`url` of the shop's own images made absolute. */
export function withAbsoluteImageUrls<T>(payload: T, publicUrl: string): T {
  return walk(payload, (url) => (url.startsWith(UPLOADS_PATH) ? `${publicUrl}${url}` : url)) as T;
}

/** A copy of a request body with the shop's own absolute image URLs in their stored form. */
export function withStoredImageUrls<T>(body: T, publicUrl: string): T {
  const own = `${publicUrl}${UPLOADS_PATH}`;
  return walk(body, (url) => (url.startsWith(own) ? url.slice(publicUrl.length) : url)) as T;
}
