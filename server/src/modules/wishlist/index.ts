// deleteSavedItemsOf takes the privacy erasure's transaction, so it is a function, not a service
// method.
export { deleteSavedItemsOf } from './wishlist.repository';
export { default as wishlistRoutes } from './wishlist.routes';
export { WishlistService } from './wishlist.service';
