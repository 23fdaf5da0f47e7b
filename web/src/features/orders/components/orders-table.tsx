import { formatMoney } from '@contract/money';
import type { Order } from '@contract/orders';
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
import { orderDay } from '../order-date';

type Props = { orders: Order[]; onViewDetails: (order: Order) => void; caption: string };

/** Order ID, Order Date, Order Status, Order Price and 'View Details' (SPEC §2). */
export function OrdersTable({ orders, onViewDetails, caption }: Props) {
  return (
    <Table>
      <caption className="sr-only">{caption}</caption>
      <TableHeader>
        <TableRow>
          <TableHead>Order ID</TableHead>
          <TableHead>Order Date</TableHead>
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
            <TableCell
              className="max-w-20 truncate font-mono text-xs sm:max-w-40"
              title={order._id}
            >
              {order._id}
            </TableCell>
            <TableCell className="whitespace-nowrap">{orderDay(order.orderDate)}</TableCell>
            <TableCell>
              <OrderStatusBadge status={order.orderStatus} />
            </TableCell>
            <TableCell>{formatMoney(order.totalAmount)}</TableCell>
            <TableCell className="text-right">
              <Button
                size="sm"
                onClick={() => onViewDetails(order)}
                aria-label={`View Details of order ${order._id}`}
              >
                View Details
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
