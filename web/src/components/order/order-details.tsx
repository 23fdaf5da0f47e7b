import { formatMoney } from '@contract/money';
import {
  formatOrderNumber,
  paymentMethodLabel,
  paymentStatusLabels,
} from '@contract/order-constants';
import { deliveryLines, sizeAndColour } from '@contract/order-display';
import type { Order } from '@contract/orders';
import type { ReactNode } from 'react';
import { orderBreakdown } from '@/components/ui/order-breakdown';
import { OrderStatusBadge } from '@/components/ui/order-status-badge';
import { PriceBreakdown } from '@/components/ui/price-breakdown';
import { deliveryDays } from '@/lib/delivery-days';
import { orderDay } from './order-day';
import { OrderShipments } from './order-shipments';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-4">
      <dt className="whitespace-nowrap font-medium">{label}</dt>
      <dd className="min-w-0 break-words text-right">{children}</dd>
    </div>
  );
}

/** PayPal holds the payment (its capture is PENDING): the order waits, nothing ships yet. */
export function PaymentPendingNote() {
  return (
    <p role="status" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950">
      <strong>Payment pending at PayPal.</strong> PayPal is reviewing the payment, which can take a
      few days. Your items are kept for you; we send the order once PayPal completes the payment and
      email you either way.
    </p>
  );
}

function OrderLine({ item }: { item: Order['cartItems'][number] }) {
  const options = sizeAndColour(item);
  return (
    <li className="flex gap-3">
      {/* The title beside it names the picture: it is decoration to a screen reader. */}
      <img
        src={item.image}
        alt=""
        width={64}
        height={64}
        loading="lazy"
        className="size-14 shrink-0 rounded-md border bg-muted object-cover sm:size-16"
      />
      <div className="grid min-w-0 flex-1 content-start gap-0.5">
        <p className="break-words font-medium leading-snug">{item.title}</p>
        {options && <p className="text-muted-foreground">{options}</p>}
        <p className="text-muted-foreground">
          <span className="sr-only">Quantity </span>
          {item.quantity} × {formatMoney(item.price)}
        </p>
      </div>
      <p className="whitespace-nowrap font-medium tabular-nums">
        {formatMoney(item.price * item.quantity)}
      </p>
    </li>
  );
}

/**
 * An order as its shopper, a guest and the admin read it, on the order page and the
 * confirmation alike (issue 49): its number, day in words, payment ("PayPal") and status; each
 * line with its picture, size and colour; the figures; the parcels; the delivery label with its
 * region and country. No database id is shown: the order number is the shop's name for it.
 */
export function OrderDetails({ order, userName }: { order: Order; userName?: string }) {
  const a = order.addressInfo;
  // The label's first line: whom the parcel is for (the account's name on older orders).
  const label = deliveryLines({ ...a, name: a.name || userName });
  const itemsId = `items-${order.orderNumber}`;
  const deliveryId = `delivery-${order.orderNumber}`;
  return (
    <div className="grid gap-5 text-sm">
      <dl className="grid gap-2">
        <Row label="Order number">
          <span data-testid="order-number">{formatOrderNumber(order.orderNumber)}</span>
        </Row>
        <Row label="Order Date">{orderDay(order.orderDate)}</Row>
        <Row label="Order Price">{formatMoney(order.totalAmount)}</Row>
        {/* A guest's order (GUEST_CHECKOUT): where its messages go, for the admin and the guest. */}
        {order.guestEmail && <Row label="Email">{order.guestEmail}</Row>}
        <Row label="Payment method">{paymentMethodLabel(order.paymentMethod)}</Row>
        <Row label="Payment Status">{paymentStatusLabels[order.paymentStatus]}</Row>
        {order.refundedAmount > 0 ? (
          <Row label="Refunded">{formatMoney(order.refundedAmount)}</Row>
        ) : null}
        <Row label="Order Status">
          <OrderStatusBadge status={order.orderStatus} />
        </Row>
      </dl>
      {order.paymentStatus === 'pending_capture' && <PaymentPendingNote />}
      <section aria-labelledby={itemsId} className="grid gap-3 border-t pt-4">
        <h3 id={itemsId} className="font-medium">
          Items
        </h3>
        <ul className="grid gap-3" aria-label="Items of the order">
          {order.cartItems.map((item) => (
            <OrderLine key={item.lineId} item={item} />
          ))}
        </ul>
        <PriceBreakdown
          breakdown={orderBreakdown(order)}
          label="Price breakdown"
          className="border-t border-dashed pt-3"
        />
      </section>
      <OrderShipments order={order} />
      <section aria-labelledby={deliveryId} className="grid gap-1 border-t pt-4">
        <h3 id={deliveryId} className="font-medium">
          Delivery address
        </h3>
        <address className="grid gap-0.5 break-words not-italic text-muted-foreground">
          {label.map((line) => (
            <span key={line}>{line}</span>
          ))}
          {a.phone && <span>{a.phone}</span>}
          {a.notes && <span className="whitespace-pre-line">{a.notes}</span>}
        </address>
        {order.shippingMethod && (
          <p className="text-muted-foreground">
            {order.shippingMethod.name}, {deliveryDays(order.shippingMethod)}
          </p>
        )}
      </section>
    </div>
  );
}
