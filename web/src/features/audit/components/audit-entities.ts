import { pages } from '@contract/pages';

/** How the log names each entity, and the admin page where it lives. */
export const auditEntities: Record<string, { label: string; path?: string }> = {
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
  customer: { label: 'Customer' },
  user: { label: 'Account' },
  import: { label: 'Import', path: pages.adminProducts },
  catalog: { label: 'Catalogue', path: pages.adminProducts },
};

export const entityLabel = (entity: string) => auditEntities[entity]?.label ?? entity;
