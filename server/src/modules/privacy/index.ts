export { GuestPrivacyService } from './guest-privacy.service';
export { default as privacyRoutes } from './privacy.routes';
export { PrivacyService } from './privacy.service';
export { default as privacyAdminRoutes } from './privacy-admin.routes';
export { default as privacyGuestRoutes } from './privacy-guest.routes';
