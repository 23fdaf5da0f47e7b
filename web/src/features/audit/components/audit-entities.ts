import { pages } from '@contract/pages';

type EntityInfo = { label: string; path?: string | ((id: string) => string) };

/** How the log names each entity, and the admin page where it lives (its own, where it has one). */
export const auditEntities: Record<string, EntityInfo> = {
  product: { label: 'Product', path: pages.adminProducts },
  image: { label: 'Image', path: pages.adminProducts },
  order: { label: 'Order', path: pages.adminOrders },
  return: { label: 'Return', path: pages.adminReturns },
  banner: { label: 'Banner', path: pages.adminFeatures },
  shipping_zone: { label: 'Shipping zone', path: pages.adminShipping },
  tax_rate: { label: 'Tax rate', path: pages.adminTaxes },
  discount: { label: 'Discount', path: pages.adminDiscounts },
  size_chart: { label: 'Size chart', path: pages.adminSizeCharts },
  email: { label: 'Email', path: pages.adminDashboard },
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
  import: { label: 'Import', path: pages.adminImportExport },
  catalog: { label: 'Catalogue', path: pages.adminProducts },
};

export const entityLabel = (entity: string) => auditEntities[entity]?.label ?? entity;

/** The admin page of one entity, when the log knows where it lives. */
export function entityPath(entity: string, id: string) {
  const path = auditEntities[entity]?.path;
  return typeof path === 'function' ? path(id) : path;
}
