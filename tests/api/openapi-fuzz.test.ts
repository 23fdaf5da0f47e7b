import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser, type TestUser } from '../factories/users';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../helpers/test-app';

// DESIGN §3: no input, however malformed, produces a 500. Every route of the OpenAPI document
// (and the hidden HTML form posts) gets empty and 100,000-deep bodies; DESIGN §4 says which
// routes need a session, and those must refuse a signed-out caller before reading the body.
let t: TestApp;
let routes: Route[];
beforeAll(async () => {
  t = await createTestApp();
  routes = [...documentedRoutes(t), ...FORM_POSTS];
});
afterAll(async () => t.close());

type Route = { method: string; path: string; hasBody: boolean };

const FORM_POSTS: Route[] = [
  { method: 'POST', path: '/auth/login', hasBody: true },
  { method: 'POST', path: '/auth/register', hasBody: true },
];

function documentedRoutes({ app }: TestApp): Route[] {
  const doc = app.swagger() as { paths: Record<string, Record<string, { requestBody?: unknown }>> };
  return Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      hasBody: operation.requestBody !== undefined,
    })),
  );
}

/** Who may call a route, by DESIGN §4: the catalogue and accounts are public. */
function access({ method, path }: Route): 'admin' | 'shopper' | 'public' {
  if (path.startsWith('/api/admin/')) return 'admin';
  if (path.startsWith('/api/common/feature/')) return method === 'GET' ? 'public' : 'admin';
  const catalogueRead = /^\/api\/shop\/(products|search|review)\//.test(path);
  // A guest order's status page data and return (its emailed token is the credential), the
  // lookup, the EU withdrawal (order number and email, no sign-in) and a guest's privacy
  // requests (the emailed link is the credential).
  const guestOrder =
    /^\/api\/shop\/(order\/(status\/\{token\}(\/returns)?|lookup)|withdrawals|returns\/policy)$/.test(
      path,
    ) || path.startsWith('/api/shop/order/privacy/');
  if (guestOrder) return 'public';
  if (path.startsWith('/api/shop/'))
    return catalogueRead && method === 'GET' ? 'public' : 'shopper';
  return 'public';
}

const DEPTH = 100_000;
const BODIES = {
  none: {},
  'empty JSON': { payload: '', headers: { 'content-type': 'application/json' } },
  'deep array': {
    payload: `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`,
    headers: { 'content-type': 'application/json' },
  },
  'deep object': {
    payload: `${'{"a":'.repeat(DEPTH)}{}${'}'.repeat(DEPTH)}`,
    headers: { 'content-type': 'application/json' },
  },
} as const;
const isDeep = (body: keyof typeof BODIES) => body.startsWith('deep');

/** The route's URLs: path params filled with a well-formed id, then with a malformed one. */
function urls(path: string, own?: TestUser): string[] {
  if (!path.includes('{')) return [path];
  const fill = (id: string) =>
    path.replace(/\{(\w+)\}/g, (_, name) => (name === 'userId' && own ? own.id : id));
  return [fill(randomUUID()), fill(encodeURIComponent("nope' or 1=1 --"))];
}

const send = (route: Route, url: string, body: keyof typeof BODIES, user?: TestUser) => {
  const { headers = {}, ...rest } = BODIES[body] as { payload?: string; headers?: object };
  return t.injectAsIs({
    method: route.method as 'GET',
    url,
    ...rest,
    // A same-origin request, so the CSRF check does not answer in the route's place.
    headers: { ...headers, origin: TEST_ORIGIN, ...(user ? { cookie: user.cookie } : {}) },
  });
};

/**
 * Signed out: 401 where a session is needed; elsewhere never a 5xx, and a 4xx for a deep body
 * where the route reads one (a route without a body, such as logout, ignores what is sent).
 */
function isExpected(route: Route, body: keyof typeof BODIES, status: number) {
  if (access(route) !== 'public') return status === 401;
  if (status >= 500) return false;
  return !(route.hasBody && isDeep(body)) || status >= 400;
}

describe('every documented route, signed out', () => {
  it.each(Object.keys(BODIES) as (keyof typeof BODIES)[])(
    'answers a %s body without a 5xx; protected routes with 401',
    async (body) => {
      const failures: string[] = [];
      for (const route of routes) {
        for (const url of urls(route.path)) {
          const { statusCode } = await send(route, url, body);
          if (!isExpected(route, body, statusCode)) {
            failures.push(`${route.method} ${url}: ${statusCode}`);
          }
        }
      }
      expect(failures).toEqual([]);
      expect(routes.length).toBeGreaterThan(40);
    },
  );
});

describe('signed in, the routes of one’s role', () => {
  it.each([['shopper'], ['admin']] as const)(
    'deep bodies from a signed-in %s to the routes of that role get 400s',
    async (role) => {
      const user = await makeUser(t, { role });
      const failures: string[] = [];
      for (const route of routes.filter((r) => r.hasBody && access(r) === role)) {
        for (const body of ['deep array', 'deep object'] as const) {
          const [url = route.path] = urls(route.path, user);
          const { statusCode } = await send(route, url, body, user);
          if (statusCode !== 400) failures.push(`${route.method} ${url} ${body}: ${statusCode}`);
        }
      }
      expect(failures).toEqual([]);
    },
  );
});

it('still answers afterwards', async () => {
  expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  expect((await t.app.inject({ method: 'GET', url: '/api/shop/products/get' })).statusCode).toBe(
    200,
  );
});
