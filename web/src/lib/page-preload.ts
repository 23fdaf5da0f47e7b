import { createContext, useCallback, useContext } from 'react';

/** Loads the code of the page at a path (its layout and page modules); resolves when in. */
export type PreloadPage = (path: string) => Promise<void>;

/**
 * Given by the app's router (app-routes.tsx), which knows the route table: a part that sends the
 * visitor on (the guard, the sign-in page) loads the next page first, so it renders at once.
 */
export const PagePreloadContext = createContext<PreloadPage>(() => Promise.resolve());

export const usePreloadPage = () => useContext(PagePreloadContext);

/**
 * Loads the page a form sends the visitor to, called as they start on it (focus): in by the
 * time the form is answered, and nothing extra for a visitor who only looks (or for Lighthouse).
 */
export function usePreloadOnFocus(path: string) {
  const preloadPage = useContext(PagePreloadContext);
  return useCallback(() => void preloadPage(path).catch(() => undefined), [path, preloadPage]);
}
