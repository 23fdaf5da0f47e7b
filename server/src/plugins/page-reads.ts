import type { FastifyInstance } from 'fastify';
import FindMyWay from 'find-my-way';

/**
 * A public GET route's answer for a page being rendered, without a request: the bytes the route
 * sends for these params and query, or undefined when they are not the plain kind the storefront
 * asks for (or the answer is an error), and the page reads through the route instead.
 */
export type PageRead = (input: {
  params: Record<string, string | undefined>;
  query: Record<string, unknown>;
}) => Promise<Buffer | string | undefined> | undefined;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's answer, read by server renders in-process (page-reads.ts). */
    pageRead?: PageRead;
  }
  interface FastifyInstance {
    /** A public GET as a page render reads it: the answer's bytes, or undefined (see pageReads). */
    readForPage: (path: string) => Promise<Buffer | string | undefined> | undefined;
  }
}

/** The router options of app.ts's Fastify, and of the page reads', which so match and decode alike. */
export const routerOptions = { maxParamLength: 500 };

/**
 * The shop's public reads as a page render makes them: straight to the answer a route declares
 * as its `config.pageRead`, matched by the router Fastify uses (find-my-way, with its query
 * string parser), rather than a request through `app.inject`. Thousands of renders through
 * light-my-request's fake requests left the API's hot reads a quarter slower afterwards
 * (docs/performance.md). Call before the routes are registered; a path no route declares
 * answers undefined, and the page reads it through `app.inject`.
 */
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
