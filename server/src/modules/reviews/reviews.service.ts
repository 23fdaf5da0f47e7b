import type { SessionUser } from '@contract/auth';
import { isId } from '@contract/common';
import {
  type AddReviewBody,
  alreadyReviewedMessage,
  fitNeedsSizeMessage,
  type Review,
  ratingMessage,
} from '@contract/reviews';
import type { Db } from '../../db/client';
import { transact } from '../../db/transaction';
import { AppError, forbidden, notFound } from '../../lib/app-error';
import { ChangeListeners } from '../../lib/change-listeners';
import { isUniqueViolation } from '../../lib/db-errors';
import type { CatalogService } from '../catalog';
import type { PurchasesService } from '../orders';
import { fulfilmentFacts } from '../orders';
import type { ListingService } from '../storefront';
import { reviewStanding } from './review-eligibility';
import * as repo from './reviews.repository';

/** The newest reviews a product page shows. */
const REVIEWS_SHOWN = 100;

export class ReviewsService {
  private readonly changes = new ChangeListeners<string>();

  constructor(
    private readonly db: Db,
    private readonly catalog: CatalogService,
    private readonly listing: ListingService,
    private readonly purchases: PurchasesService,
  ) {}

  /** Called after a review (and so the product's average) has been committed. */
  onChange(listener: (productId: string) => void) {
    return this.changes.on(listener);
  }

  async listForProduct(productId: string): Promise<Review[]> {
    await this.catalog.assertExists(productId);
    const rows = await repo.listForProduct(this.db, productId, REVIEWS_SHOWN);
    return rows.map(repo.toReview);
  }

  /** A shopper's reviews, newest first (the admin's customer page; at most 200). */
  async listForUser(userId: string): Promise<Review[]> {
    return (await repo.listForUser(this.db, userId, 200)).map(repo.toReview);
  }

  /**
   * The author is the session's user; the body's userId must be theirs, its userName is ignored.
   * Only a buyer who kept a delivered unit may review (review-eligibility.ts); the size is that
   * unit's, never the body's, and `fit` is taken only from a buyer of a size.
   */
  async add(user: SessionUser, body: AddReviewBody & { reviewMessage: string }): Promise<Review> {
    if (body.userId !== undefined && body.userId !== user.id) {
      throw forbidden('You can only review as yourself');
    }
    if (!isId(body.productId)) throw notFound('Product');
    if (body.reviewValue < 1 || body.reviewValue > 5) {
      throw new AppError('INVALID_INPUT', ratingMessage);
    }
    const { productId } = body;
    try {
      const review = await transact(this.db, async (tx) => {
        // The row lock makes concurrent reviews of one product recompute its average in turn,
        // each seeing the reviews committed before it.
        if (!(await this.listing.lockForReview(tx, productId))) throw notFound('Product');
        const standing = reviewStanding(
          (await this.purchases.ordersOfProduct(user.id, productId, tx)).map(fulfilmentFacts),
          productId,
        );
        // One code for every refusal (no kept, delivered unit); the message says which.
        if (!standing.canReview) throw new AppError('NOT_PURCHASED', standing.reason);
        const { size } = standing;
        if (body.fit && size === null) throw new AppError('INVALID_INPUT', fitNeedsSizeMessage);
        const row = await repo.insertReview(tx, {
          productId,
          userId: user.id,
          userName: user.userName,
          reviewMessage: body.reviewMessage,
          reviewValue: body.reviewValue,
          size,
          fit: body.fit ?? null,
        });
        await this.listing.setReviewStats(tx, productId, await repo.statsForProduct(tx, productId));
        return repo.toReview(row);
      });
      this.changes.emit(productId);
      return review;
    } catch (error) {
      // reviews_product_user_key: one review per shopper and product, even under a race.
      if (isUniqueViolation(error)) throw new AppError('ALREADY_REVIEWED', alreadyReviewedMessage);
      throw error;
    }
  }
}
