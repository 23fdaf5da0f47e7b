// The bodies of PayPal Orders v2 requests, built from the shop's own names: what is sent, and
// PayPal's limits on each field, in one place.

import { centsToDecimal } from '@contract/money';

export type Money = { currency_code: string; value: string };
/** An amount of cents as PayPal writes it: the currency's code and a decimal of two places. */
export const paypalAmount = (cents: number, currency: string): Money => ({
  currency_code: currency,
  value: centsToDecimal(cents),
});
export type CreateOrderInput = {
  referenceId: string;
  /** The shop's order number: PayPal shows it to the payer and refuses a duplicate. */
  invoiceId?: string;
  amount: Money;
  /** amount = itemTotal + shipping + taxTotal - discount (PayPal refuses a mismatch). */
  breakdown?: { itemTotal: Money; shipping: Money; taxTotal: Money; discount: Money };
  items: Array<{ name: string; quantity: number; unitAmount: Money }>;
  /** Where the parcel goes: sent with SET_PROVIDED_ADDRESS, so the payer cannot change it. */
  shipping: ShippingAddress;
  returnUrl: string;
  cancelUrl: string;
  brandName: string;
};

/** PayPal's purchase_units[].shipping: the recipient's full name and the address. */
export type ShippingAddress = {
  fullName: string;
  addressLine1: string;
  /** City. */
  adminArea2: string;
  /** State or region ('' when the country has none). */
  adminArea1: string;
  postalCode: string;
  /** ISO 3166-1 alpha-2. */
  countryCode: string;
};

/** A parcel's tracking for POST /v2/checkout/orders/{id}/track. */
export type TrackerInput = {
  captureId: string;
  trackingNumber: string;
  /** PayPal's carrier code (UPS, USPS, FEDEX, ...), or OTHER with carrierNameOther. */
  carrier: string;
  carrierNameOther?: string;
};

/** The headers PayPal signs a webhook delivery with, and the event exactly as received. */
export type WebhookSignature = {
  authAlgo: string;
  certUrl: string;
  transmissionId: string;
  transmissionSig: string;
  transmissionTime: string;
  webhookId: string;
  rawEvent: string;
};

/** POST /v2/checkout/orders: an order with intent CAPTURE, its parts and where it ships. */
export function orderBody(input: CreateOrderInput) {
  return {
    intent: 'CAPTURE',
    purchase_units: [
      {
        reference_id: input.referenceId,
        custom_id: input.referenceId,
        ...(input.invoiceId ? { invoice_id: input.invoiceId } : {}),
        amount: {
          ...input.amount,
          breakdown: input.breakdown
            ? {
                item_total: input.breakdown.itemTotal,
                shipping: input.breakdown.shipping,
                tax_total: input.breakdown.taxTotal,
                discount: input.breakdown.discount,
              }
            : { item_total: input.amount },
        },
        items: input.items.map((item) => ({
          name: item.name.slice(0, 127),
          quantity: String(item.quantity),
          unit_amount: item.unitAmount,
          category: 'PHYSICAL_GOODS',
        })),
        shipping: shippingOf(input.shipping),
      },
    ],
    // application_context is deprecated; its fields now live in the payment source's
    // experience_context. SET_PROVIDED_ADDRESS: the payer sees the shop's address and cannot
    // change it, which Seller Protection asks for (ships to the address on the transaction).
    payment_source: {
      paypal: {
        experience_context: {
          brand_name: input.brandName.slice(0, 127),
          return_url: input.returnUrl,
          cancel_url: input.cancelUrl,
          user_action: 'PAY_NOW',
          shipping_preference: 'SET_PROVIDED_ADDRESS',
        },
      },
    },
  };
}

/** POST /v2/checkout/orders/{id}/track. */
export function trackerBody(input: TrackerInput) {
  return {
    capture_id: input.captureId,
    tracking_number: input.trackingNumber,
    carrier: input.carrier,
    ...(input.carrierNameOther ? { carrier_name_other: input.carrierNameOther } : {}),
    // The shop emails the shopper its own "has shipped" message.
    notify_payer: false,
  };
}

/** POST /v2/payments/captures/{id}/refund: all of the capture without an amount. */
export function refundBody(input: { amount?: Money; note?: string }) {
  return {
    ...(input.amount ? { amount: input.amount } : {}),
    ...(input.note ? { note_to_payer: input.note.slice(0, 255) } : {}),
  };
}

/**
 * POST /v1/notifications/verify-webhook-signature. The event goes back exactly as it came:
 * re-serialising it could change the signed bytes.
 */
export function verifyBody(input: WebhookSignature): string {
  const fields = {
    auth_algo: input.authAlgo,
    cert_url: input.certUrl,
    transmission_id: input.transmissionId,
    transmission_sig: input.transmissionSig,
    transmission_time: input.transmissionTime,
    webhook_id: input.webhookId,
  };
  return `${JSON.stringify(fields).slice(0, -1)},"webhook_event":${input.rawEvent}}`;
}

function shippingOf(shipping: ShippingAddress) {
  return {
    name: { full_name: shipping.fullName.slice(0, 300) },
    address: {
      address_line_1: shipping.addressLine1.slice(0, 300),
      admin_area_2: shipping.adminArea2.slice(0, 120),
      ...(shipping.adminArea1 ? { admin_area_1: shipping.adminArea1.slice(0, 300) } : {}),
      postal_code: shipping.postalCode.slice(0, 60),
      country_code: shipping.countryCode,
    },
  };
}
