import { listingFilterLimits, listingQuery } from '@contract/listing';
import { describe, expect, it } from 'vitest';
import {
  chosenFilterCount,
  filtersFromSearchParams,
  filtersToSearchParams,
  isLinkedListing,
  listingFromSearchParams,
  sanitizeFilters,
} from '@/lib/listing-filters';
import { pageKeys } from '@/ssr/page-keys';

// The web keeps the listing filters of a URL or of session storage; the contract's limits
// decide what it keeps, so whatever it sends the server's schema takes.

const accepted = (params: URLSearchParams) => listingQuery.safeParse(Object.fromEntries(params));

describe('the web listing filters', () => {
  it('keeps only what the contract takes, and the schema then takes the URL it makes', () => {
    const tooLong = 'x'.repeat(listingFilterLimits.optionValueLength + 1);
    const manySizes = Array.from(
      { length: listingFilterLimits.optionValues + 5 },
      (_, i) => `S${i}`,
    );
    const filters = sanitizeFilters({
      category: ['men', 'men', 'men', 'nope', 3],
      brand: 'nike',
      fibre: ['cotton'],
      size: [...manySizes, tooLong, 'a\u0001b', 'M,L', ''],
      color: ['Black', 'Black'],
      minPrice: '10.5',
      maxPrice: '9',
    });
    expect(filters).toEqual({
      category: ['men'],
      fibre: ['cotton'],
      size: manySizes.slice(0, listingFilterLimits.optionValues),
      color: ['Black'],
      minPrice: '10.5',
    });
    const parsed = accepted(filtersToSearchParams(filters));
    expect(parsed.success).toBe(true);
    expect(parsed.data?.size).toHaveLength(listingFilterLimits.optionValues);
    expect(parsed.data?.minPrice).toBe(1050);
  });

  it('reads back from a URL what it wrote', () => {
    const filters = sanitizeFilters({
      category: ['women', 'kids'],
      brand: ['puma'],
      size: ['XL'],
      minPrice: '5',
      maxPrice: '19.99',
    });
    const params = filtersToSearchParams(filters, { sortBy: 'title-atoz' });
    expect(params.get('sortBy')).toBe('title-atoz');
    expect(filtersFromSearchParams(params)).toEqual(filters);
    expect(accepted(params).success).toBe(true);
  });

  it('drops a price the schema would refuse', () => {
    expect(sanitizeFilters({ minPrice: '1.234', maxPrice: '12345678' })).toEqual({});
  });
});

describe('the listings the shop links to, and a shopper’s own selections', () => {
  const state = (query: string) => listingFromSearchParams(new URLSearchParams(query));
  it('links everything, a category, a brand or one of each, in the default order, any page', () => {
    for (const query of [
      '',
      'category=men',
      'brand=nike&page=3',
      'category=kids&brand=puma&sortBy=price-lowtohigh',
      'category=men,bogus&utm_source=mail',
    ]) {
      expect(isLinkedListing(state(query)), query).toBe(true);
    }
    for (const query of [
      'category=men,women',
      'brand=nike,zara',
      'category=men&sortBy=title-atoz',
      'size=M',
      'color=Black',
      'minPrice=10',
      'fibre=wool',
    ]) {
      expect(isLinkedListing(state(query)), query).toBe(false);
    }
  });

  it('keys a listing by its state, and a selection’s frame by its sort and count', () => {
    expect(pageKeys('/shop/listing?utm_source=x&category=men&page=1')).toEqual({
      page: '/shop/listing?category=men',
    });
    expect(pageKeys('/shop/listing?minPrice=5&category=men,women&sortBy=title-ztoa')).toEqual({
      page: '/shop/listing?category=men%2Cwomen&minPrice=5&sortBy=title-ztoa',
      frame: 'listing-frame:title-ztoa:3',
    });
    expect(chosenFilterCount(state('category=men,kids&size=M&minPrice=5&maxPrice=9').filters)).toBe(
      4,
    );
    expect(pageKeys('/shop/product/abc?x=1')).toEqual({ page: '/shop/product/abc?x=1' });
  });
});
