// anonymiseReviewsOf takes the privacy erasure's transaction, so it is a function, not a service
// method.
export { anonymiseReviewsOf } from './reviews.repository';
export { default as reviewsRoutes } from './reviews.routes';
export { ReviewsService } from './reviews.service';
