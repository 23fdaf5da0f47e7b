export { default as refundSettler } from './refund-settler';
export { default as adminRefundsRoutes } from './refunds.routes';
export { RefundsService } from './refunds.service';
