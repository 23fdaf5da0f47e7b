import { renderToStaticMarkup } from 'react-dom/server';
import {
  accountDeleted,
  backInStock,
  claimOrders,
  guestPrivacy,
  passwordReset,
  staffInvite,
} from './templates/account-emails';
import {
  orderCancelled,
  orderConfirmed,
  orderLink,
  orderRefunded,
  orderStatus,
} from './templates/order-emails';
import { paymentFailed, paymentPending } from './templates/payment-emails';
import {
  returnApproved,
  returnReceived,
  returnRefused,
  returnRequested,
  withdrawalException,
  withdrawalNotRecorded,
  withdrawalReceived,
} from './templates/return-emails';
import { orderShipped } from './templates/shipment-emails';
import type { EmailTemplates, RenderContext, TemplateName } from './templates/types';

type Template<K extends TemplateName> = {
  subject: (data: EmailTemplates[K]) => string;
  Body: (props: EmailTemplates[K] & { ctx: RenderContext }) => React.ReactElement;
};

const templates: { [K in TemplateName]: Template<K> } = {
  orderConfirmed,
  paymentPending,
  paymentFailed,
  orderStatus,
  orderShipped,
  orderCancelled,
  orderRefunded,
  passwordReset,
  staffInvite,
  accountDeleted,
  backInStock,
  orderLink,
  claimOrders,
  guestPrivacy,
  returnRequested,
  withdrawalReceived,
  withdrawalNotRecorded,
  withdrawalException,
  returnApproved,
  returnRefused,
  returnReceived,
};

export const isTemplateName = (name: string): name is TemplateName => name in templates;

export type RenderedEmail = { subject: string; html: string; text: string };

/** A message as HTML and as plain text, from the same React component. */
export function renderEmail<K extends TemplateName>(
  name: K,
  data: EmailTemplates[K],
  ctx: RenderContext,
): RenderedEmail {
  const template = templates[name] as Template<K>;
  // Called as a function: the generic props do not fit JSX's IntrinsicAttributes check.
  const reason = footerReason(name, data, ctx.shopName);
  const body = template.Body({ ...data, ctx: reason ? { ...ctx, reason } : ctx });
  const html = `<!DOCTYPE html>${renderToStaticMarkup(body)}`;
  return { subject: `${template.subject(data)} · ${ctx.shopName}`, html, text: htmlToText(html) };
}

/**
 * Why a message that is not about an account reaches its reader: a guest's order (its status
 * link), a guest's privacy request and a stock alert name what they answer; the rest (the
 * account's) keep the layout's "because of your account".
 */
function footerReason<K extends TemplateName>(name: K, data: EmailTemplates[K], shop: string) {
  if (name === 'guestPrivacy') {
    return `You receive this message because your order's number and this email were given at ${shop} to ask for your data.`;
  }
  if (name === 'backInStock') {
    return `You receive this message because you asked ${shop} to tell you when this is back.`;
  }
  const order = (data as { order?: { statusToken?: string } }).order;
  if (order?.statusToken) {
    return `You receive this message because you placed an order at ${shop} with this email.`;
  }
  return undefined;
}

const entities: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  '#x27': "'",
  '#39': "'",
  nbsp: ' ',
};

/**
 * The plain-text part, from the HTML the templates produce (our own markup, not arbitrary
 * HTML): blocks and rows become lines, links keep their address, hidden previews go.
 */
export function htmlToText(html: string) {
  return (
    html
      .replace(/<head[\s\S]*?<\/head>/gi, '')
      .replace(/<div style="display:none[\s\S]*?<\/div>/gi, '')
      .replace(
        /<a [^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi,
        (_, href: string, label: string) => {
          const text = label.replace(/<[^>]+>/g, '').trim();
          return href === text ? href : `${text}: ${href}`;
        },
      )
      .replace(/<br\s*\/?>/gi, '\n')
      // A list's items each on a line of their own, then every block's end a line break.
      .replace(/<li[^>]*>/gi, '- ')
      .replace(/<\/(p|tr|h1|h2|h3|h4|div|li|ul|ol|table|section|blockquote)>/gi, '\n')
      .replace(/<\/td>/gi, '  ')
      .replace(/<[^>]+>/g, '')
      .replace(/&(#?\w+);/g, (m, e: string) => entities[e] ?? m)
      .split('\n')
      .map((line) => line.replace(/[ \t]+/g, ' ').trim())
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}
