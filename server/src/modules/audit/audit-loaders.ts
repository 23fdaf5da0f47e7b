import type { Executor } from '../../db/client';
import type { AuditService } from './audit.service';

type Listed = { _id: string };
type ListService = { list(): Promise<Listed[]> };

/** The services whose entities the log reads; each through its own public method. */
export type LoaderDeps = {
  db: Executor;
  catalog: { getProduct(id: string): Promise<unknown> };
  orders: { details(id: string): Promise<unknown> };
  returnSteps: { get(db: Executor, id: string): Promise<unknown> };
  shipping: ListService;
  taxes: ListService;
  discounts: ListService;
  sizeCharts: ListService;
  features: ListService;
  customers: { details(id: string): Promise<unknown> };
  staff: { list(): Promise<{ id: string }[]> };
};

/**
 * Registers how each audited entity is read: the same view before and after a write, so the
 * entry's diff shows only what the write changed. Settings lists are small (tens of rows), so
 * they are read whole and searched rather than given a lookup by id.
 */
export function registerAuditLoaders(audit: AuditService, deps: LoaderDeps) {
  const fromList = (service: ListService) => async (id: string) =>
    (await service.list()).find((item) => item._id === id) ?? null;
  audit.registerLoader('product', (id) => deps.catalog.getProduct(id));
  audit.registerLoader('order', (id) => deps.orders.details(id));
  audit.registerLoader('return', (id) => deps.returnSteps.get(deps.db, id));
  audit.registerLoader('shipping_zone', fromList(deps.shipping));
  audit.registerLoader('tax_rate', fromList(deps.taxes));
  audit.registerLoader('discount', fromList(deps.discounts));
  audit.registerLoader('size_chart', fromList(deps.sizeCharts));
  audit.registerLoader('banner', fromList(deps.features));
  // A customer's notes, addresses and orders: a note or an erasure shows as their change.
  audit.registerLoader('customer', (id) => deps.customers.details(id));
  // Staff accounts as the staff page lists them (permissions, active), never a password.
  audit.registerLoader(
    'staff',
    async (id) => (await deps.staff.list()).find((m) => m.id === id) ?? null,
  );
}
