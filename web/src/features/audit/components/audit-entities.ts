import { auditPageOf } from '@contract/admin-pages';
import { pages } from '@contract/pages';

type EntityInfo = { label: string; path?: string | ((id: string) => string) };

/**
 * How the log names each entity, and, for an entity with a page of its own, that page (the rest
 * link to the page contract/admin-pages.ts files them under).
 */
export const auditEntities: Record<string, EntityInfo> = {
  product: { label: 'Product' },
  image: { label: 'Image' },
  order: { label: 'Order' },
  return: { label: 'Return' },
  banner: { label: 'Banner' },
  shipping_zone: { label: 'Shipping zone' },
  tax_rate: { label: 'Tax rate' },
  discount: { label: 'Discount' },
  size_chart: { label: 'Size chart' },
  email: { label: 'Email' },
  staff: { label: 'Staff' },
  customer: {
    label: 'Customer',
    path: (id) => pages.adminCustomer.replace(':id', encodeURIComponent(id)),
  },
  customer_erasure: {
    label: 'Customer erasure',
    path: (id) => pages.adminCustomer.replace(':id', encodeURIComponent(id)),
  },
  user: { label: 'Account' },
  import: { label: 'Import' },
  catalog: { label: 'Catalogue' },
};

export const entityLabel = (entity: string) => auditEntities[entity]?.label ?? entity;

/** The admin page of one entity, when the log knows where it lives. */
export function entityPath(entity: string, id: string) {
  const path = auditEntities[entity]?.path ?? auditPageOf(entity);
  return typeof path === 'function' ? path(id) : path;
}
