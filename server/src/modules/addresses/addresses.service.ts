import {
  type Address,
  type AddressFields,
  addressLimitMessage,
  maxAddresses,
} from '@contract/addresses';
import { idSchema } from '@contract/common';
import type { Db, Executor } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import * as repo from './addresses.repository';

const toAddress = (row: repo.AddressRow): Address => ({
  _id: row.id,
  userId: row.userId,
  address: row.address,
  city: row.city,
  pincode: row.pincode,
  phone: row.phone,
  notes: row.notes,
  country: row.country,
  region: row.region,
});

const isId = (id: string) => idSchema.safeParse(id).success;

export class AddressesService {
  constructor(
    private readonly db: Db,
    /** The country of an address added without one (SHOP_COUNTRY). */
    private readonly shopCountry = 'US',
  ) {}

  async list(userId: string): Promise<Address[]> {
    return (await repo.listByUser(this.db, userId)).map(toAddress);
  }

  /** At most three per user, even when requests race: the count is taken under a lock. */
  async add(userId: string, fields: AddressFields): Promise<Address> {
    return this.db.transaction(async (tx) => {
      await repo.lockUser(tx, userId);
      if ((await repo.countByUser(tx, userId)) >= maxAddresses) {
        throw new AppError('ADDRESS_LIMIT', addressLimitMessage);
      }
      const place = { country: fields.country ?? this.shopCountry, region: fields.region ?? '' };
      return toAddress(await repo.insert(tx, userId, { ...fields, ...place }));
    });
  }

  async update(userId: string, addressId: string, fields: AddressFields): Promise<Address> {
    const row = isId(addressId) ? await repo.update(this.db, userId, addressId, fields) : undefined;
    if (!row) throw notFound('Address');
    return toAddress(row);
  }

  async remove(userId: string, addressId: string) {
    if (!isId(addressId) || !(await repo.remove(this.db, userId, addressId))) {
      throw notFound('Address');
    }
  }

  /** One of the user's own addresses (for the order's snapshot), or undefined. */
  async findOwned(userId: string, addressId: string, db: Executor = this.db) {
    if (!isId(addressId)) return undefined;
    const row = await repo.findOwned(db, userId, addressId);
    return row ? toAddress(row) : undefined;
  }
}
