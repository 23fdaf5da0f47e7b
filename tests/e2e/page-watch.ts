import type { Page } from '@playwright/test';

/**
 * Console errors, breaches of the Content-Security-Policy (a refused eval probe logs nothing to
 * the console) and the layout shift of a page, from its load until it has settled.
 */
export async function watch(page: Page) {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(`CSP refused ${e.violatedDirective} in ${e.sourceFile}`),
    );
    const w = window as unknown as { __cls: number };
    w.__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[]) {
        if (!entry.hadRecentInput) w.__cls += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return {
    errors,
    shift: () => page.evaluate(() => (window as unknown as { __cls: number }).__cls),
  };
}
