import { z } from 'zod';
import { paypalId } from './simulator-ids';
import { errors, orderBody } from './simulator-shapes';
import type { Reply, SimulatorState } from './simulator-state';

// What PayPal checks and does: request bodies, amount rules, and the capture itself.

const money = z.object({
  currency_code: z.string().regex(/^[A-Z]{3}$/),
  value: z.string().regex(/^\d{1,10}(\.\d{1,2})?$/),
});
export const createBody = z.object({
  intent: z.literal('CAPTURE'),
  purchase_units: z
    .array(
      z.object({
        reference_id: z.string().max(256).optional(),
        invoice_id: z.string().max(127).optional(),
        custom_id: z.string().max(127).optional(),
        amount: money.extend({
          breakdown: z.object({ item_total: money.optional() }).optional(),
        }),
        items: z
          .array(
            z.object({
              name: z.string().min(1).max(127),
              quantity: z.string().regex(/^\d{1,10}$/),
              unit_amount: money,
            }),
          )
          .optional(),
      }),
    )
    .min(1)
    .max(1),
  application_context: z
    .object({
      brand_name: z.string().max(127).optional(),
      return_url: z.url(),
      cancel_url: z.url(),
    })
    .optional(),
});

export const verifyBody = z.object({
  auth_algo: z.string().min(1),
  cert_url: z.string().min(1),
  transmission_id: z.string().min(1),
  transmission_sig: z.string().min(1),
  transmission_time: z.string().min(1),
  webhook_id: z.string().min(1),
  webhook_event: z.record(z.string(), z.unknown()),
});

const cents = (value: string) => Math.round(Number(value) * 100);
export function checkAmounts(unit: z.infer<typeof createBody>['purchase_units'][number]) {
  const total = cents(unit.amount.value);
  if (total <= 0) {
    return { issue: 'CANNOT_BE_ZERO_OR_NEGATIVE', description: 'Must be greater than zero.' };
  }
  const itemTotal = unit.amount.breakdown?.item_total;
  if (unit.items && itemTotal) {
    const sum = unit.items.reduce((s, i) => s + cents(i.unit_amount.value) * Number(i.quantity), 0);
    if (sum !== cents(itemTotal.value)) {
      return {
        issue: 'ITEM_TOTAL_MISMATCH',
        description:
          'Should equal sum of (unit_amount * quantity) across all items for a given purchase_unit',
      };
    }
  }
  if (itemTotal && cents(itemTotal.value) !== total) {
    return {
      issue: 'AMOUNT_MISMATCH',
      description:
        'Should equal item_total + tax_total + shipping + handling + insurance - shipping_discount - discount.',
    };
  }
  return undefined;
}

export function capture(state: SimulatorState, id: string, base: string): Reply {
  const order = state.orders.get(id);
  if (!order) return { status: 404, body: errors.notFound() };
  if (order.status === 'CREATED') {
    return {
      status: 422,
      body: errors.unprocessable(
        'ORDER_NOT_APPROVED',
        "Payer has not yet approved the Order for payment. Please redirect the payer to the 'rel':'approve' url returned as part of the HATEOAS links within the Create Order call.",
      ),
    };
  }
  if (order.status === 'COMPLETED') {
    return {
      status: 422,
      body: errors.unprocessable(
        'ORDER_ALREADY_CAPTURED',
        "Order already captured.If 'intent=CAPTURE' only one capture per order is allowed.",
      ),
    };
  }
  order.status = 'COMPLETED';
  order.captureId = paypalId();
  order.updateTime = new Date().toISOString();
  state.captures += 1;
  return { status: 201, body: orderBody(order, base) };
}
