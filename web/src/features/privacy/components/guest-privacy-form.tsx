import type { GuestPrivacyRequest } from '@contract/privacy';
import { Download, Trash2 } from 'lucide-react';
import type { FormEvent } from 'react';
import { OrderNumberEmailFields } from '@/components/order-number-email-fields';
import { Button } from '@/components/ui/button';
import { useHydrated } from '@/lib/hydration';
import { toast } from '@/lib/toast';
import { useRequestGuestPrivacy } from '../api/request-guest-privacy';

const asked = (event: FormEvent<HTMLFormElement>): GuestPrivacyRequest =>
  (event.nativeEvent as SubmitEvent).submitter?.getAttribute('value') === 'erase'
    ? 'erase'
    : 'download';

/**
 * A guest's privacy request: order number and email, then the download or the erasure. The shop
 * emails a link to the order's email (the proof it is theirs); the answer is the same either way.
 */
export function GuestPrivacyForm() {
  const hydrated = useHydrated();
  const ask = useRequestGuestPrivacy();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    ask.mutate(
      {
        orderNumber: String(data.get('orderNumber') ?? ''),
        email: String(data.get('email') ?? ''),
        request: asked(event),
      },
      { onError: (error) => toast.error(error.message) },
    );
  };

  if (ask.isSuccess) {
    return (
      <p role="status" className="rounded-md border bg-muted p-4 text-sm">
        {ask.data.message}
      </p>
    );
  }
  return (
    <form onSubmit={submit} aria-label="Your data request">
      {/* Sent by the page's code: before it runs, a plain form would put the email in the URL. */}
      <fieldset disabled={!hydrated} className="flex flex-col gap-4">
        <OrderNumberEmailFields idPrefix="privacy" />
        <div className="mt-2 flex flex-col gap-2 sm:flex-row">
          <Button
            type="submit"
            name="request"
            value="download"
            className="sm:flex-1"
            disabled={ask.isPending}
          >
            <Download className="size-4" aria-hidden />
            Download my data
          </Button>
          <Button
            type="submit"
            name="request"
            value="erase"
            variant="outline"
            className="sm:flex-1"
            disabled={ask.isPending}
          >
            <Trash2 className="size-4" aria-hidden />
            Erase my data
          </Button>
        </div>
      </fieldset>
    </form>
  );
}
