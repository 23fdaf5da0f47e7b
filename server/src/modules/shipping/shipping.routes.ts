import { shippingZoneBody, shippingZoneSchema } from '@contract/pricing';
import { adminCrudRoutes } from '../../lib/admin-crud-routes';
import { requirePermission } from '../../plugins/sessions';
import type { ShippingService } from './shipping.service';

/** Shipping zones and their methods, at /api/admin/shipping-zones. */
export default (service: () => ShippingService) =>
  adminCrudRoutes({
    guard: requirePermission('settings'),
    noun: 'Shipping zone',
    body: shippingZoneBody,
    item: shippingZoneSchema,
    service,
    summaries: {
      get: 'Shipping zones with their methods',
      add: 'Add a zone (countries, optional regions) with its methods',
      edit: 'Replace a zone and its methods (methods sent with their _id keep it)',
    },
  });
