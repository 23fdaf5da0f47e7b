import { staffPermissionLabels } from '@contract/auth';
import { isId } from '@contract/common';
import { formatMoney } from '@contract/money';
import { orderStatusLabels, paymentStatusLabels } from '@contract/order-constants';
import { returnStatusLabels } from '@contract/returns';

/** How a person reads an entry: its page's names of ids and the shop's time zone. */
export type Reading = { names: Record<string, string>; timeZone: string };

const FIELD_LABELS: Record<string, string> = {
  orderStatus: 'Status',
  paymentStatus: 'Payment',
  totalAmount: 'Total',
  refundedAmount: 'Refunded',
  salePrice: 'Sale price',
  totalStock: 'Stock',
  cartItems: 'Items',
  addressInfo: 'Address',
  pincode: 'Postal code',
  userName: 'Name',
  averageReview: 'Rating',
  shipOverride: 'Ship anyway',
  at: 'When',
  by: 'By',
};

const words = (key: string) => {
  const spaced = key
    .replace(/Cents$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase()
    .trim();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
};

/** `orderStatus` → "Status", `shipping.maxDays` → "Shipping › Max days". */
export const fieldLabel = (path: string) =>
  path
    .split('.')
    .map((part) => FIELD_LABELS[part] ?? words(part))
    .join(' › ');

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
// Decimal money as the API answers it (`price: 19.99`); `*Cents` fields are integer cents.
const MONEY =
  /(^|\.)(price|salePrice|amount|total|subtotal|shipping|tax|discount)$|Amount$|Price$|Cost$/;

/** An instant in words in the shop's time zone: "Dec 2, 2026, 10:04 AM EST". */
export function when(iso: string, timeZone: string) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  try {
    const text = new Intl.DateTimeFormat('en-US', {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone,
    }).format(date);
    return `${text} ${zoneName(date, timeZone)}`;
  } catch {
    return date.toUTCString();
  }
}

const zoneName = (date: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' })
    .formatToParts(date)
    .find((p) => p.type === 'timeZoneName')?.value ?? timeZone;

const STATUS_LABELS: Record<string, Record<string, string>> = {
  orderStatus: orderStatusLabels,
  paymentStatus: paymentStatusLabels,
  status: { ...returnStatusLabels },
};

/** One line of a list: "2 × Classic Tee (M, Black)", or its name. */
function itemText(item: Record<string, unknown>, reading: Reading) {
  const name = [item.title, item.name, item.userName, item.label, item.code, item.size].find(
    (v) => typeof v === 'string' && v !== '',
  ) as string | undefined;
  if (!name) return Object.keys(item).length === 0 ? '—' : 'an entry';
  const quantity = typeof item.quantity === 'number' ? `${item.quantity} × ` : '';
  const extra = [item.title && item.size, item.title && item.color].filter(
    (v): v is string => typeof v === 'string' && v !== '',
  );
  return `${quantity}${show(name, '', reading)}${extra.length ? ` (${extra.join(', ')})` : ''}`;
}

/** A value as a person reads it: money, dates, statuses, names, lists; never raw JSON. */
export function show(value: unknown, path: string, reading: Reading): string {
  const key = path.split('.').at(-1) ?? '';
  if (value === undefined || value === null || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') {
    if (key.endsWith('Cents')) return formatMoney(value / 100);
    if (MONEY.test(key)) return formatMoney(value);
    return value.toLocaleString('en-US');
  }
  if (typeof value === 'string') {
    const status = STATUS_LABELS[key]?.[value];
    if (status) return status;
    if (key === 'permissions' && value in staffPermissionLabels) {
      return staffPermissionLabels[value as keyof typeof staffPermissionLabels];
    }
    if (ISO_INSTANT.test(value)) return when(value, reading.timeZone);
    if (isId(value)) return reading.names[`user:${value}`] ?? `${value.slice(0, 8)}…`;
    return value.length > 160 ? `${value.slice(0, 157)}…` : value;
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return 'None';
    return value
      .map((item) =>
        item && typeof item === 'object' && !Array.isArray(item)
          ? itemText(item as Record<string, unknown>, reading)
          : show(item, path, reading),
      )
      .join(', ');
  }
  return itemText(value as Record<string, unknown>, reading);
}

const ACTION_VERBS: Record<string, string> = {
  create: 'Created',
  update: 'Updated',
  delete: 'Deleted',
  upload: 'Uploaded',
};

/** `order.update` → "Updated", `order.shipments` → "Shipments", `return.approve` → "Approve". */
export function actionLabel(action: string, entity: string) {
  const verb = action.startsWith(`${entity}.`) ? action.slice(entity.length + 1) : action;
  return ACTION_VERBS[verb] ?? words(verb.replaceAll('.', ' '));
}

/** What the entry is about, by name: the page's names first, then the entry's own fields. */
export function entityName(
  entry: { entity: string; entityId: string; before: unknown; after: unknown },
  reading: Reading,
) {
  const named = reading.names[`${entry.entity}:${entry.entityId}`];
  if (named) return named;
  for (const side of [entry.after, entry.before]) {
    if (!side || typeof side !== 'object') continue;
    const fields = side as Record<string, unknown>;
    if (typeof fields.orderNumber === 'number') return `#${fields.orderNumber}`;
    const name = [fields.title, fields.userName, fields.name, fields.code].find(
      (v) => typeof v === 'string' && v !== '',
    );
    if (typeof name === 'string') return name;
  }
  return entry.entityId.length > 12 ? `${entry.entityId.slice(0, 8)}…` : entry.entityId;
}
