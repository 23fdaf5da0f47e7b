export { default as shippingRoutes } from './shipping.routes';
export { ShippingService } from './shipping.service';
