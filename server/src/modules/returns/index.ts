export { default as adminReturnsRoutes } from './admin-returns.routes';
export { ReturnMail } from './return-mail';
export { ReturnStepsService } from './return-steps.service';
export { returnsOfOrders } from './return-views';
// eraseReturnsEmail takes the privacy erasure's transaction, so it is a function, not a service
// method.
export { eraseReturnsEmail } from './returns.repository';
export { default as returnsRoutes } from './returns.routes';
export { ReturnsService } from './returns.service';
export { ReturnsReport } from './returns-report';
export { WithdrawalsService } from './withdrawals.service';
