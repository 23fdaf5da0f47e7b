import type { AdminOrder } from '@contract/orders';
import { useCan } from '@/lib/auth';
import { NotesSection } from './notes-section';

/** The internal notes of an order, in the admin's order details dialog. */
export function OrderNotes({ order }: { order: AdminOrder }) {
  // The server refuses a note without orders.update; the form is not offered either.
  const canAdd = useCan('orders.update');
  return (
    <div className="border-t pt-4">
      <NotesSection target={{ kind: 'order', id: order._id }} notes={order.notes} canAdd={canAdd} />
    </div>
  );
}
