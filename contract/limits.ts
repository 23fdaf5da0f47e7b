// Limits and their messages without zod, so the storefront bundle does not carry the schema
// library.

import { formatMoney } from './money';

/**
 * GUEST_CHECKOUT: what a visitor sends where the spec's routes name a user (its cookie picks the
 * cart), and what a guest's order answers as its userId until an account claims it.
 */
export const GUEST_ID = 'guest';

/** The client searches from this many characters on (SPEC §9: more than 3). */
export const minKeywordLength = 4;

export const maxReviewLength = 1000;

export const stockLimitMessage = (n: number) => `Only ${n} quantity can be added for this item`;

/**
 * The longest each of SPEC §3's five address fields may be, after trimming: the server's schemas
 * (saved addresses, a guest's order, the quote's destination) and the forms' maxLength read it.
 */
export const addressFieldMax = {
  address: 200,
  city: 100,
  pincode: 20,
  phone: 30,
  notes: 500,
} as const;

/** A region as an address names it: a code or, where the country lists them, a name. */
export const addressRegionMax = 40;
/** A region code as tax rates and shipping zones name it ("CA", "DE-BY"). */
export const regionCodeMax = 6;

export const maxAddresses = 3;
export const addressLimitMessage = 'You can add max 3 addresses';

/** The longest recipient name a checkout takes (a shipping label's line). */
export const recipientNameMax = 100;

/**
 * The largest order total the checkout takes, in cents ($999,999.99): inside PayPal's amount
 * field (at most 10 characters, "999999.99" is 9) and well inside an int column.
 */
export const maxOrderTotalCents = 99_999_999;
export const overMaximumMessage = `An order can cost at most ${formatMoney(maxOrderTotalCents / 100)}. Please remove some items to pay`;

/** A checkout whose total moved since its quote (expectedTotal): the order is not made. */
export const pricesChangedPrefix = 'Prices changed since you looked';
export const pricesChangedMessage = (totalCents: number) =>
  `${pricesChangedPrefix}: the total is now ${formatMoney(totalCents / 100)}`;

/** How long a discount code the admin makes may be (letters, digits, - or _). */
export const discountCodeLength = { min: 3, max: 32 } as const;
export const discountCodeRule = `${discountCodeLength.min} to ${discountCodeLength.max} letters, digits, - or _`;

/**
 * The longest discount code a shopper may type at checkout: past any code the admin can make,
 * so a mistyped one is answered "not a valid code" rather than refused.
 */
export const enteredDiscountCodeMax = 64;
