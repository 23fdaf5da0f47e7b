import { discountBody, discountSchema } from '@contract/pricing';
import { adminCrudRoutes } from '../../lib/admin-crud-routes';
import { requirePermission } from '../../plugins/sessions';
import type { DiscountsService } from './discounts.service';

/** Discount codes with their uses and revenue, at /api/admin/discounts. */
export default (service: () => DiscountsService) =>
  adminCrudRoutes({
    guard: requirePermission('settings'),
    noun: 'Discount code',
    body: discountBody,
    item: discountSchema,
    service,
    summaries: {
      get: 'Discount codes, with their paid uses, revenue and discount given',
      add: 'Add a code (codes are unique, whatever their case)',
      edit: 'Replace a code',
    },
  });
