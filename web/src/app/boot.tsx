import { hydrate, QueryClient } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { startLazyComponents } from '@/lib/lazy-component';
import { datedAt } from '@/lib/page-state';
import { AppRoutes } from './app-routes';
import { AppShell } from './app-shell';
import { loadMatchedRoutes } from './route-module';
import { routes } from './routes';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
  },
});

/** Lets the browser paint and take input between the steps of starting. */
export const yieldToBrowser = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Draws the app into #root: hydrating the server's HTML, or rendering when it sent none. */
export async function start(root: HTMLElement) {
  // A page the server rendered carries the data it was rendered with: the first render uses it,
  // so React adopts the server's HTML instead of fetching and drawing it again.
  const stateElement = document.getElementById('page-state');
  const rendered = Boolean(stateElement?.textContent && root.firstChild);
  if (stateElement?.textContent) {
    // Dated as it arrives (the server sends it undated: page-state.ts).
    hydrate(queryClient, datedAt(JSON.parse(stateElement.textContent), Date.now()));
  }

  await yieldToBrowser();
  // The page's own modules first, so the first render is the page the server drew, not a wait.
  await loadMatchedRoutes(routes, window.location.pathname);
  await yieldToBrowser();
  // The page's modules are loaded: the lazy parts they declare start loading too.
  await startLazyComponents(yieldToBrowser);
  const app = (
    <StrictMode>
      <AppShell queryClient={queryClient}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppShell>
    </StrictMode>
  );
  // Hydrating in a transition lets React yield to the browser every few milliseconds: the page
  // the server drew stays responsive to a tap while it comes alive (no long task).
  if (rendered) startTransition(() => void hydrateRoot(root, app));
  else createRoot(root).render(app);
}
