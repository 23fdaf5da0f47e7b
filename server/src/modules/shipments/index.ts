export { default as adminShipmentsRoutes } from './shipments.routes';
export { ShipmentsService } from './shipments.service';
export { default as trackingSender } from './tracking-sender';
