import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether the viewport matches `query`, kept current. False while the server renders and while
 * the browser hydrates its HTML (the server cannot know the screen), then the browser's answer:
 * what only a wide screen shows is left out of the page's HTML and added once hydrated.
 */
export function useMediaQuery(query: string): boolean {
  // One subscription per query, not one per render.
  const subscribe = useCallback(
    (onChange: () => void) => {
      const media = window.matchMedia(query);
      media.addEventListener('change', onChange);
      return () => media.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}
