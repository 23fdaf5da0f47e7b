import type { CustomerSort, CustomerSortKey } from '@contract/customers';
import type { Executor } from '../../db/client';
import { decodeCursor, type Position } from './customer-cursor';
import * as repo from './customers.repository';

/*
 * Finding a page of the customer list: by cursor (keyset: the rows after or before a position,
 * one index range of `limit` entries at any depth; what the back office pages with), or by page
 * number (OFFSET, kept for clients that send `page`: it walks the index up to the page, so a deep
 * one is read from the nearer end and never walks more than half).
 */

export type Listing = {
  search: string;
  sort: CustomerSort;
  key: CustomerSortKey;
  descending: boolean;
  limit: number;
};

export type Found = {
  rows: repo.PageRow[];
  /** Known for a page asked by number and for the first page; null for one found by cursor. */
  page: number | null;
  /** Where the pages before and after this one are; null at the start and at the end. */
  prev: Position | null;
  next: Position | null;
};

const at = (row: repo.PageRow | undefined): Position | null =>
  row ? { key: row.position, id: row.id } : null;

/** A forward read of one more row than the page: the extra row says whether a next page exists. */
async function readForward(db: Executor, l: Listing, page: number, after?: Position) {
  const offset = after ? 0 : (page - 1) * l.limit;
  const read = await repo.listPage(db, { ...l, limit: l.limit + 1, offset, after });
  const rows = read.slice(0, l.limit);
  return { rows, next: read.length > l.limit ? at(rows.at(-1)) : null };
}

export async function pageByNumber(
  db: Executor,
  l: Listing,
  page: number,
  total: number,
  reverseFrom: number,
): Promise<Found> {
  const offset = (page - 1) * l.limit;
  // A page past the middle is found from the other end (the same order reversed, ties
  // included). The unsearched total is a few seconds old at most, which only moves the middle.
  if (!l.search && offset >= reverseFrom && offset > total / 2) {
    // The read is one row longer than the page, as every read of the list is (one statement
    // per page size); the last page is the first `total - offset` rows of it.
    const rows =
      offset >= total
        ? []
        : (
            await repo.listPage(db, {
              ...l,
              descending: !l.descending,
              limit: l.limit + 1,
              offset: Math.max(0, total - offset - l.limit),
            })
          )
            .slice(0, Math.min(l.limit, total - offset))
            .reverse();
    const next = offset + l.limit < total ? at(rows.at(-1)) : null;
    return { rows, page, prev: at(rows[0]), next };
  }
  const { rows, next } = await readForward(db, l, page);
  return { rows, page, prev: page > 1 ? at(rows[0]) : null, next };
}

export async function pageByCursor(
  db: Executor,
  l: Listing,
  cursor: { after?: string; before?: string },
): Promise<Found> {
  if (cursor.after) {
    const position = decodeCursor(l.sort, cursor.after);
    const { rows, next } = await readForward(db, l, 1, position);
    // Past the end (its last rows were deleted meanwhile), the way back starts at the cursor.
    return { rows, page: null, prev: at(rows[0]) ?? position, next };
  }
  const position = decodeCursor(l.sort, cursor.before ?? '');
  const read = await repo.listPage(db, {
    ...l,
    descending: !l.descending,
    limit: l.limit + 1,
    after: position,
  });
  if (read.length <= l.limit) {
    // Fewer than a page before the cursor: the first page, in full.
    const { rows, next } = await readForward(db, l, 1);
    return { rows, page: 1, prev: null, next };
  }
  const rows = read.slice(0, l.limit).reverse();
  return { rows, page: null, prev: at(rows[0]), next: at(rows.at(-1)) };
}
