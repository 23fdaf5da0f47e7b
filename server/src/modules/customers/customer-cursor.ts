import { isId } from '@contract/common';
import type { CustomerSort, CustomerSortKey } from '@contract/customers';
import { AppError } from '../../lib/app-error';

/**
 * A cursor names a position in one sort of the customer list: the sort key's exact value (as
 * the database prints it, microseconds included) and the customer's id that breaks ties. It is
 * base64url so clients pass it back untouched; it is checked on the way in because it becomes
 * query parameters.
 */
export type Position = { key: string; id: string };

const INTEGER = /^-?\d{1,18}$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** An ISO timestamp that names a real instant (no 31 February, which PostgreSQL would refuse). */
const isInstant = (key: string) =>
  TIMESTAMP.test(key) && new Date(key).toISOString().slice(0, 19) === key.slice(0, 19);

const validKey: Record<CustomerSortKey, (key: string) => boolean> = {
  orders: (key) => INTEGER.test(key),
  spent: (key) => INTEGER.test(key),
  joined: isInstant,
  lastOrder: (key) => key === '-infinity' || isInstant(key),
};

export function encodeCursor(sort: CustomerSort, { key, id }: Position) {
  return Buffer.from(`${sort} ${key} ${id}`).toString('base64url');
}

/** The position a cursor names, refused (400) if it is malformed or made for another sort. */
export function decodeCursor(sort: CustomerSort, cursor: string): Position {
  const [cursorSort, key = '', id = '', ...rest] = Buffer.from(cursor, 'base64url')
    .toString('utf8')
    .split(' ');
  const sortKey = sort.replace(/^-/, '') as CustomerSortKey;
  if (cursorSort !== sort || rest.length > 0 || !isId(id) || !validKey[sortKey](key)) {
    throw new AppError(
      'INVALID_INPUT',
      'The cursor is not one this list gave for this sort; start again from the first page',
    );
  }
  return { key, id };
}
