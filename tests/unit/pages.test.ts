import { isPagePath, pages } from '@contract/pages';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from '../../web/src/app/routes';

/** Every path the client's router matches, as written in its route objects. */
function routePaths(list: RouteObject[]): string[] {
  return list.flatMap((route) => [
    ...(route.path ? [route.path] : []),
    ...routePaths(route.children ?? []),
  ]);
}

describe('one route table for client and server', () => {
  it('the router has exactly the pages of contract/pages.ts, plus its catch-all', () => {
    const paths = routePaths(routes);
    expect(paths.filter((p) => p !== '*').sort()).toEqual(Object.values(pages).sort());
    expect(paths).toContain('*');
  });

  it.each([
    ['/', true],
    ['/shop/home', true],
    ['/shop/home/', true],
    ['/shop/product/6650f0a1', true],
    ['/shop/product/..', false],
    ['/shop/product/', false],
    ['/shop', false],
    ['/shop//home', false],
    ['/.env', false],
    ['/admin/products/x', false],
    ['/pages/returns', true],
    ['/pages/contact/', true],
    ['/pages/faq', false],
    ['/pages', false],
    ['/shop/order/privacy', true],
    ['/shop/order/privacy/abc123', true],
    ['/shop/order/privacy/abc123/export', false],
  ])('%s is a page: %s', (path, expected) => {
    expect(isPagePath(path)).toBe(expected);
  });
});
