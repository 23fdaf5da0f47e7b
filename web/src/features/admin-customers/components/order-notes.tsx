import type { AdminOrder } from '@contract/orders';
import { NotesSection } from './notes-section';

/** The internal notes of an order, in the admin's order details dialog. */
export function OrderNotes({ order }: { order: AdminOrder }) {
  return (
    <div className="border-t pt-4">
      <NotesSection target={{ kind: 'order', id: order._id }} notes={order.notes} />
    </div>
  );
}
