// The reviews module's entry for what other modules write of the reviews beyond its service (the
// privacy module's erasure): each function takes the executor (or transaction) its caller holds.
// Its service is still imported from its file.
export { anonymiseReviewsOf } from './reviews.repository';
