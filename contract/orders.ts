export const orderStatuses = [
  'pending',
  'confirmed',
  'inProcess',
  'inShipping',
  'delivered',
  'rejected',
  'cancelled',
] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** The statuses an admin may set; confirmed and cancelled belong to the payment flow. */
export const adminOrderStatuses = [
  'pending',
  'inProcess',
  'inShipping',
  'delivered',
  'rejected',
] as const;
