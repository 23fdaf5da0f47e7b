import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while the server renders and while the browser hydrates its HTML, true afterwards (and
 * at once for anything mounted later). Controls that need JavaScript wait for it: a form
 * submitted before then would go to the server as a plain GET, password in the address.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
