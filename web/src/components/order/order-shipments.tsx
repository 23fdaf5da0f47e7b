import { sizeAndColour } from '@contract/order-display';
import type { Order } from '@contract/orders';
import { carrierLabels } from '@contract/shipment-constants';
import { ExternalLink, PackageCheck, Truck } from 'lucide-react';
import { orderDay } from './order-day';

/**
 * The parcels of an order, each with its carrier, a tracking link, its date and its lines, and
 * the delivery date once there is one. Shown wherever an order's details are (shopper, guest,
 * admin); nothing when nothing has shipped.
 */
export function OrderShipments({ order }: { order: Order }) {
  if (order.shipments.length === 0 && !order.deliveredAt) return null;
  const items = new Map(order.cartItems.map((i) => [i.lineId, i]));
  const headingId = `shipments-${order._id}`;
  return (
    <section aria-labelledby={headingId} className="grid gap-3 border-t pt-4">
      <h3 id={headingId} className="font-medium">
        Shipments
      </h3>
      {order.deliveredAt && (
        <p className="flex items-center gap-2 text-green-800">
          <PackageCheck className="size-4 shrink-0" aria-hidden />
          Delivered on {orderDay(order.deliveredAt)}
        </p>
      )}
      <ol className="grid gap-3">
        {order.shipments.map((shipment, index) => (
          <li key={shipment._id} className="grid gap-1.5 rounded-md border p-3">
            <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
              <span className="flex items-center gap-2 font-medium">
                <Truck className="size-4 shrink-0" aria-hidden />
                Parcel {index + 1} · {carrierLabels[shipment.carrier]}
              </span>
              <span className="text-muted-foreground">
                Shipped {orderDay(shipment.createdAt)}
                {shipment.deliveredAt && ` · delivered ${orderDay(shipment.deliveredAt)}`}
              </span>
            </div>
            <a
              href={shipment.trackingUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex min-w-0 items-center gap-1 break-all text-primary underline underline-offset-4"
            >
              <span className="sr-only">Track parcel {index + 1}, tracking number </span>
              {shipment.trackingNumber}
              <ExternalLink className="size-3.5 shrink-0" aria-hidden />
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
            <ul className="grid gap-0.5 text-muted-foreground">
              {shipment.lines.map((line) => {
                const item = items.get(line.lineId);
                const variant = item ? sizeAndColour(item) : '';
                return (
                  <li key={line.lineId}>
                    {item?.title ?? 'Item'}
                    {variant && ` (${variant})`} × {line.quantity}
                  </li>
                );
              })}
            </ul>
          </li>
        ))}
      </ol>
    </section>
  );
}
