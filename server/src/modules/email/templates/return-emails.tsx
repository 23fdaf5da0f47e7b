import { ButtonLink, Layout, P } from './layout';
import type { EmailReturn, EmailReturnOrder, ReturnEmailTemplates } from './return-types';
import type { RenderContext } from './types';

type Props<K extends keyof ReturnEmailTemplates> = ReturnEmailTemplates[K] & {
  ctx: RenderContext;
};

const label = (order: EmailReturnOrder) => `#${order.orderNumber}`;
const what = (r: EmailReturn) => (r.kind === 'withdrawal' ? 'withdrawal' : 'return');

/** A day written out in the shop's time zone ("16 March 2026"). */
const refundDay = (iso: string, timeZone = 'UTC') =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone }).format(new Date(iso));

/** The moment written out in full, in UTC, as the acknowledgment must state it. */
export const receiptTime = (iso: string) =>
  `${new Intl.DateTimeFormat('en-GB', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(new Date(iso))} UTC`;

function Greeting({ order }: { order: EmailReturnOrder }) {
  return <P>{order.userName ? `Hello ${order.userName},` : 'Hello,'}</P>;
}

function OrderLink({ order, ctx }: { order: EmailReturnOrder; ctx: RenderContext }) {
  return order.statusToken ? (
    <ButtonLink href={`${ctx.publicUrl}/shop/order/${encodeURIComponent(order.statusToken)}`}>
      See your order
    </ButtonLink>
  ) : (
    <ButtonLink href={`${ctx.publicUrl}/shop/account`}>See your orders</ButtonLink>
  );
}

/** The lines named, one per row, with size, colour, reason and (once received) restock. */
function Lines({ r }: { r: EmailReturn }) {
  return (
    <ul style={{ margin: '0 0 14px', paddingLeft: 20 }}>
      {r.lines.map((line, i) => {
        const options = [line.size && `Size ${line.size}`, line.color && `Colour ${line.color}`]
          .filter(Boolean)
          .join(', ');
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a static snapshot, never reordered
          <li key={i}>
            {line.title}
            {options ? ` (${options})` : ''} × {line.quantity}
            {line.reason ? ` · ${line.reason}` : ''}
          </li>
        );
      })}
    </ul>
  );
}

function Comment({ r }: { r: EmailReturn }) {
  return r.comment ? <P>Your comment: {r.comment}</P> : null;
}

export const returnRequested = {
  subject: (d: ReturnEmailTemplates['returnRequested']) =>
    `Return request for order ${label(d.order)} received`,
  Body: (d: Props<'returnRequested'>) => (
    <Layout ctx={d.ctx} preview="We received your return request">
      <Greeting order={d.order} />
      <P>
        We received your request to return these items of order {label(d.order)} on{' '}
        {receiptTime(d.receivedAt)}:
      </P>
      <Lines r={d} />
      <Comment r={d} />
      <P>
        Next: we check it and email you the return instructions (where and how to send the items).
        Please wait for them before sending anything.
      </P>
      <OrderLink order={d.order} ctx={d.ctx} />
    </Layout>
  ),
};

export const withdrawalReceived = {
  subject: (d: ReturnEmailTemplates['withdrawalReceived']) =>
    `Acknowledgment of your withdrawal from order ${label(d.order)}`,
  Body: (d: Props<'withdrawalReceived'>) => (
    <Layout ctx={d.ctx} preview="We received your withdrawal from the contract">
      <Greeting order={d.order} />
      <P>
        This confirms that we received your withdrawal from the contract of order {label(d.order)}{' '}
        on {receiptTime(d.receivedAt)}. You withdrew from:
      </P>
      <Lines r={d} />
      <Comment r={d} />
      {d.isShipped ? (
        <>
          <P>
            Next: we email you the return instructions. Send the items back within 14 days of this
            withdrawal.
          </P>
          <P>
            We refund what you paid for them, and the standard delivery cost once the last item of
            the order is withdrawn, within 14 days of this withdrawal
            {d.refundDueAt ? ` (by ${refundDay(d.refundDueAt, d.timeZone)})` : ''}. We may wait
            until the items are back with us or you send us proof that you have sent them, whichever
            comes first.
          </P>
        </>
      ) : (
        <P>
          Next: these items have not shipped yet, so there is nothing to send back. We stop them and
          refund what you paid for them, and the standard delivery cost once the last item of the
          order is withdrawn, without waiting
          {d.refundDueAt ? ` and by ${refundDay(d.refundDueAt, d.timeZone)} at the latest` : ''}.
        </P>
      )}
      <P>Keep this message: it is your record of the withdrawal.</P>
      <OrderLink order={d.order} ctx={d.ctx} />
    </Layout>
  ),
};

export const withdrawalNotRecorded = {
  subject: (d: ReturnEmailTemplates['withdrawalNotRecorded']) =>
    `Your withdrawal from order ${label(d.order)} could not be recorded`,
  Body: (d: Props<'withdrawalNotRecorded'>) => (
    <Layout ctx={d.ctx} preview="We could not record your withdrawal">
      <Greeting order={d.order} />
      <P>
        On {receiptTime(d.receivedAt)} we received a withdrawal from order {label(d.order)}, but
        could not record it: {d.reason}
      </P>
      <P>Reply to this message if you think this is a mistake.</P>
      <OrderLink order={d.order} ctx={d.ctx} />
    </Layout>
  ),
};

export const returnApproved = {
  subject: (d: ReturnEmailTemplates['returnApproved']) =>
    `Your ${what(d)} for order ${label(d.order)} is approved`,
  Body: (d: Props<'returnApproved'>) => (
    <Layout ctx={d.ctx} preview="How to send the items back">
      <Greeting order={d.order} />
      <P>
        We approved your {what(d)} of these items of order {label(d.order)}:
      </P>
      <Lines r={d} />
      <P>{d.instructions}</P>
      <P>
        {d.isShipped === false
          ? 'They have not shipped, so nothing needs to be sent back: we refund them shortly.'
          : 'We refund them once they are back with us.'}
      </P>
      <OrderLink order={d.order} ctx={d.ctx} />
    </Layout>
  ),
};

export const returnRefused = {
  subject: (d: ReturnEmailTemplates['returnRefused']) =>
    `Your ${what(d)} for order ${label(d.order)} was refused`,
  Body: (d: Props<'returnRefused'>) => (
    <Layout ctx={d.ctx} preview="We could not accept your return">
      <Greeting order={d.order} />
      <P>
        We could not accept your {what(d)} of these items of order {label(d.order)}:
      </P>
      <Lines r={d} />
      <P>Reason: {d.reason}</P>
      <P>Reply to this message with any question.</P>
      <OrderLink order={d.order} ctx={d.ctx} />
    </Layout>
  ),
};

export const withdrawalException = {
  subject: (d: ReturnEmailTemplates['withdrawalException']) =>
    `Your withdrawal from order ${label(d.order)}: these items cannot be withdrawn`,
  Body: (d: Props<'withdrawalException'>) => (
    <Layout ctx={d.ctx} preview="The right of withdrawal does not apply to these items">
      <Greeting order={d.order} />
      <P>
        The right of withdrawal does not apply to these items of order {label(d.order)}, which you
        withdrew from on {receiptTime(d.receivedAt)}:
      </P>
      <Lines r={d} />
      <P>Why: {d.exception}.</P>
      <P>{d.reason}</P>
      <P>Reply to this message if you think this is a mistake.</P>
      <OrderLink order={d.order} ctx={d.ctx} />
    </Layout>
  ),
};

export const returnReceived = {
  subject: (d: ReturnEmailTemplates['returnReceived']) =>
    `We received your ${what(d)} for order ${label(d.order)}`,
  Body: (d: Props<'returnReceived'>) => (
    <Layout ctx={d.ctx} preview="Your items are back with us">
      <Greeting order={d.order} />
      <P>
        {d.isShipped === false
          ? `These items of order ${label(d.order)} were stopped before shipping:`
          : `These items of order ${label(d.order)} are back with us:`}
      </P>
      <Lines r={d} />
      <P>Next: we refund them to your PayPal account and email you when it is done.</P>
      <OrderLink order={d.order} ctx={d.ctx} />
    </Layout>
  ),
};
