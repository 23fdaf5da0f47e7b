/**
 * Query keys one admin feature's writes invalidate in another's (a note on an order, a
 * customer's erasure): kept here because features never import each other. Each feature's
 * list file re-exports its own, so the keys' other users read them from there.
 */
export const adminOrdersQueryKey = ['admin-orders'] as const;
export const adminCustomersQueryKey = ['admin-customers'] as const;
