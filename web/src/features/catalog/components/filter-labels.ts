import { brandLabels, categoryLabels, offerLabels } from '@contract/catalog-constants';
import { fibreLabels } from '@contract/garment-constants';
import type { ListFilterKey } from '@contract/listing-filters';
import type { Filters } from '@/lib/listing-filters';

/** Each list filter's group title, as the filter panel and the chips name it. */
export const filterTitles: Record<ListFilterKey, string> = {
  category: 'Category',
  brand: 'Brand',
  fibre: 'Fabric',
  offer: 'Offers',
  size: 'Size',
  color: 'Colour',
};

/** A filter value as a shopper reads it ("Men", "On sale"); sizes and colours are their own. */
export function filterValueLabel(key: ListFilterKey, value: string): string {
  const labels: Partial<Record<ListFilterKey, Record<string, string>>> = {
    category: categoryLabels,
    brand: brandLabels,
    fibre: fibreLabels,
    offer: offerLabels,
  };
  return labels[key]?.[value] ?? value;
}

/**
 * The listing's heading and title: the category's name when exactly one is chosen ("Men"),
 * else the spec's 'All Products' (SPEC §Listing).
 */
export function listingHeading(filters: Filters): string {
  const [only, ...more] = filters.category ?? [];
  return only && more.length === 0 ? categoryLabels[only] : 'All Products';
}
