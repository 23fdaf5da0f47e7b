import { erasureBlockedMessage } from '@contract/privacy';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { deleteAddressesOf } from '../addresses';
import { anonymiseAccount, eraseAccountSecrets } from '../auth';
import { deleteCartOf } from '../cart';
import { deleteCustomerNotesOf } from '../customers';
import { deleteAboutOrders, deleteToRecipient } from '../email';
import { deleteSavedSizesOf } from '../my-sizes';
import { deleteClaimTokensOf, eraseOrderContacts, lockOrdersOfPerson } from '../orders';
import { eraseReturnsEmail } from '../returns';
import { anonymiseReviewsOf } from '../reviews';
import { deleteStockAlertsOf } from '../stock-alerts';
import { notifyProductsChanged } from '../storefront';
import { deleteSavedItemsOf } from '../wishlist';
import { deleteGuestPrivacyTokens } from './guest-privacy.repository';

/** An erased account's address: unique, and `.invalid` can never route (RFC 2606). */
export const erasedEmail = (userId: string) => `deleted-${userId}@invalid`;
/** What replaces an erased guest order's email. */
export const ERASED_GUEST_EMAIL = 'deleted-guest@invalid';
/** What replaces an order's address fields. */
export const ERASED = 'erased';
/** The guest's privacy links: their mail goes with the erasure too. */
export const GUEST_PRIVACY_TEMPLATES = ['guestPrivacy'];

// Money taken, or on its way (a capture PayPal has not settled yet), for goods not yet handed over.
const HELD = new Set<string>(['paid', 'partially_refunded', 'pending_capture']);

/**
 * Locks the person's orders and refuses (409, naming the order) while one is paid and neither
 * delivered nor fully refunded: its delivery, refund or dispute still needs the address and the
 * email (GDPR art. 17(1)(a): the data is still needed for the contract). Returns their ids.
 */
async function ordersOnceSettled(tx: Executor, userId: string | null, email: string) {
  const rows = await lockOrdersOfPerson(tx, userId, email);
  const open = rows.find((o) => HELD.has(o.paymentStatus) && o.orderStatus !== 'delivered');
  if (open) throw new AppError('CONFLICT', erasureBlockedMessage(open.orderNumber));
  return rows.map((o) => o.id);
}

/**
 * Erases one account's personal data, inside the caller's transaction: the user row stays as
 * "Former customer" with an unusable email and password; orders keep what the tax records need
 * and returns their lines; what is only the shopper's is deleted. Deleting sessions and
 * updating the user fire the triggers whose NOTIFY makes every instance forget them at commit.
 *
 * Each statement is its table's module's, reached through that module's entry (index.ts) with
 * this transaction; this file holds their order (rows are locked and NOTIFYs queued in it).
 */
export async function eraseAccount(
  tx: Executor,
  account: { id: string; email: string },
  formerName: string,
  now: Date,
) {
  const { id, email } = account;
  const placeholder = erasedEmail(id);
  // The account's orders and the guest orders placed with its email.
  const orderIds = await ordersOnceSettled(tx, id, email);
  await eraseAccountSecrets(tx, id);
  await deleteAddressesOf(tx, id);
  await deleteCartOf(tx, id);
  await deleteSavedItemsOf(tx, id);
  await deleteStockAlertsOf(tx, id);
  await deleteSavedSizesOf(tx, id);
  await deleteClaimTokensOf(tx, id);
  await deleteCustomerNotesOf(tx, id);
  await deleteGuestPrivacyTokens(tx, email);
  // Mail already sent or waiting for the old address: its data names the person.
  await deleteToRecipient(tx, email);
  if (orderIds.length > 0) {
    await eraseOrderContacts(tx, orderIds, { field: ERASED, email: placeholder });
    await eraseReturnsEmail(tx, orderIds, placeholder);
  }
  const reviewed = await anonymiseReviewsOf(tx, id, formerName);
  // No trigger announces a review's author: the storefront's cached review lists would keep it.
  await notifyProductsChanged(tx, reviewed);
  await anonymiseAccount(tx, id, { userName: formerName, email: placeholder, deletedAt: now });
}

/**
 * Erases a guest's orders (those placed with `email` that no account claimed) as an account's:
 * what the tax records need stays, the contact fields, status links, privacy links and the
 * mail about them go. An account with that email keeps its own mail. Returns how many orders.
 */
export async function eraseGuestOrders(tx: Executor, email: string) {
  const orderIds = await ordersOnceSettled(tx, null, email);
  await deleteAboutOrders(tx, email, orderIds, GUEST_PRIVACY_TEMPLATES);
  await deleteGuestPrivacyTokens(tx, email);
  await eraseOrderContacts(tx, orderIds, { field: ERASED, email: ERASED_GUEST_EMAIL });
  await eraseReturnsEmail(tx, orderIds, ERASED_GUEST_EMAIL);
  return orderIds.length;
}
