import type { SessionUser } from '@contract/auth';
import { isId } from '@contract/common';
import {
  type CustomerDetails,
  type CustomerSortKey,
  type CustomerSummary,
  type CustomersQuery,
  FORMER_CUSTOMER,
} from '@contract/customers';
import { fromCents } from '@contract/money';
import type { Note } from '@contract/notes';
import type { OrderCustomer } from '@contract/orders';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import type { AddressesService } from '../addresses';
import type { OrderRecord, OrdersService } from '../orders';
import type { ReviewsService } from '../reviews';
import type { WishlistService } from '../wishlist';
import { encodeCursor, type Position } from './customer-cursor';
import { type Found, type Listing, pageByCursor, pageByNumber } from './customer-pages';
import * as repo from './customers.repository';
import * as notesRepo from './notes.repository';

export type CustomersDeps = {
  orders: OrdersService;
  addresses: AddressesService;
  reviews: ReviewsService;
  wishlist: WishlistService;
};

const COUNT_TTL_MS = 5_000;
const REVERSE_FROM = 5_000;

function toSummary(row: repo.CustomerRow): CustomerSummary {
  const erased = row.deletedAt !== null;
  return {
    _id: row.id,
    userName: erased ? FORMER_CUSTOMER : row.userName,
    email: erased ? '' : row.email,
    joinedAt: row.joinedAt.toISOString(),
    status: erased ? 'erased' : 'active',
    ordersCount: row.ordersCount,
    totalSpent: fromCents(Number(row.spentCents)),
    lastOrderAt: row.lastOrderAt?.toISOString() ?? null,
  };
}

export function toNote(row: notesRepo.NoteRow): Note {
  return {
    _id: row.id,
    body: row.body,
    authorName: row.authorName,
    createdAt: row.createdAt.toISOString(),
  };
}

function toCustomerOrder(order: OrderRecord) {
  return {
    _id: order.id,
    orderNumber: order.orderNumber,
    orderDate: order.orderDate.toISOString(),
    orderStatus: order.orderStatus,
    paymentStatus: order.paymentStatus,
    totalAmount: fromCents(order.totalCents),
    refundedAmount: fromCents(order.refundedCents),
    itemCount: order.lines.reduce((n, line) => n + line.quantity, 0),
  };
}

/** The admin's customers (users whose role is shopper) and the internal notes on them and orders. */
export class CustomersService {
  /** The number of customers without a search, counted again after COUNT_TTL_MS. */
  private counted: { at: number; value: Promise<number> } | undefined;

  constructor(
    private readonly db: Db,
    private readonly deps: CustomersDeps,
    /** From this offset on, a page number past the middle is read from the other end (tests lower it). */
    private readonly reverseFrom = REVERSE_FROM,
  ) {}

  /**
   * Counting 100,000 rows costs more than finding a page, so the total of the unsearched list is
   * kept a few seconds (shoppers sign up; nothing an admin does changes it).
   */
  private countAll() {
    const now = Date.now();
    if (!this.counted || now - this.counted.at > COUNT_TTL_MS) {
      const value = repo.countCustomers(this.db, '');
      this.counted = { at: now, value };
      value.catch(() => {
        this.counted = undefined;
      });
    }
    return this.counted.value;
  }

  /**
   * A page of customers: after or before a cursor (an index range at any depth), or by number.
   * Each answer carries the cursors of its neighbours, so a client pages on with those.
   */
  async list(query: CustomersQuery) {
    const { page, limit, search, sort, after, before } = query;
    const listing: Listing = {
      search,
      sort,
      key: sort.replace(/^-/, '') as CustomerSortKey,
      descending: sort.startsWith('-'),
      limit,
    };
    const count = () => (search ? repo.countCustomers(this.db, search) : this.countAll());
    let found: Found;
    let total: number;
    if (after || before) {
      [found, total] = await Promise.all([
        pageByCursor(this.db, listing, { after, before }),
        count(),
      ]);
    } else if (search) {
      // A searched page is read by number from its start (the total does not steer it). A first
      // page holding every match is its own count: most searches name one customer, and the
      // count reads the trigram index a second time (half of a search's database time).
      found = await pageByNumber(this.db, listing, page, 0, this.reverseFrom);
      total = page === 1 && !found.next ? found.rows.length : await count();
    } else {
      total = await count();
      found = await pageByNumber(this.db, listing, page, total, this.reverseFrom);
    }
    const cursor = (position: Position | null) => position && encodeCursor(sort, position);
    return {
      customers: found.rows.map(toSummary),
      pagination: {
        page: found.page,
        limit,
        total,
        pages: Math.ceil(total / limit),
        next: cursor(found.next),
        prev: cursor(found.prev),
      },
    };
  }

  private async findRow(id: string) {
    const row = isId(id) ? await repo.findCustomer(this.db, id) : undefined;
    if (!row) throw notFound('Customer');
    return row;
  }

  /** Profile, addresses, orders, reviews, saved items and notes of one customer. */
  async details(id: string): Promise<CustomerDetails> {
    const row = await this.findRow(id);
    const { orders, addresses, reviews, wishlist } = this.deps;
    const [addressList, orderList, reviewList, savedItems, notes] = await Promise.all([
      addresses.list(id),
      orders.listForUser(id),
      reviews.listForUser(id),
      wishlist.list(id),
      notesRepo.listForCustomer(this.db, id),
    ]);
    return {
      customer: toSummary(row),
      addresses: addressList,
      orders: orderList.map(toCustomerOrder),
      reviews: reviewList,
      savedItems,
      notes: notes.map(toNote),
    };
  }

  async addCustomerNote(author: SessionUser, id: string, body: string): Promise<Note> {
    await this.findRow(id);
    return toNote(await notesRepo.insertCustomerNote(this.db, id, author, body));
  }

  /**
   * Who placed each order, for the admin's order screens: the customer's account name and email
   * (as the customer page shows them), else the guest's recipient name and email, with no page.
   */
  async placedBy(orders: OrderRecord[]): Promise<OrderCustomer[]> {
    const ids = [...new Set(orders.flatMap((o) => (o.userId && isId(o.userId) ? [o.userId] : [])))];
    const found = new Map((await repo.findCustomers(this.db, ids)).map((r) => [r.id, r]));
    return orders.map((order) => {
      const row = order.userId ? found.get(order.userId) : undefined;
      if (!row) {
        return { name: order.address.name, email: order.guestEmail ?? '', customerId: null };
      }
      const { userName, email } = toSummary(row);
      return { name: userName, email, customerId: row.id };
    });
  }

  /** An order's notes, newest first (only the admin's order answer carries them). */
  async orderNotes(orderId: string): Promise<Note[]> {
    if (!isId(orderId)) return [];
    return (await notesRepo.listForOrder(this.db, orderId)).map(toNote);
  }

  async addOrderNote(author: SessionUser, orderId: string, body: string): Promise<Note> {
    if (!(await this.deps.orders.find(orderId))) throw notFound('Order');
    return toNote(await notesRepo.insertOrderNote(this.db, orderId, author, body));
  }
}
