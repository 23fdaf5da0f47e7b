// The privacy module's download and erasure read and delete the outbox in their transaction:
// those functions take the caller's executor.
export {
  deleteAboutOrders,
  deleteToRecipient,
  listAboutOrders,
  listToRecipient,
  type OutboxRow,
} from './email.repository';
export { default as emailRoutes } from './email.routes';
export { type EmailReturn, type EmailReturnOrder, EmailService } from './email.service';
export { default as emailSender } from './email-sender';
export { createMailer } from './mailer';
export { CLAIM_DAYS, OrderMailService } from './order-mail.service';
