// The privacy erasure's writes take its transaction, so they are functions, not service methods.
export { anonymiseAccount, eraseAccountSecrets } from './account-erasure.repository';
export { AccountsService, type StaffRow } from './accounts.service';
export { default as authForms } from './auth.forms';
export { authLimits } from './auth.limits';
export { default as authRoutes } from './auth.routes';
export { AuthService, hashPassword } from './auth.service';
export { PasswordResetService } from './password-reset.service';
export { default as sessionCleanup } from './session-cleanup';
