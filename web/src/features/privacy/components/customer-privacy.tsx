import type { CustomerSummary } from '@contract/customers';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/lib/toast';
import { customerExportUrl, useEraseCustomer } from '../api/erase-customer';

/** A customer's privacy requests answered by the shop: their data, and erasing it. */
export function CustomerPrivacy({ customer }: { customer: CustomerSummary }) {
  const [confirming, setConfirming] = useState(false);
  const erase = useEraseCustomer();
  const erased = customer.status === 'erased';

  return (
    <section aria-labelledby="customer-privacy" className="grid gap-2">
      <h2 id="customer-privacy" className="font-semibold">
        Privacy request
      </h2>
      <p className="text-sm text-muted-foreground">
        {erased
          ? 'This customer’s personal data was erased; their orders are kept without it.'
          : 'Send the customer their data, or erase it when they ask: orders are kept without name, email, phone or address, reviews under “Former customer”.'}
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button asChild variant="outline">
          <a href={customerExportUrl(customer._id)} download>
            <Download className="size-4" aria-hidden />
            Download their data
          </a>
        </Button>
        {!erased && (
          <Button
            variant="destructive"
            disabled={erase.isPending}
            onClick={() => setConfirming(true)}
          >
            Erase personal data
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        title="Erase this customer’s personal data?"
        description="Their name, email, addresses, cart, saved items, alerts, sizes and notes are erased and they are signed out. Orders stay without their contact details. They get a last email to confirm. This cannot be undone."
        confirmLabel="Erase personal data"
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          erase.mutate(customer._id, {
            onSuccess: () => toast.success('The customer’s personal data was erased'),
            onError: (e) => toast.error(e.message),
          });
        }}
      />
    </section>
  );
}
