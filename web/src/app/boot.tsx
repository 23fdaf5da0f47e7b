import { hydrate, QueryClient } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { startLazyComponents } from '@/lib/lazy-component';
import { warmClassMerge } from '@/lib/utils';
import { AppShell } from './app-shell';
import { createRouter } from './router';

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
  if (stateElement?.textContent) hydrate(queryClient, JSON.parse(stateElement.textContent));

  await yieldToBrowser();
  warmClassMerge();
  await yieldToBrowser();
  const router = await createRouter();
  await yieldToBrowser();
  // The page's modules are loaded: the lazy parts they declare start loading too.
  await startLazyComponents(yieldToBrowser);
  const app = (
    <StrictMode>
      <AppShell queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppShell>
    </StrictMode>
  );
  // Hydrating in a transition lets React yield to the browser every few milliseconds: the page
  // the server drew stays responsive to a tap while it comes alive (no long task).
  if (rendered) startTransition(() => void hydrateRoot(root, app));
  else createRoot(root).render(app);
}
