import { pages } from '@contract/pages';
import { matchPath } from 'react-router';
import { describe, expect, it } from 'vitest';
import { pathMatcher } from '../../web/src/ssr/path-matcher';

describe('pathMatcher', () => {
  const patterns = [
    pages.unauth,
    pages.infoPage,
    pages.shopListing,
    pages.shopProduct,
    '/a/*',
    '/:id',
  ];
  const paths = [
    '/unauth-page',
    '/UNAUTH-PAGE',
    '/unauth-page/',
    '/unauth-pages',
    '/pages/returns',
    '/Pages/Returns',
    '/pages/',
    '/pages',
    '/pages/a/b',
    '/shop/listing',
    '/shop/listing/',
    '/shop/Listing',
    '/shop/listings',
    '/shop/product/123',
    '/shop/product/',
    '/shop/home',
    '/a/b/c',
    '/a',
    '/',
    '',
    // What the guard must not tell apart from matchPath: encodings, doubled slashes, letters
    // that lower-case to ASCII (the Kelvin sign) or grow when they do.
    '/%70ages/returns',
    '/pages%2Freturns',
    '//pages/returns',
    '/shop/listing//',
    '/unauth-pa\u212Ae',
    '/\u0130pages/x',
  ];

  it('matches as react-router’s matchPath does, in any case and with a trailing slash', () => {
    for (const pattern of patterns) {
      const matches = pathMatcher(pattern);
      for (const path of paths) {
        expect([pattern, path, matches(path)]).toEqual([pattern, path, matchPath(pattern, path)]);
      }
    }
  });

  it('answers the parameters of the match', () => {
    expect(pathMatcher(pages.shopProduct)('/shop/product/abc')?.params.id).toBe('abc');
    expect(pathMatcher(pages.infoPage)('/pages/shipping')?.params.slug).toBe('shipping');
  });
});
