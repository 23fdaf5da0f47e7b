import type { FastifyInstance } from 'fastify';
import FindMyWay from 'find-my-way';

/** Undefined when the input is not the plain kind the storefront asks for: then use the route. */
export type PageRead = (input: {
  params: Record<string, string | undefined>;
  query: Record<string, unknown>;
}) => Promise<Buffer | string | undefined> | undefined;

declare module 'fastify' {
  interface FastifyContextConfig {
    pageRead?: PageRead;
  }
  interface FastifyInstance {
    readForPage: (path: string) => Promise<Buffer | string | undefined> | undefined;
  }
}

/** Shared with app.ts's Fastify, so page reads match and decode paths as the routes do. */
export const routerOptions = { maxParamLength: 500 };

// Renders read public answers straight from `config.pageRead`, not through `app.inject`, whose
// fake requests leave hot reads a quarter slower. Call before the routes are registered.
export function pageReads(app: FastifyInstance) {
  const router = FindMyWay(routerOptions);
  const read = (path: string) => {
    const found = router.find('GET', path);
    if (!found) return undefined;
    return (found.store as PageRead)({ params: found.params, query: found.searchParams });
  };
  app.decorate('readForPage', read);
  app.addHook('onRoute', (route) => {
    const answer = route.config?.pageRead;
    if (answer && route.method === 'GET') router.on('GET', route.url, () => undefined, answer);
  });
  return read;
}
