// The email module's entry for what other modules read and write of the outbox beyond its
// service (the privacy module's data download and erasure): each function takes the executor
// (or transaction) its caller holds. Its service (and the mail shapes it re-exports) is still
// imported from its file.
export {
  deleteAboutOrders,
  deleteToRecipient,
  listAboutOrders,
  listToRecipient,
  type OutboxRow,
} from './email.repository';
