import type { DataResponse } from '@contract/envelope';
import type { TaxRate } from '@contract/pricing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const taxRatesQueryKey = ['admin', 'tax-rates'] as const;

export const getTaxRates = () =>
  api.get<DataResponse<TaxRate[]>>('/api/admin/tax-rates/get').then((r) => r.data);

export const taxRatesQuery = () =>
  queryOptions({ queryKey: taxRatesQueryKey, queryFn: getTaxRates });

export function useTaxRates() {
  return useQuery(taxRatesQuery());
}
