import { isId } from '@contract/common';
import { formatOrderNumber } from '@contract/order-constants';
import type { Executor } from '../../db/client';
import { type OrderRecord, orderNumbersOf, toApiOrder } from '../orders';
import type { AuditService } from './audit.service';

type Listed = { _id: string };
type ListService = { list(): Promise<Listed[]> };

/** The services whose entities the log reads; each through its own public method. */
export type LoaderDeps = {
  db: Executor;
  accounts: {
    contactsOf(ids: string[]): Promise<Map<string, { email: string; userName: string }>>;
  };
  catalog: { getProduct(id: string): Promise<{ title: string }> };
  orders: { details(id: string): Promise<OrderRecord> };
  returnSteps: { get(db: Executor, id: string): Promise<{ orderNumber: number }> };
  shipping: ListService;
  taxes: ListService & { listNoTax(): Promise<Listed[]> };
  discounts: ListService;
  sizeCharts: ListService;
  features: ListService;
  customers: { details(id: string): Promise<{ notes: Array<{ body: string }> }> };
  staff: { list(): Promise<{ id: string; userName: string }[]> };
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
  audit.registerLoader('order', async (id) => toApiOrder(await deps.orders.details(id)));
  audit.registerLoader('return', (id) => deps.returnSteps.get(deps.db, id));
  audit.registerLoader('shipping_zone', fromList(deps.shipping));
  audit.registerLoader('tax_rate', fromList(deps.taxes));
  audit.registerLoader('no_tax_country', fromList({ list: () => deps.taxes.listNoTax() }));
  audit.registerLoader('discount', fromList(deps.discounts));
  audit.registerLoader('size_chart', fromList(deps.sizeCharts));
  audit.registerLoader('banner', fromList(deps.features));
  // A customer's notes, addresses and orders: a note shows as their change. Not a note's text:
  // notes are never edited, so the note keeps it, and an append-only copy would outlive the
  // customer's erasure (GDPR art. 17). The log keeps who wrote one, and when.
  audit.registerLoader('customer', async (id) => {
    const details = await deps.customers.details(id);
    return { ...details, notes: details.notes.map(({ body: _text, ...note }) => note) };
  });
  // Staff accounts as the staff page lists them (permissions, active), never a password.
  audit.registerLoader(
    'staff',
    async (id) => (await deps.staff.list()).find((m) => m.id === id) ?? null,
  );
}

/**
 * How the log names what its entries point at, for the page being read: people (staff and
 * customers) by their name,
 * orders by their number, products by their title. A page holds at most 100 entries.
 */
export function registerAuditNamers(audit: AuditService, deps: LoaderDeps) {
  // Staff and customers alike: an account by its name (its email once the name is erased).
  const people = async (ids: string[]) => {
    const contacts = await deps.accounts.contactsOf(ids.filter(isId));
    return new Map([...contacts].map(([id, c]) => [id, c.userName || c.email]));
  };
  const each = (name: (id: string) => Promise<string>) => async (ids: string[]) => {
    const named = await Promise.all(
      ids.map((id) =>
        name(id).then(
          (text) => [id, text] as const,
          () => null,
        ),
      ),
    );
    return new Map(named.filter((pair) => pair !== null));
  };
  audit.registerNamer('user', people);
  audit.registerNamer('staff', people);
  audit.registerNamer('customer', people);
  audit.registerNamer('customer_erasure', people);
  audit.registerNamer('order', async (ids) => {
    const numbers = await orderNumbersOf(deps.db, ids.filter(isId));
    return new Map([...numbers].map(([id, n]) => [id, formatOrderNumber(n)]));
  });
  audit.registerNamer(
    'product',
    each(async (id) => (await deps.catalog.getProduct(id)).title),
  );
  audit.registerNamer(
    'return',
    each(
      async (id) =>
        `Return of ${formatOrderNumber((await deps.returnSteps.get(deps.db, id)).orderNumber)}`,
    ),
  );
}
