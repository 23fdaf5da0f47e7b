import type { ShippingZone } from '@contract/pricing';
import { SettingsPage, useSettingsList } from '@/components/settings-page';
import { useDeleteShippingZone } from '@/features/admin-shipping/api/delete-shipping-zone';
import { useShippingZones } from '@/features/admin-shipping/api/get-shipping-zones';
import { ZoneCard } from '@/features/admin-shipping/components/zone-card';
import { ZoneSheet } from '@/features/admin-shipping/components/zone-sheet';

export function Component() {
  const { data: zones = [], isPending, isError } = useShippingZones();
  const list = useSettingsList<ShippingZone>();
  const deleteMutation = useDeleteShippingZone();

  return (
    <SettingsPage
      title="Shipping"
      intro="An address ships with the methods of the zone its country (and region) is in."
      addLabel="Add zone"
      query={{ isPending, isError, count: zones.length }}
      loadingLabel="Loading zones"
      errorText="The zones could not be loaded."
      empty="No shipping zones yet: orders are charged no shipping. Once a zone exists, only addresses a zone covers can check out."
      list={list}
      editor={
        <ZoneSheet open={list.editorOpen} editing={list.editing} onClose={list.closeEditor} />
      }
      deleteMutation={deleteMutation}
      deleteTitle="Delete this zone?"
      deleteDescription={(zone) =>
        `“${zone?.name}” and its methods will be removed: addresses it covered can no longer check out unless another zone covers them. Past orders keep their shipping.`
      }
    >
      <ul className="grid gap-4 md:grid-cols-2 2xl:grid-cols-3" aria-label="Shipping zones">
        {zones.map((zone) => (
          <li key={zone._id} className="grid">
            <ZoneCard
              zone={zone}
              onEdit={() => list.openEditor(zone)}
              onDelete={() => list.askDelete(zone)}
            />
          </li>
        ))}
      </ul>
    </SettingsPage>
  );
}
