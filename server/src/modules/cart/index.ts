// deleteCartOf takes the privacy erasure's transaction, so it is a function, not a service method.
export { deleteCartOf } from './cart.repository';
export { default as cartRoutes } from './cart.routes';
export { CartService } from './cart.service';
export { default as guestCartCleanup } from './guest-cart-cleanup';
