import { expect, it } from 'vitest';
import { lazyComponent, preloadLazyComponents, startLazyComponents } from '@/lib/lazy-component';

// The app's start loads the page's lazy parts before hydrating, one per task
// (web/src/app/boot.tsx), so React's render never starts an import itself.
it('starts each declared part once, with a pause after each, and shares the load with React', async () => {
  const events: string[] = [];
  const Part = () => null;
  const declare = (name: string, fail = false) =>
    lazyComponent(async () => {
      events.push(`load ${name}`);
      if (fail) throw new Error(`${name} is gone`);
      return Part;
    });
  declare('menu');
  declare('cart', true);
  declare('sort');

  await startLazyComponents(async () => {
    events.push('pause');
  });
  expect(events).toEqual(['load menu', 'pause', 'load cart', 'pause', 'load sort', 'pause']);

  // Asked again (the server's render, or React), nothing loads twice; a failed part stays failed.
  const again = await Promise.allSettled([preloadLazyComponents()]);
  expect(again[0]?.status).toBe('rejected');
  expect(events.filter((e) => e.startsWith('load'))).toHaveLength(3);
});
