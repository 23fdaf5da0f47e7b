import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createSitemaps } from './sitemap';

// Pages a search engine has no use for: the API, the admin panel, a shopper's own pages.
const PRIVATE_PATHS = [
  '/api/',
  '/admin/',
  '/shop/checkout',
  '/shop/account',
  '/shop/saved',
  '/shop/paypal-return',
  '/shop/paypal-cancel',
  '/shop/payment-success',
];

/**
 * robots.txt and the sitemaps. A shop behind its sign-in page (the default) shows crawlers its
 * sign-in and info pages only, and has no sitemap; with PUBLIC_STOREFRONT the storefront is
 * open to them and every product is in the sitemap.
 */
const seoRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  const sitemaps = createSitemaps(app.services.catalog, config.publicUrl);
  const text = { schema: { hide: true } };

  app.get('/robots.txt', text, async (_request, reply) => {
    const body = config.PUBLIC_STOREFRONT
      ? `User-agent: *\n${PRIVATE_PATHS.map((p) => `Disallow: ${p}`).join('\n')}\nAllow: /\n\nSitemap: ${config.publicUrl}/sitemap.xml\n`
      : `User-agent: *\n${[...PRIVATE_PATHS, '/shop/'].map((p) => `Disallow: ${p}`).join('\n')}\n`;
    return reply
      .header('Cache-Control', 'public, max-age=3600')
      .type('text/plain; charset=utf-8')
      .send(body);
  });

  app.register(async (scope) => {
    const publicOnly = scope.withTypeProvider<ZodTypeProvider>();
    publicOnly.addHook('onRequest', async (_request, reply) => {
      if (!config.PUBLIC_STOREFRONT) {
        return reply.status(404).send({ success: false, code: 'NOT_FOUND', message: 'Not found' });
      }
    });
    const xml = (reply: {
      header: (k: string, v: string) => unknown;
      type: (t: string) => unknown;
    }) => {
      reply.header('Cache-Control', 'public, max-age=3600');
      reply.type('application/xml; charset=utf-8');
    };

    publicOnly.get('/sitemap.xml', text, async (_request, reply) => {
      xml(reply);
      return reply.send(await sitemaps.index());
    });
    publicOnly.get('/sitemaps/pages.xml', text, async (_request, reply) => {
      xml(reply);
      return reply.send(sitemaps.pages());
    });
    publicOnly.get(
      '/sitemaps/:file',
      {
        schema: {
          hide: true,
          params: z.object({ file: z.string().regex(/^products-[1-9]\d{0,6}\.xml$/) }),
        },
      },
      async (request, reply) => {
        const n = Number(/\d+/.exec(request.params.file)?.[0]);
        const body = await sitemaps.products(n);
        if (body === null) {
          return reply
            .status(404)
            .send({ success: false, code: 'NOT_FOUND', message: 'Not found' });
        }
        xml(reply);
        return reply.send(body);
      },
    );
  });
};

export default seoRoutes;
