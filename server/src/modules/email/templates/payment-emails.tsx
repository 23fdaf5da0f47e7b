import { Layout, P } from './layout';
import { Greeting, OrderLink } from './order-emails';
import { OrderSummary, orderLabel } from './order-summary';
import type { EmailTemplates, RenderContext } from './types';

// The messages of a payment PayPal did not complete at once: held (capture PENDING), then
// completed (the usual confirmation) or declined.

type Props<K extends keyof EmailTemplates> = EmailTemplates[K] & { ctx: RenderContext };

export const paymentPending = {
  subject: (d: EmailTemplates['paymentPending']) =>
    `Order ${orderLabel(d.order)}: payment pending at PayPal`,
  Body: ({ order, ctx }: Props<'paymentPending'>) => (
    <Layout ctx={ctx} preview="PayPal is reviewing your payment">
      <Greeting order={order} />
      <P>
        Thank you for your order {orderLabel(order)}. PayPal is still reviewing your payment, which
        can take a few days. Your items are kept for you; we send the order once PayPal completes
        the payment, and we write to you again either way.
      </P>
      <OrderSummary order={order} ctx={ctx} />
      <OrderLink order={order} ctx={ctx} />
    </Layout>
  ),
};

export const paymentFailed = {
  subject: (d: EmailTemplates['paymentFailed']) => `Order ${orderLabel(d.order)}: payment declined`,
  Body: ({ order, ctx }: Props<'paymentFailed'>) => (
    <Layout ctx={ctx} preview="PayPal declined the payment; nothing was charged">
      <Greeting order={order} />
      <P>
        PayPal declined the payment for your order {orderLabel(order)}, so the order was cancelled.
        Nothing was charged. You are welcome to order again with another payment method.
      </P>
      <OrderSummary order={order} ctx={ctx} />
      <OrderLink order={order} ctx={ctx} />
    </Layout>
  ),
};
