import { formatOrderNumber } from '@contract/order-constants';
import type { GuestPrivacyLink as Link } from '@contract/privacy';
import { Download, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useEraseGuestData } from '../api/erase-guest-data';
import { guestExportUrl } from '../api/get-guest-privacy-link';

const until = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** What the erasure keeps: the invoice's tax record (GDPR art. 17(3)(b)). */
const KEPT =
  'We keep what tax law requires us to keep: each order’s number, date, items and amounts, and the country, region and postcode it was delivered to.';

/**
 * An emailed privacy link: the orders it covers, their download (either link), and for an
 * erasure link the erasure, asked for again before it runs.
 */
export function GuestPrivacyLink({ token, link }: { token: string; link: Link }) {
  const [confirming, setConfirming] = useState(false);
  const erase = useEraseGuestData(token);
  const numbers = link.orderNumbers.map(formatOrderNumber).join(', ');
  const isOne = link.orderNumbers.length === 1;
  const these = isOne ? 'this order' : 'these orders';

  if (erase.isSuccess) {
    return (
      <div role="status" className="space-y-2 rounded-md border bg-muted p-4 text-sm">
        <p className="font-medium">{erase.data.message}.</p>
        <p className="text-muted-foreground">
          {KEPT} This link no longer works, and we will not email you about {isOne ? 'it' : 'them'}{' '}
          again.
        </p>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4 text-sm">
      <section aria-label="What this link covers" className="space-y-1 rounded-md border p-4">
        <p>
          {isOne ? 'Your order' : 'Your orders'}{' '}
          <span className="font-medium">{numbers || 'none'}</span>, placed as a guest with the email
          this link was sent to, and the emails we sent about {isOne ? 'it' : 'them'}.
        </p>
        <p className="text-muted-foreground">This link works until {until(link.expiresAt)}.</p>
      </section>
      <div className="space-y-2">
        <p className="text-muted-foreground">
          A copy of what we hold about {these} (address, items, payments, deliveries, returns,
          emails) as a JSON file.
        </p>
        <Button asChild variant={link.request === 'erase' ? 'outline' : 'default'}>
          <a href={guestExportUrl(token)} download>
            <Download className="size-4" aria-hidden />
            Download my data
          </a>
        </Button>
      </div>
      {link.request === 'erase' && (
        <div className="space-y-2 border-t pt-4">
          <p className="text-muted-foreground">
            Erasing removes your name, email, street address, city, phone and delivery notes from{' '}
            {these}, and the emails we sent about {isOne ? 'it' : 'them'}. {KEPT}
          </p>
          {erase.isError && (
            <p
              role="alert"
              className="rounded-md border border-destructive/40 p-3 text-destructive"
            >
              {erase.error.message}
            </p>
          )}
          <Button
            variant="destructive"
            onClick={() => setConfirming(true)}
            disabled={erase.isPending}
          >
            <Trash2 className="size-4" aria-hidden />
            Erase my data
          </Button>
          <ConfirmDialog
            open={confirming}
            title="Erase the data of your orders?"
            description={`The personal data of ${numbers} is erased for good, and this link stops working. This cannot be undone.`}
            confirmLabel="Erase my data"
            onConfirm={() => {
              setConfirming(false);
              erase.mutate();
            }}
            onClose={() => setConfirming(false)}
          />
        </div>
      )}
    </div>
  );
}
