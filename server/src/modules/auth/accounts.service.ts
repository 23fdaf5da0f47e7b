import type { Db, Executor } from '../../db/client';
import * as erasureRepo from './account-erasure.repository';
import * as repo from './users-admin.repository';

export type { StaffRow } from './users-admin.repository';

/**
 * The accounts as other modules read and write them: the staff pages' list and edits, the names
 * the audit log shows, a discount's customer. A write takes the caller's transaction.
 */
export class AccountsService {
  constructor(private readonly db: Db) {}

  listStaff() {
    return repo.listStaff(this.db);
  }

  ownerId(db: Executor = this.db) {
    return repo.staffOwnerId(db);
  }

  /** One account, erased or not (the privacy export's and erasure's subject). */
  find(id: string) {
    return erasureRepo.findAccount(this.db, id);
  }

  /** The account, locked until `tx` ends: two edits of one person run one after another. */
  lock(tx: Executor, id: string) {
    return repo.lockUser(tx, id);
  }

  idByEmail(tx: Executor, email: string) {
    return repo.findUserIdByEmail(tx, email);
  }

  insertStaff(tx: Executor, values: Parameters<typeof repo.insertStaff>[1]) {
    return repo.insertStaff(tx, values);
  }

  updateStaff(tx: Executor, id: string, values: Parameters<typeof repo.updateStaff>[2]) {
    return repo.updateStaff(tx, id, values);
  }

  contactsOf(ids: string[], db: Executor = this.db) {
    return repo.contactsOf(db, ids);
  }

  /** One page of shoppers' accounts by id (erased ones left out), for the CSV export. */
  pageOfShoppers(afterId: string | null, limit: number) {
    return repo.pageOfShoppers(this.db, afterId, limit);
  }

  emailsOf(ids: string[], db: Executor = this.db) {
    return repo.emailsOf(db, ids);
  }
}
