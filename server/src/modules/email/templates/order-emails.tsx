import { orderStatusLabels } from '@contract/order-constants';
import { ButtonLink, Layout, P } from './layout';
import { longDate, money, OrderSummary, orderLabel } from './order-summary';
import type { EmailOrder, EmailTemplates, FulfilmentStatus, RenderContext } from './types';

type Props<K extends keyof EmailTemplates> = EmailTemplates[K] & { ctx: RenderContext };

const ordersUrl = (ctx: RenderContext) => `${ctx.publicUrl}/shop/account`;
export const orderStatusUrl = (ctx: RenderContext, token: string) =>
  `${ctx.publicUrl}/shop/order/${encodeURIComponent(token)}`;

/** A guest's order links to its own status page; a shopper's to the account's orders. */
export function OrderLink({ order, ctx }: { order: EmailOrder; ctx: RenderContext }) {
  return order.statusToken ? (
    <ButtonLink href={orderStatusUrl(ctx, order.statusToken)}>See your order</ButtonLink>
  ) : (
    <ButtonLink href={ordersUrl(ctx)}>See your orders</ButtonLink>
  );
}

export const Greeting = ({ order }: { order: EmailOrder }) => (
  <P>{order.userName ? `Hello ${order.userName},` : 'Hello,'}</P>
);

export const orderConfirmed = {
  subject: (d: EmailTemplates['orderConfirmed']) => `Order ${orderLabel(d.order)} confirmed`,
  Body: ({ order, ctx }: Props<'orderConfirmed'>) => (
    <Layout ctx={ctx} preview={`Thank you for your order ${orderLabel(order)}`}>
      <Greeting order={order} />
      <P>
        Thank you for your order {orderLabel(order)}. Your payment was received and we are preparing
        it.
      </P>
      <OrderSummary order={order} ctx={ctx} />
      <OrderLink order={order} ctx={ctx} />
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
  Body: ({ order, status, trackingNumber, returnUntil, ctx }: Props<'orderStatus'>) => (
    <Layout ctx={ctx} preview={`Your order ${statusSentence[status]}`}>
      <Greeting order={order} />
      <P>
        Your order {orderLabel(order)} {statusSentence[status]}.
      </P>
      {status === 'inShipping' && trackingNumber ? <P>Tracking number: {trackingNumber}</P> : null}
      {status === 'delivered' && returnUntil ? (
        <P>
          You can return items until {longDate(returnUntil)}: ask for a return from your order page.
        </P>
      ) : null}
      {status === 'rejected' ? (
        <P>If you were charged, we will refund you. Reply to this message with any question.</P>
      ) : null}
      <OrderSummary order={order} ctx={ctx} />
      <OrderLink order={order} ctx={ctx} />
    </Layout>
  ),
};

export const orderCancelled = {
  subject: (d: EmailTemplates['orderCancelled']) => `Order ${orderLabel(d.order)} cancelled`,
  Body: ({ order, refundedCents, ctx }: Props<'orderCancelled'>) => (
    <Layout ctx={ctx} preview="Your order was cancelled and refunded">
      <Greeting order={order} />
      <P>
        Your order {orderLabel(order)} was cancelled. {money(refundedCents)} was refunded to your
        PayPal account; it can take a few days to show.
      </P>
      <OrderSummary order={order} ctx={ctx} />
      <OrderLink order={order} ctx={ctx} />
    </Layout>
  ),
};

/** "(in total $Y of $Z)": what this order has been refunded so far, this refund included. */
const refundedSoFar = (order: EmailOrder, amountCents: number) =>
  `(in total ${money(order.refundedCents ?? amountCents)} of ${money(order.totalCents)})`;

export const orderRefunded = {
  subject: (d: EmailTemplates['orderRefunded']) =>
    `Refund of ${money(d.amountCents)} for order ${orderLabel(d.order)}`,
  Body: ({ order, amountCents, reason, ctx }: Props<'orderRefunded'>) => (
    <Layout ctx={ctx} preview={`We refunded ${money(amountCents)}`}>
      <Greeting order={order} />
      <P>
        We refunded {money(amountCents)} of your order {orderLabel(order)} to your PayPal account{' '}
        {refundedSoFar(order, amountCents)}; it can take a few days to show.
      </P>
      {reason ? <P>Reason: {reason}</P> : null}
      <OrderSummary order={order} ctx={ctx} />
      <OrderLink order={order} ctx={ctx} />
    </Layout>
  ),
};

export const orderLink = {
  subject: (d: EmailTemplates['orderLink']) => `Your order ${orderLabel(d.order)}`,
  Body: ({ order, ctx }: Props<'orderLink'>) => (
    <Layout ctx={ctx} preview={`The link to your order ${orderLabel(order)}`}>
      <P>Hello,</P>
      <P>
        You asked for the link to your order {orderLabel(order)}. It shows the order and how it is
        getting on; keep it to yourself, as anyone with it can see the order.
      </P>
      <OrderLink order={order} ctx={ctx} />
      <P>If you did not ask for this, you can ignore this message.</P>
    </Layout>
  ),
};
