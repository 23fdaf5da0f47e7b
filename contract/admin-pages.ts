import { pages } from './pages';
import type { StaffPermission } from './staff-permissions';

export type AdminPage = {
  /** Its module's name: web/src/routes/admin/<id>.tsx. */
  id: string;
  path: string;
  /** Its menu entry; none for a page reached from another (a customer from the list). */
  label?: string;
  /** What a staff member needs to open it (issue 27); the server checks its routes alike. */
  permission: StaffPermission;
  /** The audit log's entities whose entries link here. */
  audit?: readonly string[];
};

/**
 * Every back-office page, in menu order: the router, the menu, who may open which page and the
 * audit log's links all read this table (docs/recipes.md, "Adding an admin page").
 */
export const adminPages = [
  {
    id: 'dashboard',
    path: pages.adminDashboard,
    label: 'Dashboard',
    permission: 'orders.view',
    audit: ['email'],
  },
  {
    id: 'products',
    path: pages.adminProducts,
    label: 'Products',
    permission: 'catalog',
    audit: ['product', 'image', 'catalog'],
  },
  {
    id: 'size-charts',
    path: pages.adminSizeCharts,
    label: 'Size charts',
    permission: 'catalog',
    audit: ['size_chart'],
  },
  {
    id: 'orders',
    path: pages.adminOrders,
    label: 'Orders',
    permission: 'orders.view',
    audit: ['order'],
  },
  {
    id: 'returns',
    path: pages.adminReturns,
    label: 'Returns',
    permission: 'orders.view',
    audit: ['return'],
  },
  { id: 'customers', path: pages.adminCustomers, label: 'Customers', permission: 'customers' },
  { id: 'customer', path: pages.adminCustomer, permission: 'customers' },
  {
    id: 'features',
    path: pages.adminFeatures,
    label: 'Features',
    permission: 'content',
    audit: ['banner'],
  },
  {
    id: 'shipping',
    path: pages.adminShipping,
    label: 'Shipping',
    permission: 'settings',
    audit: ['shipping_zone'],
  },
  {
    id: 'taxes',
    path: pages.adminTaxes,
    label: 'Taxes',
    permission: 'settings',
    audit: ['tax_rate'],
  },
  {
    id: 'discounts',
    path: pages.adminDiscounts,
    label: 'Discounts',
    permission: 'settings',
    audit: ['discount'],
  },
  { id: 'audit', path: pages.adminAudit, label: 'Audit log', permission: 'staff' },
  { id: 'staff', path: pages.adminStaff, label: 'Staff', permission: 'staff' },
  {
    id: 'import-export',
    path: pages.adminImportExport,
    label: 'Import / export',
    permission: 'catalog',
    audit: ['import'],
  },
] as const satisfies readonly AdminPage[];

export type AdminPageId = (typeof adminPages)[number]['id'];

/** The page the audit log links an entity's entries to, when it has one. */
export const auditPageOf = (entity: string): string | undefined =>
  adminPages.find((page) => (page as AdminPage).audit?.includes(entity))?.path;
