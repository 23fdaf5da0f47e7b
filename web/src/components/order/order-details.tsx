import { formatMoney } from '@contract/money';
import {
  formatOrderNumber,
  paymentMethodLabel,
  paymentStatusLabels,
} from '@contract/order-constants';
import type { Order } from '@contract/orders';
import { variantLabel } from '@contract/variant-constants';
import type { ReactNode } from 'react';
import { orderBreakdown } from '@/components/ui/order-breakdown';
import { OrderStatusBadge } from '@/components/ui/order-status-badge';
import { PriceBreakdown } from '@/components/ui/price-breakdown';
import { countryName } from '@/lib/countries';
import { deliveryDays } from '@/lib/delivery-days';
import { orderDay } from '../order-date';
import { OrderShipments } from './order-shipments';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-4">
      <dt className="whitespace-nowrap font-medium">{label}</dt>
      <dd className="min-w-0 break-all text-right">{children}</dd>
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

/** An order's id, date, price, payment, status, lines and shipping info (SPEC §2). */
export function OrderDetails({ order, userName }: { order: Order; userName?: string }) {
  const a = order.addressInfo;
  return (
    <div className="grid gap-5 text-sm">
      <dl className="grid gap-2">
        <Row label="Order ID">{formatOrderNumber(order.orderNumber)}</Row>
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
      <section aria-labelledby={`items-${order._id}`} className="grid gap-2 border-t pt-4">
        <h3 id={`items-${order._id}`} className="font-medium">
          Order Details
        </h3>
        <ul className="grid gap-2">
          {order.cartItems.map((item) => (
            <li
              key={`${item.productId}/${item.variantId}`}
              className="flex items-center justify-between gap-3"
            >
              <span className="min-w-0 flex-1">
                Title: {item.title}
                {variantLabel(item) && (
                  <span className="block text-sm text-muted-foreground">{variantLabel(item)}</span>
                )}
              </span>
              <span>Quantity: {item.quantity}</span>
              <span>Price: {formatMoney(item.price)}</span>
            </li>
          ))}
        </ul>
        <PriceBreakdown
          breakdown={orderBreakdown(order)}
          label="Price breakdown"
          className="mt-2 border-t border-dashed pt-3"
        />
      </section>
      <OrderShipments order={order} />
      <section aria-labelledby={`ship-${order._id}`} className="grid gap-1 border-t pt-4">
        <h3 id={`ship-${order._id}`} className="font-medium">
          Shipping Info
        </h3>
        <address className="grid gap-0.5 not-italic text-muted-foreground">
          {/* The label's first line: whom the parcel is for (the account's name on older orders). */}
          {(a.name || userName) && <span>{a.name || userName}</span>}
          <span>{a.address}</span>
          <span>{a.city}</span>
          <span>
            {countryName(a.country)}
            {a.region && ` · ${a.region}`}
          </span>
          <span>{a.pincode}</span>
          <span>{a.phone}</span>
          <span className="whitespace-pre-line">{a.notes}</span>
        </address>
        {order.shippingMethod && (
          <p className="text-muted-foreground">
            {order.shippingMethod.name}, {deliveryDays(order.shippingMethod)}
          </p>
        )}
      </section>
      <p className="border-t pt-4 text-xs text-muted-foreground">
        Reference <span className="break-all font-mono">{order._id}</span>
      </p>
    </div>
  );
}
