import type { SimOrder } from './simulator-state';

const html = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const style = `
  body{font-family:system-ui,sans-serif;margin:0;background:#f5f7fa;color:#111}
  main{max-width:28rem;margin:0 auto;padding:1.5rem 1rem}
  .banner{background:#fff4ce;border:1px solid #e0b400;border-radius:.5rem;padding:.75rem 1rem}
  h1{font-size:1.4rem} table{width:100%;border-collapse:collapse;margin:1rem 0}
  td,th{padding:.4rem 0 .4rem .75rem;border-bottom:1px solid #ddd;text-align:left} td.n,th.n{text-align:right;white-space:nowrap} td:first-child,th:first-child{padding-left:0}
  .total{font-size:1.2rem;font-weight:700}
  .actions{display:flex;flex-wrap:wrap;gap:.75rem;margin-top:1.5rem}
  button{font:inherit;font-weight:600;padding:.7rem 1.5rem;border-radius:999px;border:0;cursor:pointer}
  .approve{background:#0070ba;color:#fff} .cancel{background:#e5e7eb;color:#111}
  .choice{background:#fff;color:#0070ba;box-shadow:inset 0 0 0 2px #0070ba}
  .choices{margin-top:1.5rem} .choices p{margin:.25rem 0;font-size:.9rem;color:#444}
  button:focus-visible{outline:3px solid #111;outline-offset:2px}`;

function page(title: string, content: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${html(title)}</title><style>${style}</style></head><body><main>
<p class="banner" role="note"><strong>PayPal sandbox.</strong> This is the shop's built-in PayPal
simulator: no money moves and no PayPal account is needed.</p>
${content}</main></body></html>`;
}

export function approvalPage(order: SimOrder) {
  const money = (value: string) => `$${html(value)} ${html(order.amount.currency_code)}`;
  const rows = order.items
    .map(
      (i) =>
        `<tr><td>${html(i.name)}</td><td class="n">${html(i.quantity)}</td><td class="n">${money(i.unit_amount.value)}</td></tr>`,
    )
    .join('');
  const token = `<input type="hidden" name="token" value="${html(order.id)}">`;
  if (order.status === 'COMPLETED' && order.captureStatus === 'PENDING') {
    return reviewPage(order, token);
  }
  if (order.status !== 'CREATED') {
    return page(
      'Payment already approved',
      `<h1>This payment is already ${order.status === 'COMPLETED' ? 'completed' : 'approved'}</h1>
<form method="post" action="checkoutnow/approve">${token}
<div class="actions"><button class="approve" type="submit">Return to the shop</button></div></form>`,
    );
  }
  return page(
    'PayPal sandbox: approve payment',
    `<h1>Pay ${html(order.brandName)}</h1>
<table><thead><tr><th>Item</th><th class="n">Qty</th><th class="n">Price</th></tr></thead>
<tbody>${rows}</tbody></table>
<p class="total">Total: ${money(order.amount.value)}</p>
<div class="actions">
<form method="post" action="checkoutnow/approve">${token}<button class="approve" type="submit">Approve</button></form>
<form method="post" action="checkoutnow/cancel">${token}<button class="cancel" type="submit">Cancel</button></form>
</div>
${buyerChoices(token)}`,
  );
}

/** The sandbox's other buyers: how PayPal will answer the shop's capture after Approve. */
function buyerChoices(token: string) {
  const choice = (outcome: string, label: string) =>
    `<form method="post" action="checkoutnow/approve">${token}<input type="hidden" name="outcome" value="${outcome}"><button class="choice" type="submit">${label}</button></form>`;
  // Their names leave out "Approve", so a search for the Approve button still finds one.
  return `<section class="choices" aria-labelledby="sandbox-choices">
<h2 id="sandbox-choices" style="font-size:1rem">Sandbox: approve with another outcome</h2>
<p>The payment is approved, and the shop's capture then answers PENDING (the bank reviews the
payment, and settles it later from this page) or DECLINED.</p>
<div class="actions">
${choice('PENDING', 'Let the bank review it')}
${choice('DECLINED', 'Let the bank decline it')}
</div></section>`;
}

/** A capture under review: the sandbox ends the review as the bank would, later. */
function reviewPage(order: SimOrder, token: string) {
  const end = (outcome: string, label: string, kind: string) =>
    `<form method="post" action="checkoutnow/settle">${token}<input type="hidden" name="outcome" value="${outcome}"><button class="${kind}" type="submit">${label}</button></form>`;
  return page(
    'PayPal sandbox: payment under review',
    `<h1>This payment is under review</h1>
<p>The capture of ${html(order.amount.value)} ${html(order.amount.currency_code)} is PENDING
(${html(order.captureReason ?? 'OTHER')}). End the review as the bank would; PayPal then tells
the shop by a webhook.</p>
<div class="actions">
${end('COMPLETED', 'The bank accepts it', 'approve')}
${end('DENIED', 'The bank denies it', 'cancel')}
</div>`,
  );
}

/** After a review ended: what happened, and that the shop was told. */
export function reviewEndedPage(order: SimOrder) {
  const status =
    order.captureStatus === 'PENDING'
      ? 'still under review'
      : order.captureStatus === 'DECLINED'
        ? 'denied'
        : 'completed';
  return page(
    'PayPal sandbox: review ended',
    `<h1>The payment is ${status}</h1><p>PayPal tells the shop by a webhook. You can close this page.</p>`,
  );
}

export function unknownOrderPage() {
  return page(
    'Payment not found',
    '<h1>This payment does not exist</h1><p>It may have expired. Return to the shop and check out again.</p>',
  );
}
