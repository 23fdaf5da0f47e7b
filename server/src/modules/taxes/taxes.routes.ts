import { taxRateBody, taxRateSchema } from '@contract/pricing';
import { adminCrudRoutes } from '../../lib/admin-crud-routes';
import type { TaxesService } from './taxes.service';

/** Tax rates per country and optional region, at /api/admin/tax-rates. */
export default (service: () => TaxesService) =>
  adminCrudRoutes({
    permission: 'settings',
    noun: 'Tax rate',
    body: taxRateBody,
    item: taxRateSchema,
    service,
    summaries: {
      get: 'Tax rates (percent), per country and region',
      add: 'Add a rate for a country, or for one region of it',
      edit: 'Replace a rate',
    },
  });
