import type { SimOrder } from './simulator-state';

// PayPal's response and error bodies, as documented for the Orders v2 API.

export function orderBody(order: SimOrder, base: string) {
  const self = `${base}/v2/checkout/orders/${order.id}`;
  const links =
    order.status === 'CREATED'
      ? [
          { href: self, rel: 'self', method: 'GET' },
          { href: `${base}/checkoutnow?token=${order.id}`, rel: 'approve', method: 'GET' },
          { href: self, rel: 'update', method: 'PATCH' },
          { href: `${self}/capture`, rel: 'capture', method: 'POST' },
        ]
      : order.status === 'APPROVED'
        ? [
            { href: self, rel: 'self', method: 'GET' },
            { href: `${self}/capture`, rel: 'capture', method: 'POST' },
          ]
        : [{ href: self, rel: 'self', method: 'GET' }];
  const payer = order.payerId
    ? {
        name: { given_name: 'Sandbox', surname: 'Buyer' },
        email_address: 'buyer@sandbox.example',
        payer_id: order.payerId,
      }
    : undefined;
  const captures = order.captureId
    ? [
        {
          id: order.captureId,
          ...captureStatusFields(order),
          amount: order.amount,
          final_capture: true,
          create_time: order.updateTime,
          update_time: order.updateTime,
        },
      ]
    : undefined;
  return {
    id: order.id,
    intent: 'CAPTURE',
    status: order.status,
    purchase_units: [
      {
        reference_id: order.referenceId,
        ...(order.invoiceId ? { invoice_id: order.invoiceId } : {}),
        ...(order.customId ? { custom_id: order.customId } : {}),
        amount: order.amount,
        items: order.items,
        ...(order.shipping ? { shipping: order.shipping } : {}),
        ...(captures ? { payments: { captures } } : {}),
      },
    ],
    ...(payer ? { payer, payment_source: { paypal: { account_id: payer.payer_id } } } : {}),
    create_time: order.createTime,
    update_time: order.updateTime,
    links,
  };
}

const debugId = () => Math.random().toString(16).slice(2, 15);

export const errors = {
  authentication: () => ({
    name: 'AUTHENTICATION_FAILURE',
    message:
      'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
    debug_id: debugId(),
    links: [],
  }),
  invalidClient: () => ({
    error: 'invalid_client',
    error_description: 'Client Authentication failed',
  }),
  notFound: () => ({
    name: 'RESOURCE_NOT_FOUND',
    message: 'The specified resource does not exist.',
    debug_id: debugId(),
    details: [
      {
        issue: 'INVALID_RESOURCE_ID',
        description:
          'Specified resource ID does not exist. Please check the resource ID and try again.',
      },
    ],
  }),
  invalidRequest: (field: string, issue: string, description: string) => ({
    name: 'INVALID_REQUEST',
    message: 'Request is not well-formed, syntactically incorrect, or violates schema.',
    debug_id: debugId(),
    details: [{ field, location: 'body', issue, description }],
  }),
  unprocessable: (issue: string, description: string, field?: string) => ({
    name: 'UNPROCESSABLE_ENTITY',
    message:
      'The requested action could not be performed, semantically incorrect, or failed business validation.',
    debug_id: debugId(),
    details: [{ ...(field ? { field, location: 'body' } : {}), issue, description }],
  }),
  internal: () => ({
    name: 'INTERNAL_SERVER_ERROR',
    message: 'An internal server error occurred.',
    debug_id: debugId(),
  }),
};

/** The error body PayPal sends with an injected status. */
export function faultBody(status: number, issue = 'UNPROCESSABLE_ENTITY') {
  if (status === 401) return errors.authentication();
  if (status === 404) return errors.notFound();
  if (status === 422) return errors.unprocessable(issue, `Simulated failure: ${issue}`);
  if (status >= 500) return errors.internal();
  return errors.invalidRequest('', issue, 'Simulated failure');
}

/** A capture's status as PayPal shows it: a PENDING one says why in status_details. */
export function captureStatusFields(order: SimOrder) {
  // A chargeback took the money back. PayPal's capture statuses have no REVERSED: the capture
  // reads REFUNDED with the reason CHARGEBACK (payments/v2/definitions/capture_status_details).
  if (order.reversedAt) return { status: 'REFUNDED', status_details: { reason: 'CHARGEBACK' } };
  const status = order.captureStatus ?? 'COMPLETED';
  return status === 'PENDING' && order.captureReason
    ? { status, status_details: { reason: order.captureReason } }
    : { status };
}

/**
 * The capture resource of PAYMENT.CAPTURE.* webhook events and of GET /v2/payments/captures/{id}
 * (its "up" link names the order, as PayPal's does).
 */
export function captureResource(order: SimOrder, base = '') {
  return {
    id: order.captureId ?? '',
    ...captureStatusFields(order),
    amount: order.amount,
    final_capture: true,
    ...(order.invoiceId ? { invoice_id: order.invoiceId } : {}),
    ...(order.customId ? { custom_id: order.customId } : {}),
    supplementary_data: { related_ids: { order_id: order.id } },
    create_time: order.updateTime,
    update_time: order.updateTime,
    links: [
      { href: `${base}/v2/payments/captures/${order.captureId}`, rel: 'self', method: 'GET' },
      { href: `${base}/v2/checkout/orders/${order.id}`, rel: 'up', method: 'GET' },
    ],
  };
}
