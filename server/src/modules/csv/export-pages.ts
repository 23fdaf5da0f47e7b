import type { OrdersExportQuery } from '@contract/csv';
import type { AccountsService } from '../auth';
import type { OrdersService } from '../orders';

// The exports' pages, each read from the module that owns its rows through its service, so an
// export of any size holds one page at a time: a page's rows first, then what the other module
// knows of those rows, looked up by their ids (one bounded query per page).

export type ExportSources = { orders: OrdersService; accounts: AccountsService };

/**
 * One page of orders by order number with their lines and their customer: an account's email and
 * name, a guest's email and the name the parcel went to ('' for an account that is gone).
 */
export async function pageOfOrders(
  { orders, accounts }: ExportSources,
  query: OrdersExportQuery,
  afterNumber: number | null,
  limit: number,
) {
  const page = await orders.exportPage(query, afterNumber, limit);
  const userIds = page.flatMap(({ order }) => (order.userId ? [order.userId] : []));
  const contacts = await accounts.contactsOf([...new Set(userIds)]);
  return page.map(({ order: { userId, guestEmail, recipientName, ...order }, lines }) => {
    const account = userId ? contacts.get(userId) : undefined;
    const customer = account
      ? { email: account.email, name: account.userName }
      : { email: guestEmail ?? '', name: userId ? '' : recipientName };
    return { order: { ...order, ...customer }, lines };
  });
}

/** One page of shoppers' accounts (erased ones left out) with their orders and spend. */
export async function pageOfCustomers(
  { orders, accounts }: ExportSources,
  afterId: string | null,
  limit: number,
) {
  const shoppers = await accounts.pageOfShoppers(afterId, limit);
  const figures = await orders.figuresOf(shoppers.map((s) => s.id));
  return shoppers.map((s) => ({ ...s, orderCount: 0, spentCents: 0, ...figures.get(s.id) }));
}
