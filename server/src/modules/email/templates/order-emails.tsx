import { orderStatusLabels } from '../../../../../contract/order-constants';
import { ButtonLink, Layout, P } from './layout';
import { money, OrderSummary, orderLabel } from './order-summary';
import type { EmailTemplates, FulfilmentStatus, RenderContext } from './types';

type Props<K extends keyof EmailTemplates> = EmailTemplates[K] & { ctx: RenderContext };

const ordersUrl = (ctx: RenderContext) => `${ctx.publicUrl}/shop/account`;

export const orderConfirmed = {
  subject: (d: EmailTemplates['orderConfirmed']) => `Order ${orderLabel(d.order)} confirmed`,
  Body: ({ order, ctx }: Props<'orderConfirmed'>) => (
    <Layout ctx={ctx} preview={`Thank you for your order ${orderLabel(order)}`}>
      <P>Hello {order.userName},</P>
      <P>
        Thank you for your order {orderLabel(order)}. Your payment was received and we are preparing
        it.
      </P>
      <OrderSummary order={order} />
      <ButtonLink href={ordersUrl(ctx)}>See your orders</ButtonLink>
    </Layout>
  ),
};

const statusSentence: Record<FulfilmentStatus, string> = {
  inProcess: 'is being prepared',
  inShipping: 'has been shipped',
  delivered: 'has been delivered',
  rejected: 'could not be fulfilled and was rejected',
};

export const orderStatus = {
  subject: (d: EmailTemplates['orderStatus']) =>
    `Order ${orderLabel(d.order)}: ${orderStatusLabels[d.status]}`,
  Body: ({ order, status, trackingNumber, ctx }: Props<'orderStatus'>) => (
    <Layout ctx={ctx} preview={`Your order ${statusSentence[status]}`}>
      <P>Hello {order.userName},</P>
      <P>
        Your order {orderLabel(order)} {statusSentence[status]}.
      </P>
      {status === 'inShipping' && trackingNumber ? <P>Tracking number: {trackingNumber}</P> : null}
      {status === 'rejected' ? (
        <P>If you were charged, we will refund you. Reply to this message with any question.</P>
      ) : null}
      <OrderSummary order={order} />
      <ButtonLink href={ordersUrl(ctx)}>See your orders</ButtonLink>
    </Layout>
  ),
};

export const orderCancelled = {
  subject: (d: EmailTemplates['orderCancelled']) => `Order ${orderLabel(d.order)} cancelled`,
  Body: ({ order, refundedCents, ctx }: Props<'orderCancelled'>) => (
    <Layout ctx={ctx} preview="Your order was cancelled and refunded">
      <P>Hello {order.userName},</P>
      <P>
        Your order {orderLabel(order)} was cancelled. {money(refundedCents)} was refunded to your
        PayPal account; it can take a few days to show.
      </P>
      <OrderSummary order={order} />
    </Layout>
  ),
};

export const orderRefunded = {
  subject: (d: EmailTemplates['orderRefunded']) =>
    `Refund of ${money(d.amountCents)} for order ${orderLabel(d.order)}`,
  Body: ({ order, amountCents, reason, ctx }: Props<'orderRefunded'>) => (
    <Layout ctx={ctx} preview={`We refunded ${money(amountCents)}`}>
      <P>Hello {order.userName},</P>
      <P>
        We refunded {money(amountCents)} of your order {orderLabel(order)} to your PayPal account;
        it can take a few days to show.
      </P>
      {reason ? <P>Reason: {reason}</P> : null}
      <OrderSummary order={order} />
      <ButtonLink href={ordersUrl(ctx)}>See your orders</ButtonLink>
    </Layout>
  ),
};
