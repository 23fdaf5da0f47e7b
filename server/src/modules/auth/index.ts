// The auth module's entry for what other modules read and write of the accounts beyond its
// services (staff, the CSV export, the privacy module's erasure): each function takes the
// executor (or transaction) its caller holds. Its services are still imported from their files
// until their importers move here.
export {
  anonymiseAccount,
  eraseAccountSecrets,
  findAccount,
} from './account-erasure.repository';
export {
  contactsOf,
  emailsOf,
  findUserIdByEmail,
  insertStaff,
  listStaff,
  lockUser,
  pageOfShoppers,
  type StaffRow,
  staffOwnerId,
  updateStaff,
} from './users-admin.repository';
