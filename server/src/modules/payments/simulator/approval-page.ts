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
</div>`,
  );
}

export function unknownOrderPage() {
  return page(
    'Payment not found',
    '<h1>This payment does not exist</h1><p>It may have expired. Return to the shop and check out again.</p>',
  );
}
