// The customers module's entry for what other modules read and write of its notes beyond its
// service (the privacy module's data download and erasure): each function takes the executor
// (or transaction) its caller holds. Its service is still imported from its file.
// The admin's order search (the orders module) matches customers' names and emails with it.
export { customerIdsMatching } from './customers.repository';
export { customerNotesOf, deleteCustomerNotesOf, orderNotesOf } from './notes.repository';
