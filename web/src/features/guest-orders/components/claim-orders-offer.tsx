import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { useRequestClaimLink } from '../api/claim-orders';

/**
 * Orders placed as a guest with the account's email join it through a link sent to that
 * email (the link proves it is theirs); this asks for one.
 */
export function ClaimOrdersOffer({ email }: { email: string }) {
  const request = useRequestClaimLink();
  if (request.isSuccess) {
    return (
      <p role="status" className="text-sm text-muted-foreground">
        {request.data.message}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-2 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between">
      <p>
        Bought as a guest with <span className="break-all">{email}</span>? Add those orders here.
      </p>
      <Button
        variant="outline"
        size="sm"
        className="w-fit"
        disabled={request.isPending}
        onClick={() =>
          request.mutate(undefined, { onError: (error) => toast.error(error.message) })
        }
      >
        Email me a link
      </Button>
    </div>
  );
}
