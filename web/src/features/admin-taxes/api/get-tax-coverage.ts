import type { DataResponse } from '@contract/envelope';
import type { TaxCoverage } from '@contract/tax-coverage';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { taxRatesQueryKey } from './get-tax-rates';

/** Under the rates' key: a rate's add, edit or delete asks for the warnings again. */
export const taxCoverageQueryKey = [...taxRatesQueryKey, 'coverage'] as const;

export const getTaxCoverage = () =>
  api.get<DataResponse<TaxCoverage>>('/api/admin/tax-rates/coverage').then((r) => r.data);

/** Asked again on each visit: a zone changed on the Shipping page changes the warnings too. */
export const taxCoverageQuery = () =>
  queryOptions({ queryKey: taxCoverageQueryKey, queryFn: getTaxCoverage, staleTime: 0 });

export function useTaxCoverage() {
  return useQuery(taxCoverageQuery());
}
