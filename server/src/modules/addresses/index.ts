// deleteAddressesOf takes the privacy erasure's transaction, so it is a function, not a service
// method.
export { deleteAddressesOf } from './addresses.repository';
export { default as addressesRoutes } from './addresses.routes';
export { AddressesService, placeRegion, savedRegion } from './addresses.service';
