import { type ComponentType, lazy } from 'react';
import { matchRoutes, type RouteMatch, type RouteObject } from 'react-router';

type RouteModule = { Component: ComponentType };
type Loaded = { default: ComponentType };

const preloads = new WeakMap<ComponentType, () => Promise<unknown>>();

/**
 * A page or layout whose code loads on demand: a shopper never downloads admin code, nor the
 * sign-in forms with a shop page. Before the first render (the server's and the browser's
 * hydration) the current page's modules are loaded (loadMatchedRoutes), so they render at once;
 * a later navigation suspends in the router's transition, keeping the page shown until the next
 * one's code is in. React Router's own `lazy` routes would need its data router, 17 KB more of
 * first-load JavaScript for features the shop does not use (loaders, actions, fetchers).
 */
export function routeModule(load: () => Promise<RouteModule>): ComponentType {
  let loaded: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  const preload = () => {
    loading ??= load().then((module) => {
      loaded = module.Component;
      return module.Component;
    });
    return loading;
  };
  const Lazy = lazy((): Promise<Loaded> => {
    const component = loaded;
    if (!component) return preload().then((c) => ({ default: c }));
    // Once loaded, the thenable resolves at once, so React renders it without suspending.
    const resolved = {
      // biome-ignore lint/suspicious/noThenProperty: a thenable React reads synchronously
      then: (resolve: (module: Loaded) => void) => resolve({ default: component }),
    };
    return resolved as unknown as Promise<Loaded>;
  });
  preloads.set(Lazy, preload);
  return Lazy;
}

/** Paths matched lately, of each route table: a listing page's path is the same for every filter. */
const matched = new WeakMap<RouteObject[], Map<string, RouteMatch[] | null>>();
const KEPT_MATCHES = 256;

/**
 * `matchRoutes`, kept by path. React Router flattens the whole route table and compiles a
 * pattern of every route on each call: a tenth of a server-rendered listing page's CPU, twice
 * per page (the modules' load, then `useRoutes`). Matches are the same for the same path.
 */
export function matchRoutesKept(routes: RouteObject[], pathname: string) {
  let byPath = matched.get(routes);
  if (!byPath) {
    byPath = new Map();
    matched.set(routes, byPath);
  }
  let matches = byPath.get(pathname);
  if (matches === undefined) {
    matches = matchRoutes(routes, pathname);
    // The oldest goes first: a crawler's thousand product paths keep only the latest.
    if (byPath.size >= KEPT_MATCHES) byPath.delete(byPath.keys().next().value!);
    byPath.set(pathname, matches);
  }
  return matches;
}

/** Loads the modules of the routes a path renders (layout and page), all at once. */
export async function loadMatchedRoutes(routes: RouteObject[], pathname: string): Promise<void> {
  const matches = matchRoutesKept(routes, pathname) ?? [];
  await Promise.all(
    matches.map(({ route }) => (route.Component ? preloads.get(route.Component)?.() : undefined)),
  );
}
