import type { DataResponse } from '@contract/envelope';
import type { ShippingZone } from '@contract/pricing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const shippingZonesQueryKey = ['admin', 'shipping-zones'] as const;

export const getShippingZones = () =>
  api.get<DataResponse<ShippingZone[]>>('/api/admin/shipping-zones/get').then((r) => r.data);

export const shippingZonesQuery = () =>
  queryOptions({ queryKey: shippingZonesQueryKey, queryFn: getShippingZones });

export function useShippingZones() {
  return useQuery(shippingZonesQuery());
}
