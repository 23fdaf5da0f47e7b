import { z } from 'zod';
import { productSchema } from './catalog';
import { brands, categories, maxProductSearch, stockLevels } from './catalog-constants';
import { pagedResponse, queryCount, queryParam, querySearch } from './common';

export const defaultAdminProductsLimit = 24;

/**
 * `GET /api/admin/products/get`: every parameter optional. A search matches the title, the brand
 * (its key or its label) and the SKU of the product or of any of its variants.
 */
export const adminProductsQuery = z.object({
  search: queryParam(querySearch(maxProductSearch)),
  category: queryParam(z.enum(categories, { message: `must be one of ${categories.join(', ')}` })),
  brand: queryParam(z.enum(brands, { message: `must be one of ${brands.join(', ')}` })),
  stock: queryParam(z.enum(stockLevels, { message: `must be one of ${stockLevels.join(', ')}` })),
  page: queryParam(queryCount(100_000)),
  limit: queryParam(queryCount(100)),
});
export type AdminProductsQuery = z.infer<typeof adminProductsQuery>;
export type AdminProductsFilters = Omit<AdminProductsQuery, 'page' | 'limit'>;

/** No parameter holds a value: SPEC's client, which reads the whole list in its first shape. */
export const asksWholeList = (q: AdminProductsQuery) =>
  Object.values(q).every((v) => v === undefined);

/** A product on the admin's page: with its own SKU (CSV imports match by it), null when none. */
export const adminProductListItemSchema = productSchema.extend({ sku: z.string().nullable() });
export type AdminProductListItem = z.infer<typeof adminProductListItemSchema>;

export const adminProductsPageResponse = pagedResponse(adminProductListItemSchema);
