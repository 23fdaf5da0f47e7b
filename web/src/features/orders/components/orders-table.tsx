import { formatMoney } from '@contract/money';
import { formatOrderNumber } from '@contract/order-constants';
import type { Order } from '@contract/orders';
import { Fragment, type ReactNode } from 'react';
import { orderDay } from '@/components/order/order-day';
import { Button } from '@/components/ui/button';
import { OrderStatusBadge } from '@/components/ui/order-status-badge';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';

type Props<T extends Order> = {
  orders: T[];
  onViewDetails: (order: T) => void;
  caption: string;
  /** Shown beside the status (the admin's chargeback, dispute and withdrawn badges). */
  flag?: (order: T) => ReactNode;
  /** Columns after the date (the admin's: customer, payment status, items). */
  columns?: ExtraColumn<T>[];
};

/** A column of the table and a row of each card: its heading and its cell. */
export type ExtraColumn<T extends Order> = {
  header: string;
  cell: (order: T) => ReactNode;
  className?: string;
};

function ViewDetails<T extends Order>({
  order,
  onViewDetails,
}: {
  order: T;
  onViewDetails: Props<T>['onViewDetails'];
}) {
  return (
    <Button
      size="sm"
      onClick={() => onViewDetails(order)}
      aria-label={`View Details of order ${formatOrderNumber(order.orderNumber)}`}
    >
      View Details
    </Button>
  );
}

/**
 * Order ID (the order number), Order Date, Order Status, Order Price and 'View Details'
 * (SPEC §2): a table from 640 px, a list of cards below it so phones see every column.
 */
export function OrdersTable<T extends Order>({
  orders,
  onViewDetails,
  caption,
  flag,
  columns = [],
}: Props<T>) {
  return (
    <>
      <ul className="grid gap-3 sm:hidden" aria-label={caption}>
        {orders.map((order) => (
          <li key={order._id} className="rounded-lg border p-4">
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              <dt className="text-muted-foreground">Order ID</dt>
              <dd className="text-right font-semibold">{formatOrderNumber(order.orderNumber)}</dd>
              <dt className="text-muted-foreground">Order Date</dt>
              <dd className="text-right">{orderDay(order.orderDate)}</dd>
              {columns.map((column) => (
                <Fragment key={column.header}>
                  <dt className="text-muted-foreground">{column.header}</dt>
                  <dd className="min-w-0 text-right">{column.cell(order)}</dd>
                </Fragment>
              ))}
              <dt className="text-muted-foreground">Order Status</dt>
              <dd className="flex flex-wrap justify-end gap-1">
                <OrderStatusBadge status={order.orderStatus} />
                {flag?.(order)}
              </dd>
              <dt className="text-muted-foreground">Order Price</dt>
              <dd className="text-right font-semibold">{formatMoney(order.totalAmount)}</dd>
            </dl>
            <div className="mt-3 flex justify-end">
              <ViewDetails order={order} onViewDetails={onViewDetails} />
            </div>
          </li>
        ))}
      </ul>
      <Table className="hidden sm:table">
        <caption className="sr-only">{caption}</caption>
        <TableHeader>
          <TableRow>
            <TableHead>Order ID</TableHead>
            <TableHead>Order Date</TableHead>
            {columns.map((column) => (
              <TableHead key={column.header}>{column.header}</TableHead>
            ))}
            <TableHead>Order Status</TableHead>
            <TableHead>Order Price</TableHead>
            <TableHead>
              <span className="sr-only">Details</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {orders.map((order) => (
            <TableRow key={order._id}>
              <TableCell className="whitespace-nowrap font-medium" title={order._id}>
                {formatOrderNumber(order.orderNumber)}
              </TableCell>
              <TableCell className="whitespace-nowrap">{orderDay(order.orderDate)}</TableCell>
              {columns.map((column) => (
                <TableCell key={column.header} className={column.className}>
                  {column.cell(order)}
                </TableCell>
              ))}
              <TableCell>
                <span className="flex flex-wrap items-center gap-1">
                  <OrderStatusBadge status={order.orderStatus} />
                  {flag?.(order)}
                </span>
              </TableCell>
              <TableCell>{formatMoney(order.totalAmount)}</TableCell>
              <TableCell className="text-right">
                <ViewDetails order={order} onViewDetails={onViewDetails} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}
