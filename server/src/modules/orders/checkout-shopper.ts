/** Who a checkout is for: the caller's own order, a shopper's delivery and earlier orders. */

import type { CreateOrderBody, GuestOrderDetails } from '@contract/checkout';
import { isId } from '@contract/common';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import type { Shopper } from '../../lib/shopper';
import { type AddressesService, placeRegion, savedRegion } from '../addresses';
import * as payRepo from './order-payments.repository';
import type { PaymentSettlement } from './payment-settlement';
import type { QuoteService } from './quote.service';

/** What resolving a delivery needs of the checkout's collaborators. */
type Deps = { addresses: AddressesService; quotes: QuoteService };

/**
 * Who asks to capture or cancel: the signed-in user and/or this browser's guest (GUEST_CHECKOUT).
 * An order is theirs when it is the user's, or was opened by the guest's cookie.
 */
export type Caller = { userId?: string | undefined; guestKey?: string | undefined };

/** Where an order goes and who it is for: a saved address, or a guest's typed-in one. */
export type Delivery = {
  addressId: string | null;
  address: string;
  city: string;
  pincode: string;
  phone: string;
  notes: string;
  country: string;
  region: string;
  /** Whom the parcel is for: labels, messages and the withdrawal's acknowledgment name them. */
  recipientName: string;
  guestEmail: string | null;
};

/**
 * The saved address a shopper picked, or the one a guest typed in with its email and name. A
 * saved address holds no name: a shopper's parcel is for the account's name (`accountName`).
 */
export async function orderDelivery(
  deps: Deps,
  shopper: Shopper,
  body: CreateOrderBody,
  guest: GuestOrderDetails | undefined,
  accountName: string,
): Promise<Delivery> {
  if (shopper.kind === 'guest') {
    if (!guest) throw new AppError('INVALID_INPUT', 'email is required');
    const { country = deps.quotes.shopCountry, name, ...fields } = guest.addressInfo;
    return {
      addressId: null,
      ...fields,
      country,
      region: guestRegion(country, fields.region, fields.pincode),
      recipientName: name,
      guestEmail: guest.email,
    };
  }
  const addressId = body.addressInfo?.addressId ?? '';
  const address = addressId ? await deps.addresses.findOwned(shopper.userId, addressId) : undefined;
  if (!address) throw new AppError('INVALID_INPUT', 'Please select one address to proceed.');
  const { _id, userId: _owner, ...fields } = address;
  return {
    addressId: _id,
    ...fields,
    region: savedRegion(address),
    recipientName: accountName,
    guestEmail: null,
  };
}

/** A guest's region as typed, checked against its ZIP, with the field named as its body has it. */
function guestRegion(country: string, region: string, postcode: string) {
  try {
    return placeRegion({ country, region, postcode });
  } catch (error) {
    if (error instanceof AppError) throw new AppError(error.code, `addressInfo.${error.message}`);
    throw error;
  }
}

/** The caller's order by our id, or by PayPal's token; both must agree when both are sent. */
export async function ownOrderRow(
  db: Db,
  caller: Caller,
  input: { orderId?: string | undefined; paymentId?: string | undefined },
) {
  const row = input.orderId
    ? isId(input.orderId)
      ? await payRepo.findPayable(db, input.orderId)
      : undefined
    : await payRepo.findByProviderOrderId(db, input.paymentId ?? '');
  if (!row) throw notFound('Order');
  const isOwn =
    (caller.userId !== undefined && row.userId === caller.userId) ||
    (caller.guestKey !== undefined && row.guestKey === caller.guestKey);
  if (!isOwn) throw new AppError('FORBIDDEN', 'You can only pay for your own orders');
  const providerOrderId = row.payment?.providerOrderId;
  if (input.paymentId && providerOrderId && input.paymentId !== providerOrderId) {
    throw new AppError('INVALID_INPUT', 'This payment does not belong to this order');
  }
  return row;
}

/** The shopper's pending orders whose capture went unanswered are settled with PayPal. */
export async function settleUnanswered(db: Db, settlement: PaymentSettlement, shopper: Shopper) {
  for (const row of await payRepo.findPendingByShopper(db, shopper)) {
    if (!row.payment?.captureStartedAt) continue;
    await settlement
      .reconcile(row, { captureApproved: false, release: true })
      .catch(() => undefined);
  }
}
