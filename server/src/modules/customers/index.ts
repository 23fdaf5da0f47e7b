// The privacy module's download and erasure, and the admin's order search, run these in a
// transaction of their own: each takes the caller's executor.
export { customerIdsMatching } from './customers.repository';
export { default as customersRoutes } from './customers.routes';
export { CustomersService } from './customers.service';
export { customerNotesOf, deleteCustomerNotesOf, orderNotesOf } from './notes.repository';
export { default as orderNotesRoutes } from './order-notes.routes';
