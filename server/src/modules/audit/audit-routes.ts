/**
 * Which entity each admin write route changes. A route may say so itself with
 * `config: { audit: { entity, action? } }`; otherwise its URL's prefix decides, from this table.
 * A write route under /api/admin/ that neither names nor matches is listed by
 * `unauditedRoutes()` (tests/api/audit.test.ts fails on it), so no admin write goes unrecorded.
 */
export type AuditRouteConfig = {
  entity: string;
  /** `product.update`; by default the entity and the route's verb (see `verbOf`). */
  action?: string;
};

export type AuditSpec = { entity: string; action: string };

declare module 'fastify' {
  interface FastifyContextConfig {
    audit?: AuditRouteConfig;
  }
}

export const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

// Longest prefix first where two overlap; exact routes that differ from their prefix come first.
const EXACT: Record<string, AuditSpec> = {
  'POST /api/admin/products/upload-image': { entity: 'image', action: 'image.upload' },
};
const PREFIXES: [prefix: string, entity: string][] = [
  ['/api/admin/products', 'product'],
  ['/api/admin/orders', 'order'],
  ['/api/admin/returns', 'return'],
  ['/api/admin/emails', 'email'],
  ['/api/admin/shipping-zones', 'shipping_zone'],
  ['/api/admin/tax-rates', 'tax_rate'],
  ['/api/admin/discounts', 'discount'],
  ['/api/admin/size-charts', 'size_chart'],
  ['/api/admin/staff', 'staff'],
  ['/api/admin/customers', 'customer'],
  ['/api/admin/import', 'import'],
  // Banners are written by admins under the storefront's read path.
  ['/api/common/feature', 'banner'],
];

/** `/add` → create, `/edit/:id` → update, `/:id/shipments` → shipments, `DELETE /` → delete. */
function verbOf(method: string, tail: string) {
  const words = tail.split('/').filter((part) => part !== '' && !part.startsWith(':'));
  const word = words.join('.');
  if (word === 'add') return 'create';
  if (word === 'edit' || word === 'update') return 'update';
  if (word === 'delete' || (word === '' && method === 'DELETE')) return 'delete';
  if (word === '') return method === 'POST' ? 'create' : 'update';
  return word;
}

/** The route's audit spec, or undefined when it is not an admin write the table knows. */
export function auditSpecOf(
  method: string,
  url: string,
  config: AuditRouteConfig | undefined,
): AuditSpec | undefined {
  const exact = EXACT[`${method} ${url}`];
  if (exact) return exact;
  const match = PREFIXES.find(([prefix]) => url === prefix || url.startsWith(`${prefix}/`));
  const entity = config?.entity ?? match?.[1];
  if (!entity) return undefined;
  const tail = match ? url.slice(match[0].length) : url.replace(/^\/api\/admin/, '');
  return { entity, action: config?.action ?? `${entity}.${verbOf(method, tail)}` };
}

/** A route whose writes must be audited: every write under /api/admin/ and every one the table names. */
export function isAdminWrite(method: string, url: string) {
  return (
    WRITE_METHODS.has(method) &&
    (url.startsWith('/api/admin/') || auditSpecOf(method, url, undefined) !== undefined)
  );
}
