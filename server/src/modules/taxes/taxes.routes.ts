import { dataResponse, errorResponse, idParams } from '@contract/common';
import { countryCode, taxRateBody, taxRateSchema } from '@contract/pricing';
import { noTaxBody, noTaxCountrySchema, taxCoverageResponse } from '@contract/tax-coverage';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminCrudRoutes } from '../../lib/admin-crud-routes';
import { requirePermission } from '../../plugins/sessions';
import type { ShippingService } from '../shipping';
import type { TaxesService } from './taxes.service';

type Services = () => { taxes: TaxesService; shipping: ShippingService };

const tags = ['admin settings'];
const errors = { '4xx': errorResponse };
const audit = (action: string) => ({
  entity: 'no_tax_country',
  action: `no_tax_country.${action}`,
});

/**
 * Tax rates per country and optional region at /api/admin/tax-rates, and beside them the
 * countries marked "no tax here" and the zone countries no rate covers (the Taxes page's warnings).
 */
export default (services: Services) => {
  const noTax: FastifyPluginAsyncZod = async (app) => {
    app.addHook('onRequest', requirePermission('settings'));

    app.get(
      '/coverage',
      {
        schema: {
          tags,
          summary: 'Countries marked "no tax here", and shipping-zone countries no rate covers',
          response: { 200: taxCoverageResponse, ...errors },
        },
      },
      async () => {
        const { taxes, shipping } = services();
        return { success: true as const, data: await taxes.coverage(await shipping.list()) };
      },
    );

    app.post(
      '/no-tax/add',
      {
        config: { audit: audit('create') },
        schema: {
          tags,
          summary: 'Mark a country "no tax here": 0% on purpose where no rate of it applies',
          body: noTaxBody,
          response: {
            201: dataResponse(noTaxCountrySchema).extend({ message: z.string() }),
            ...errors,
          },
        },
      },
      async (request, reply) => {
        const data = await services().taxes.markNoTax(request.body.country);
        return reply
          .status(201)
          .send({ success: true as const, message: 'Marked "no tax here"', data });
      },
    );

    app.delete(
      '/no-tax/delete/:id',
      {
        config: { audit: audit('delete') },
        schema: {
          tags,
          summary:
            'Remove a country\'s "no tax here" mark (its orders are refused until it has a rate)',
          params: idParams,
          response: { 200: z.object({ success: z.literal(true), message: z.string() }), ...errors },
        },
      },
      async (request) => {
        const country = countryCode.safeParse(request.params.id);
        await services().taxes.unmarkNoTax(country.success ? country.data : '');
        return { success: true as const, message: '"No tax here" mark removed' };
      },
    );
  };

  const plugin: FastifyPluginAsyncZod = async (app) => {
    await app.register(
      adminCrudRoutes({
        guard: requirePermission('settings'),
        noun: 'Tax rate',
        body: taxRateBody,
        item: taxRateSchema,
        service: () => services().taxes,
        summaries: {
          get: 'Tax rates (percent), per country and region',
          add: 'Add a rate for a country, or for one region of it',
          edit: 'Replace a rate',
        },
      }),
    );
    await app.register(noTax);
  };
  return plugin;
};
