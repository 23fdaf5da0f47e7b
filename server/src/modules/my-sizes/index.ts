// deleteSavedSizesOf takes the privacy erasure's transaction, so it is a function, not a service
// method.
export { deleteSavedSizesOf } from './my-sizes.repository';
export { default as mySizesRoutes } from './my-sizes.routes';
export { MySizesService } from './my-sizes.service';
