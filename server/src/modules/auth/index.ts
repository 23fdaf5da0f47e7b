// The auth module's entry for what other modules read and write of the accounts beyond its
// services (staff, the CSV export, the privacy module's erasure): each function takes the
// executor (or transaction) its caller holds. Its services are still imported from their files
// until their importers move here.
export {
  anonymiseAccount,
  eraseAccountSecrets,
  findAccount,
} from './account-erasure.repository';
export { default as authForms } from './auth.forms';
export { authLimits } from './auth.limits';
export { default as authRoutes } from './auth.routes';
export { AuthService, hashPassword } from './auth.service';
export { PasswordResetService } from './password-reset.service';
export { default as sessionCleanup } from './session-cleanup';
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
