import { sizeAndColour as lineOptions } from '@contract/order-display';
import { Layout, P } from './layout';
import { Greeting, OrderLink } from './order-emails';
import { orderLabel } from './order-summary';
import type { EmailShipment, EmailTemplates, RenderContext } from './types';

type Props = EmailTemplates['orderShipped'] & { ctx: RenderContext };

/** One parcel: its carrier and tracking number, a link to follow it, and what is inside. */
function Parcel({ shipment, heading }: { shipment: EmailShipment; heading: string }) {
  return (
    <div style={{ margin: '0 0 18px', padding: '12px 14px', border: '1px solid #e4e4e7' }}>
      <p style={{ margin: '0 0 6px', fontWeight: 'bold' }}>{heading}</p>
      <p style={{ margin: '0 0 6px' }}>
        {shipment.carrier}, tracking number {shipment.trackingNumber}
      </p>
      <p style={{ margin: '0 0 8px' }}>
        <a href={shipment.trackingUrl} style={{ color: '#18181b' }}>
          Track this parcel
        </a>
      </p>
      {shipment.lines.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a static snapshot, never reordered
        <div key={i}>
          {line.title}
          {lineOptions(line) ? ` (${lineOptions(line)})` : ''} × {line.quantity}
        </div>
      ))}
    </div>
  );
}

/**
 * A parcel left the shop. The newest parcel comes first; earlier ones follow with their own
 * links, so the last message of an order sent in several parcels holds every tracking link.
 */
export const orderShipped = {
  subject: (d: EmailTemplates['orderShipped']) =>
    d.isComplete
      ? `Your order ${orderLabel(d.order)} has shipped`
      : `Part of your order ${orderLabel(d.order)} has shipped`,
  Body: ({ order, shipments, isComplete, ctx }: Props) => {
    const newest = shipments.at(-1);
    const earlier = shipments.slice(0, -1).reverse();
    return (
      <Layout ctx={ctx} preview={`Your order ${orderLabel(order)} is on its way`}>
        <Greeting order={order} />
        <P>
          {isComplete
            ? `Your order ${orderLabel(order)} has shipped.`
            : `Part of your order ${orderLabel(order)} has shipped; the rest follows in another parcel, and we will email you its tracking too.`}
        </P>
        {newest ? <Parcel shipment={newest} heading="In this parcel" /> : null}
        {earlier.map((shipment, i) => (
          <Parcel
            // biome-ignore lint/suspicious/noArrayIndexKey: a static snapshot, never reordered
            key={i}
            shipment={shipment}
            heading={`Sent earlier (parcel ${earlier.length - i})`}
          />
        ))}
        <OrderLink order={order} ctx={ctx} />
      </Layout>
    );
  },
};
