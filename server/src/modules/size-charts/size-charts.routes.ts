import { sizeChartBody, sizeChartSchema } from '@contract/size-charts';
import { adminCrudRoutes } from '../../lib/admin-crud-routes';
import { requirePermission } from '../../plugins/sessions';
import type { SizeChartsService } from './size-charts.service';

/** Size charts for the product pages' size guides, at /api/admin/size-charts (issue 28). */
export default (service: () => SizeChartsService) =>
  adminCrudRoutes({
    guard: requirePermission('catalog'),
    noun: 'Size chart',
    body: sizeChartBody,
    item: sizeChartSchema,
    service,
    summaries: {
      get: 'Size charts, by name',
      add: 'Add a size chart: a row per size, a column per measurement, in cm',
      edit: 'Replace a size chart (the products using it show the new one at once)',
    },
  });
