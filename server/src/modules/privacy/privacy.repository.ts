import type { Executor } from '../../db/client';
import { deleteAddressesOf } from '../addresses';
import { anonymiseAccount, eraseAccountSecrets } from '../auth';
import { deleteCartOf } from '../cart';
import { deleteCustomerNotesOf } from '../customers';
import { deleteToRecipient } from '../email';
import { deleteSavedSizesOf } from '../my-sizes';
import { deleteClaimTokensOf, eraseOrderContacts, orderIdsOfPerson } from '../orders';
import { eraseReturnsEmail } from '../returns';
import { renameAuthor } from '../reviews';
import { deleteStockAlertsOf } from '../stock-alerts';
import { notifyProductsChanged } from '../storefront';
import { deleteSavedItemsOf } from '../wishlist';

/** An erased account's address: unique, and `.invalid` can never route (RFC 2606). */
export const erasedEmail = (userId: string) => `deleted-${userId}@invalid`;
/** What replaces an order's address fields. */
export const ERASED = 'erased';

/**
 * Erases one account's personal data, inside the caller's transaction: the user row stays as
 * "Former customer" with an unusable email and password; orders and returns keep their lines
 * and money with the contact fields replaced; what is only the shopper's is deleted. Deleting
 * sessions and updating the user fire the triggers whose NOTIFY makes every instance forget
 * them at commit.
 *
 * Each statement is its table's module's, reached through that module's entry (index.ts) with
 * this transaction; this file holds their order (the same as when they were written here: rows
 * are locked and NOTIFYs queued in it) and no table.
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
  const orderIds = await orderIdsOfPerson(tx, id, email);
  await eraseAccountSecrets(tx, id);
  await deleteAddressesOf(tx, id);
  await deleteCartOf(tx, id);
  await deleteSavedItemsOf(tx, id);
  await deleteStockAlertsOf(tx, id);
  await deleteSavedSizesOf(tx, id);
  await deleteClaimTokensOf(tx, id);
  await deleteCustomerNotesOf(tx, id);
  // Mail already sent or waiting for the old address: its data names the person.
  await deleteToRecipient(tx, email);
  if (orderIds.length > 0) {
    await eraseOrderContacts(tx, orderIds, { field: ERASED, email: placeholder });
    await eraseReturnsEmail(tx, orderIds, placeholder);
  }
  const reviewed = await renameAuthor(tx, id, formerName);
  // No trigger announces a review's author: the storefront's cached review lists would keep it.
  await notifyProductsChanged(tx, reviewed);
  await anonymiseAccount(tx, id, { userName: formerName, email: placeholder, deletedAt: now });
}
