export { default as taxesRoutes } from './taxes.routes';
export { TaxesService } from './taxes.service';
