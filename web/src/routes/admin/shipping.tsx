import type { ShippingZone } from '@contract/pricing';
import { PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { useDeleteShippingZone } from '@/features/admin-shipping/api/delete-shipping-zone';
import { useShippingZones } from '@/features/admin-shipping/api/get-shipping-zones';
import { ZoneCard } from '@/features/admin-shipping/components/zone-card';
import { ZoneSheet } from '@/features/admin-shipping/components/zone-sheet';
import { toast } from '@/lib/toast';

export function Component() {
  const { data: zones = [], isPending, isError } = useShippingZones();
  const [sheet, setSheet] = useState<{ editing: ShippingZone | null } | null>(null);
  const [deleting, setDeleting] = useState<ShippingZone | null>(null);
  const deleteMutation = useDeleteShippingZone();

  return (
    <>
      <title>Shipping · Admin</title>
      <div className="mb-5 flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">Shipping</h1>
          <p className="text-sm text-muted-foreground">
            An address ships with the methods of the zone its country (and region) is in.
          </p>
        </div>
        <Button onClick={() => setSheet({ editing: null })}>
          <PlusIcon aria-hidden />
          Add zone
        </Button>
      </div>
      {isPending ? (
        <Skeleton role="status" aria-label="Loading zones" className="h-48 w-full" />
      ) : isError ? (
        <p className="text-muted-foreground">The zones could not be loaded.</p>
      ) : zones.length === 0 ? (
        <p className="rounded-lg border border-dashed p-10 text-center text-muted-foreground">
          No shipping zones yet: orders are charged no shipping. Once a zone exists, only addresses
          a zone covers can check out.
        </p>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2 2xl:grid-cols-3" aria-label="Shipping zones">
          {zones.map((zone) => (
            <li key={zone._id} className="grid">
              <ZoneCard
                zone={zone}
                onEdit={() => setSheet({ editing: zone })}
                onDelete={() => setDeleting(zone)}
              />
            </li>
          ))}
        </ul>
      )}
      <ZoneSheet
        open={sheet !== null}
        editing={sheet?.editing ?? null}
        onClose={() => setSheet(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this zone?"
        description={`“${deleting?.name}” and its methods will be removed: addresses it covered can no longer check out unless another zone covers them. Past orders keep their shipping.`}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          deleteMutation.mutate(deleting._id, {
            onSuccess: ({ message }) => toast.success(message),
            onError: (error) => toast.error(error.message),
          });
        }}
      />
    </>
  );
}
