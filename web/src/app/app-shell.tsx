import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, startTransition, useEffect, useState } from 'react';
import { replayEarlyTaps } from '@/lib/early-taps';

// Toasts follow a user's action, never the first paint: their library loads on its own.
const Toaster = lazy(() => import('@/components/ui/toaster').then((m) => ({ default: m.Toaster })));

/**
 * The toaster, mounted once the browser is idle after hydration (the server's HTML has nothing
 * in its place), in a transition that yields. Hydrating also marks the document live
 * (`<html data-hydrated>`), which end-to-end tests wait for, and makes the taps held before.
 */
function DeferredToaster() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
    // Taps held before the code came are made now, after every part's first effects (a menu
    // that closes itself on mount would close again a tap made during hydration).
    replayEarlyTaps();
    const mount = () => startTransition(() => setMounted(true));
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = setTimeout(mount, 200);
      return () => clearTimeout(timer);
    }
    const idle = window.requestIdleCallback(mount, { timeout: 2000 });
    return () => window.cancelIdleCallback(idle);
  }, []);
  return mounted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

/**
 * What wraps the router on both sides: the server renders this tree and the browser hydrates
 * the same one, so every generated id matches.
 */
export function AppShell({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <DeferredToaster />
    </QueryClientProvider>
  );
}
