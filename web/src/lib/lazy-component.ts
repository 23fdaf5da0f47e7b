import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

type Loader = () => Promise<unknown>;
const loaders: Loader[] = [];

/**
 * A component whose code is not in the page's first JavaScript: the header's overlays (menu
 * sheet, account menu, cart sheet) and their dialog library. Wrap it in <Suspense>: the server
 * renders it (preloadLazyComponents), and the browser keeps the server's HTML for that part
 * until the code arrives, then hydrates it on its own (a tap before then is replayed by React).
 */
export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
): LazyExoticComponent<ComponentType<P>> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () => {
    loading ??= load().then((component) => {
      loaded = component;
      return component;
    });
    return loading;
  };
  loaders.push(preload);
  // Once loaded, the thenable resolves at once, so React renders it without suspending.
  return lazy(() => {
    const component = loaded;
    if (!component) return preload().then((c) => ({ default: c }));
    const resolved = {
      // biome-ignore lint/suspicious/noThenProperty: a thenable React reads synchronously
      then: (resolve: (module: { default: ComponentType<P> }) => void) =>
        resolve({ default: component }),
    };
    return resolved as unknown as Promise<{ default: ComponentType<P> }>;
  });
}

/**
 * The server renders every page complete: before rendering, it loads the code of each lazy
 * component declared so far (by the route modules the page loaded; each loads once).
 */
export function preloadLazyComponents(): Promise<unknown> {
  return Promise.all(loaders.map((load) => load()));
}

/**
 * The browser starts loading the lazy parts of the page before hydrating it, one per task
 * (`pause` yields to the browser). Started by React while rendering, each import ran Vite's
 * preload of the part's own modules inside one unit of hydration work (a modulepreload link
 * costs the main thread ~1 ms, several on a throttled phone): long tasks of 60-80 ms at 4x.
 */
export async function startLazyComponents(pause: () => Promise<unknown>): Promise<void> {
  for (const load of [...loaders]) {
    // A failed load is the error boundary's to show when React asks for the part.
    load().catch(() => undefined);
    await pause();
  }
}
