import type { SessionUser } from '@contract/auth';
import { idSchema } from '@contract/common';
import {
  type CustomerDetails,
  type CustomerSortKey,
  type CustomerSummary,
  type CustomersQuery,
  FORMER_CUSTOMER,
} from '@contract/customers';
import { fromCents } from '@contract/money';
import type { Note } from '@contract/notes';
import type { Order } from '@contract/orders';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import type { AddressesService } from '../addresses/addresses.service';
import type { OrdersService } from '../orders/orders.service';
import type { ReviewsService } from '../reviews/reviews.service';
import type { WishlistService } from '../wishlist/wishlist.service';
import * as repo from './customers.repository';
import * as notesRepo from './notes.repository';

export type CustomersDeps = {
  orders: OrdersService;
  addresses: AddressesService;
  reviews: ReviewsService;
  wishlist: WishlistService;
};

const isId = (id: string) => idSchema.safeParse(id).success;
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

function toCustomerOrder(order: Order) {
  return {
    _id: order._id,
    orderNumber: order.orderNumber,
    orderDate: order.orderDate,
    orderStatus: order.orderStatus,
    paymentStatus: order.paymentStatus,
    totalAmount: order.totalAmount,
    refundedAmount: order.refundedAmount,
    itemCount: order.cartItems.reduce((n, line) => n + line.quantity, 0),
  };
}

/** The admin's customers (users whose role is shopper) and the internal notes on them and orders. */
export class CustomersService {
  /** The number of customers without a search, counted again after COUNT_TTL_MS. */
  private counted: { at: number; value: Promise<number> } | undefined;

  constructor(
    private readonly db: Db,
    private readonly deps: CustomersDeps,
    /** From this offset on, a page past the middle is read from the other end (tests lower it). */
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

  async list(query: CustomersQuery) {
    const { page, limit, search } = query;
    const descending = query.sort.startsWith('-');
    const key = query.sort.replace(/^-/, '') as CustomerSortKey;
    const offset = (page - 1) * limit;
    let rows: repo.CustomerRow[];
    let total: number;
    if (search) {
      [rows, total] = await Promise.all([
        repo.listPage(this.db, { search, key, descending, limit, offset }),
        repo.countCustomers(this.db, search),
      ]);
    } else {
      total = await this.countAll();
      // OFFSET walks the index up to the page: a page past the middle is found from the other
      // end (the same order reversed, ties included), so no page walks more than half of it.
      const fromEnd = offset >= this.reverseFrom && offset > total / 2;
      rows =
        offset >= total
          ? []
          : fromEnd
            ? (
                await repo.listPage(this.db, {
                  search,
                  key,
                  descending: !descending,
                  limit: Math.min(limit, total - offset),
                  offset: Math.max(0, total - offset - limit),
                })
              ).reverse()
            : await repo.listPage(this.db, { search, key, descending, limit, offset });
    }
    return {
      customers: rows.map(toSummary),
      pagination: { page, limit, total, pages: Math.ceil(total / limit) },
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
