// Limits and their messages without zod, so the storefront bundle does not carry the schema
// library.

/**
 * GUEST_CHECKOUT: what a visitor sends where the spec's routes name a user (its cookie picks the
 * cart), and what a guest's order answers as its userId until an account claims it.
 */
export const GUEST_ID = 'guest';

/** The client searches from this many characters on (SPEC §9: more than 3). */
export const minKeywordLength = 4;

export const maxReviewLength = 1000;

export const stockLimitMessage = (n: number) => `Only ${n} quantity can be added for this item`;

export const maxAddresses = 3;
export const addressLimitMessage = 'You can add max 3 addresses';
