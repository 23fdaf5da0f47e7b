import { centsToDecimal, decimalToCents } from '@contract/money';
import { z } from 'zod';
import { checkShipping, experienceContext, shippingBody } from './shipping-rules';
import { paypalId } from './simulator-ids';
import { errors, orderBody } from './simulator-shapes';
import type { CaptureOutcome, Reply, SimOrder } from './simulator-state';
import type { SimulatorStore } from './simulator-store';

// What PayPal checks and does: request bodies, amount rules, and each change of a payment's
// state (create, approve, capture; refunds in refund-rules.ts). Every change goes through the
// store's conditional update, so only the caller whose change took effect moves money or
// announces it.

export const money = z.object({
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
          breakdown: z
            .object({
              item_total: money.optional(),
              shipping: money.optional(),
              tax_total: money.optional(),
              discount: money.optional(),
            })
            .optional(),
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
        shipping: shippingBody,
      }),
    )
    .min(1)
    .max(1),
  // Deprecated by PayPal for payment_source.paypal.experience_context; both are read.
  application_context: experienceContext.optional(),
  payment_source: z
    .object({ paypal: z.object({ experience_context: experienceContext.optional() }) })
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

export function checkAmounts(unit: z.infer<typeof createBody>['purchase_units'][number]) {
  const total = decimalToCents(unit.amount.value);
  if (total <= 0) {
    return { issue: 'CANNOT_BE_ZERO_OR_NEGATIVE', description: 'Must be greater than zero.' };
  }
  const itemTotal = unit.amount.breakdown?.item_total;
  if (unit.items && itemTotal) {
    const sum = unit.items.reduce(
      (s, i) => s + decimalToCents(i.unit_amount.value) * Number(i.quantity),
      0,
    );
    if (sum !== decimalToCents(itemTotal.value)) {
      return {
        issue: 'ITEM_TOTAL_MISMATCH',
        description:
          'Should equal sum of (unit_amount * quantity) across all items for a given purchase_unit',
      };
    }
  }
  const breakdown = unit.amount.breakdown;
  if (itemTotal) {
    const part = (m: { value: string } | undefined) => (m ? decimalToCents(m.value) : 0);
    const parts =
      part(itemTotal) +
      part(breakdown?.tax_total) +
      part(breakdown?.shipping) -
      part(breakdown?.discount);
    if (parts !== total) {
      return {
        issue: 'AMOUNT_MISMATCH',
        description:
          'Should equal item_total + tax_total + shipping + handling + insurance - shipping_discount - discount.',
      };
    }
  }
  return undefined;
}

export const now = () => new Date().toISOString();
const anyReply = (reply: Reply) => reply.status < 500;
export const successOnly = (reply: Reply) => reply.status === 201;

/** Runs `act` once per PayPal-Request-Id when there is one, as PayPal does. */
export function withKey(
  store: SimulatorStore,
  key: string | undefined,
  act: (store: SimulatorStore) => Promise<Reply>,
  keep: (reply: Reply) => boolean,
) {
  return key
    ? store.once(key, act, keep)
    : act(store).then((reply) => ({ reply, isReplay: false }));
}

/** POST /v2/checkout/orders. A repeated request id gets the same order, as it is now. */
export async function createOrder(
  store: SimulatorStore,
  input: unknown,
  requestId: string | undefined,
  base: string,
): Promise<Reply> {
  let created: SimOrder | undefined;
  const { reply, isReplay } = await withKey(
    store,
    requestId && `create:${requestId}`,
    async (s) => {
      // The database store may run this again (transact): only the last run's order counts.
      created = undefined;
      const parsed = createBody.safeParse(input);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const field = `/${issue?.path.join('/') ?? ''}`;
        const message = issue?.message ?? 'Invalid value';
        return {
          status: 400,
          body: errors.invalidRequest(field, 'INVALID_PARAMETER_SYNTAX', message),
        };
      }
      const unit = parsed.data.purchase_units[0]!;
      const problem = checkAmounts(unit);
      if (problem)
        return { status: 422, body: errors.unprocessable(problem.issue, problem.description) };
      const context =
        parsed.data.payment_source?.paypal.experience_context ?? parsed.data.application_context;
      const { shipping, problem: badShipping } = checkShipping(
        unit.shipping,
        context?.shipping_preference,
      );
      if (badShipping) {
        return {
          status: 422,
          body: errors.unprocessable(badShipping.issue, badShipping.description, badShipping.field),
        };
      }
      if (!context) {
        return {
          status: 400,
          body: errors.invalidRequest(
            '/application_context',
            'MISSING_REQUIRED_PARAMETER',
            'The simulator needs return_url and cancel_url.',
          ),
        };
      }
      const at = now();
      created = {
        id: paypalId(),
        status: 'CREATED',
        referenceId: unit.reference_id ?? 'default',
        ...(unit.invoice_id ? { invoiceId: unit.invoice_id } : {}),
        ...(unit.custom_id ? { customId: unit.custom_id } : {}),
        // PayPal answers amounts with their two decimals.
        amount: {
          currency_code: unit.amount.currency_code,
          value: centsToDecimal(decimalToCents(unit.amount.value)),
        },
        items: unit.items ?? [],
        brandName: context.brand_name ?? 'the shop',
        returnUrl: context.return_url,
        cancelUrl: context.cancel_url,
        createTime: at,
        updateTime: at,
        refundedCents: 0,
        ...(shipping ? { shipping } : {}),
      };
      await s.addOrder(created);
      return { status: 201, body: created.id };
    },
    successOnly,
  );
  if (reply.status !== 201) return reply;
  const order = (!isReplay && created) || (await store.findOrder(String(reply.body)));
  if (!order) return { status: 404, body: errors.notFound() };
  return { status: 201, body: orderBody(order, base) };
}

/**
 * The shopper's Approve, with how the capture will answer (the sandbox's buyer choice):
 * `isApprovedNow` for the one call that approved it.
 */
export async function approveOrder(
  store: SimulatorStore,
  id: string,
  outcome: CaptureOutcome = 'COMPLETED',
) {
  const approved = await store.approve(id, paypalId(13), now(), outcome);
  if (approved) return { order: approved, isApprovedNow: true };
  return { order: await store.findOrder(id), isApprovedNow: false };
}

/** POST /v2/checkout/orders/{id}/capture: `captured` for the one call that moved the money. */
export async function captureOrder(
  store: SimulatorStore,
  id: string,
  requestId: string | undefined,
  base: string,
): Promise<{ reply: Reply; captured?: SimOrder }> {
  let captured: SimOrder | undefined;
  const { reply, isReplay } = await withKey(
    store,
    requestId && `capture:${id}:${requestId}`,
    async (s) => {
      // Of callers capturing at once, only one sees this update succeed.
      captured = await s.complete(id, paypalId(), now());
      if (captured) return { status: 201, body: orderBody(captured, base) };
      const order = await s.findOrder(id);
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
      return {
        status: 422,
        body: errors.unprocessable(
          'ORDER_ALREADY_CAPTURED',
          "Order already captured.If 'intent=CAPTURE' only one capture per order is allowed.",
        ),
      };
    },
    anyReply,
  );
  return isReplay || !captured ? { reply } : { reply, captured };
}
