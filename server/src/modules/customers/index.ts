// The customers module's entry for what other modules read and write of its notes beyond its
// service (the privacy module's data download and erasure): each function takes the executor
// (or transaction) its caller holds. Its service is still imported from its file.
export { customerNotesOf, deleteCustomerNotesOf, orderNotesOf } from './notes.repository';
