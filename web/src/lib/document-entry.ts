/**
 * The history key of the page the browser loaded (React Router's 'default' on a fresh load).
 * Read before the router starts: the first page rendered must match the server's HTML, which
 * knows nothing of history state left by an earlier visit.
 */
export const documentEntryKey: string =
  typeof window === 'undefined'
    ? 'default'
    : ((window.history.state as { key?: string } | null)?.key ?? 'default');
