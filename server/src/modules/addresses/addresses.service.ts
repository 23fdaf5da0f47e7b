import {
  type Address,
  type AddressFields,
  addressLimitMessage,
  maxAddresses,
} from '@contract/addresses';
import { isId } from '@contract/common';
import { checkPlace, type PlaceInput, placeError, savedPlaceError } from '@contract/delivery-place';
import type { Db, Executor } from '../../db/client';
import { transact } from '../../db/transaction';
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

/**
 * The region shipping and tax read for a place (a US state's code, the ZIP's state when none is
 * named), or a 400 naming the field: an unknown state, a ZIP of another state.
 */
export function placeRegion(place: PlaceInput): string {
  const check = checkPlace(place);
  if (!check.ok) throw new AppError('INVALID_INPUT', placeError(check));
  return check.region;
}

/**
 * The region of a saved address, checked again at quote and checkout: one saved before the check
 * (no state, another ZIP's) is refused with a request to edit it, never priced as it stands.
 */
export function savedRegion({ country, region, pincode }: Address): string {
  const check = checkPlace({ country, region, postcode: pincode });
  if (!check.ok) throw new AppError('INVALID_INPUT', savedPlaceError(check));
  return check.region;
}

/** Why a country's addresses must name their region (the taxes' rule), or null. */
export type RegionRequirement = (country: string) => Promise<string | null>;

export class AddressesService {
  constructor(
    private readonly db: Db,
    /** The country of an address added without one (SHOP_COUNTRY). */
    private readonly shopCountry = 'US',
    private readonly regionRequirement: RegionRequirement = async () => null,
  ) {}

  /** The region to save: checked against the ZIP, and required where tax depends on it. */
  private async regionToSave(place: PlaceInput) {
    const region = placeRegion(place);
    const required = region === '' ? await this.regionRequirement(place.country) : null;
    if (required) throw new AppError('INVALID_INPUT', required);
    return region;
  }

  async list(userId: string): Promise<Address[]> {
    return (await repo.listByUser(this.db, userId)).map(toAddress);
  }

  /** At most three per user, even when requests race: the count is taken under a lock. */
  async add(userId: string, fields: AddressFields): Promise<Address> {
    const country = fields.country ?? this.shopCountry;
    // Before the transaction: the tax settings are read on a connection of their own.
    const region = await this.regionToSave({
      country,
      region: fields.region ?? '',
      postcode: fields.pincode,
    });
    return transact(this.db, async (tx) => {
      await repo.lockUser(tx, userId);
      if ((await repo.countByUser(tx, userId)) >= maxAddresses) {
        throw new AppError('ADDRESS_LIMIT', addressLimitMessage);
      }
      return toAddress(await repo.insert(tx, userId, { ...fields, country, region }));
    });
  }

  /**
   * An edit keeps the country it does not name; a US address whose edit names no region takes
   * its new ZIP's state (a client of SPEC §7 sends the five fields only).
   */
  async update(userId: string, addressId: string, fields: AddressFields): Promise<Address> {
    const saved = isId(addressId) ? await repo.findOwned(this.db, userId, addressId) : undefined;
    if (!saved) throw notFound('Address');
    const country = fields.country ?? saved.country;
    const kept = country === 'US' ? '' : saved.region;
    const region = await this.regionToSave({
      country,
      region: fields.region ?? kept,
      postcode: fields.pincode,
    });
    const row = await repo.update(this.db, userId, addressId, { ...fields, country, region });
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
