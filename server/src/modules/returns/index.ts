// The returns module's entry for what other modules write of the returns beyond its services (the
// privacy module's erasure): each function takes the executor (or transaction) its caller holds.
// Its services are still imported from their files.
export { eraseReturnsEmail } from './returns.repository';
