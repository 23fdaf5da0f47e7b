import type { DehydratedState } from '@tanstack/react-query';

/**
 * A page's data dated `time`. The server dates it 0: a page kept for everyone is then the same
 * bytes, and the same tag, each time it is rendered from the same data, so a browser's repeat
 * is a 304 even after the page was rendered again. The browser dates it on arrival: a kept page
 * is dropped within a second of a change to what it shows, so its data is current when sent,
 * and is not read again before it goes stale.
 */
export function datedAt(state: DehydratedState, time: number): DehydratedState {
  return {
    ...state,
    queries: state.queries.map((query) => ({
      ...query,
      dehydratedAt: time,
      state: {
        ...query.state,
        dataUpdatedAt: query.state.data === undefined ? 0 : time,
        errorUpdatedAt: query.state.status === 'error' ? time : 0,
      },
    })),
  };
}
