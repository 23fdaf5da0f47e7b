import { useEffect, useRef } from 'react';

/**
 * Sends once until the mutation settles. `pending` reaches the button a render after the click,
 * and a double click's second click comes sooner: without this it would send twice.
 */
export function useSendOnce(pending: boolean) {
  const sent = useRef(false);
  useEffect(() => {
    if (!pending) sent.current = false;
  }, [pending]);
  return (send: () => void) => {
    if (pending || sent.current) return;
    sent.current = true;
    send();
  };
}
