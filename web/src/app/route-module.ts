import { type ComponentType, lazy } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';

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

/** Loads the modules of the routes a path renders (layout and page), all at once. */
export async function loadMatchedRoutes(routes: RouteObject[], pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(({ route }) => (route.Component ? preloads.get(route.Component)?.() : undefined)),
  );
}
