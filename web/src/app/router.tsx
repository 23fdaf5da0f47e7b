import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { routes } from './routes';

type LazyModule = Record<string, unknown>;
const routeKeys = ['Component', 'ErrorBoundary', 'HydrateFallback', 'handle'] as const;

/**
 * Loads the route modules the current page needs before the router starts, so its first
 * render is the page itself (what the server rendered), not a loading state.
 */
async function loadMatchedRoutes(pathname: string) {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const module = (await route.lazy()) as LazyModule;
      for (const key of routeKeys) {
        if (key in module) Object.assign(route, { [key]: module[key] });
      }
      (route as RouteObject).lazy = undefined;
    }),
  );
}

export async function createRouter() {
  await loadMatchedRoutes(window.location.pathname);
  return createBrowserRouter(routes);
}
