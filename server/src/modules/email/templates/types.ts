import type { ReturnEmailTemplates } from './return-types';

/** What every template may use besides its own data. */
export type RenderContext = {
  shopName: string;
  publicUrl: string;
  /** SHOP_TIME_ZONE (else SHOP_COUNTRY's): the day an order was placed is named in it; UTC when absent. */
  timeZone?: string;
  /** The footer's "why you receive this" (render.tsx): a guest has no account to name. */
  reason?: string;
};

/** A line as the shopper bought it; size and colour when the product has variants. */
export type EmailOrderLine = {
  title: string;
  quantity: number;
  unitCents: number;
  size?: string | undefined;
  color?: string | undefined;
};

/** An order as the messages show it, snapshotted when the mail is enqueued. */
export type EmailOrder = {
  orderId: string;
  /** The shop's human number (#100042) once orders carry one; else the id is shown. */
  orderNumber?: string | undefined;
  /** The order's recipient (its account's name for orders before it was kept); '' greets nobody. */
  userName: string;
  /**
   * A guest's order: the token of its status page's link (a credential; removed once sent).
   * Without it the messages link to the shopper's account.
   */
  statusToken?: string | undefined;
  /** When it was placed (ISO) and how it is paid ("paypal"); absent in messages queued before. */
  orderDate?: string | undefined;
  paymentMethod?: string | undefined;
  lines: EmailOrderLine[];
  totalCents: number;
  /** How the total was made (the quote); absent in messages queued before pricing existed. */
  breakdown?: EmailBreakdown | undefined;
  refundedCents?: number | undefined;
  /** The delivery label: `name` is absent in messages queued before orders kept it. */
  address: {
    name?: string | undefined;
    address: string;
    city: string;
    pincode: string;
    phone: string;
    /** Absent in messages queued before addresses named them. */
    region?: string | undefined;
    country?: string | undefined;
  };
};

export type EmailBreakdown = {
  subtotalCents: number;
  discountCents: number;
  discountCode: string;
  shippingCents: number;
  shippingMethod: string;
  taxCents: number;
  taxName: string;
  pricesIncludeTax: boolean;
};

/** A parcel as the shipped message shows it: its carrier, tracking link and lines. */
export type EmailShipment = {
  carrier: string;
  trackingNumber: string;
  trackingUrl: string;
  lines: Array<Omit<EmailOrderLine, 'unitCents'>>;
};

export type FulfilmentStatus = 'inProcess' | 'inShipping' | 'delivered' | 'rejected';

/** Every message the shop sends and the data it is rendered from. */
export type EmailTemplates = {
  orderConfirmed: { order: EmailOrder };
  /** PayPal holds the payment (capture PENDING); the confirmation follows once it completes. */
  paymentPending: { order: EmailOrder };
  /** PayPal declined or denied the payment: the order is cancelled, nothing was charged. */
  paymentFailed: { order: EmailOrder };
  orderStatus: {
    order: EmailOrder;
    status: FulfilmentStatus;
    trackingNumber?: string;
    /** Delivered: the last day of the return window (ISO), stated in the message. */
    returnUntil?: string;
  };
  /** A parcel left: every parcel so far, the new one last; complete when nothing is left. */
  orderShipped: { order: EmailOrder; shipments: EmailShipment[]; isComplete: boolean };
  orderCancelled: { order: EmailOrder; refundedCents: number };
  orderRefunded: { order: EmailOrder; amountCents: number; reason: string };
  passwordReset: { userName: string; token: string; minutes: number };
  /** A new staff member's link to choose a password (a reset link that lasts longer). */
  staffInvite: { userName: string; token: string; days: number };
  /** The order lookup's answer: the status link of a guest's order, sent again. */
  orderLink: { order: EmailOrder };
  /** A link that adds the guest orders placed with the account's email to it. */
  claimOrders: { userName: string; token: string; days: number };
  backInStock: { productId: string; title: string; size?: string; color?: string };
  /** The last mail to an erased account's old address (its name is dropped once sent). */
  accountDeleted: { userName: string };
  /** A guest's privacy request, proven by following this link sent to the order's email. */
  guestPrivacy: {
    orderNumber: string;
    request: 'download' | 'erase';
    token: string;
    hours: number;
  };
} & ReturnEmailTemplates;

export type TemplateName = keyof EmailTemplates;

export type EmailMessage = {
  [K in TemplateName]: { to: string; template: K; data: EmailTemplates[K] };
}[TemplateName];
