/** The products file's columns, in order: the export writes them, the import reads them. */
export const productColumns = [
  'product sku',
  'title',
  'description',
  'category',
  'brand',
  'price',
  'sale price',
  'image',
  'variant sku',
  'size',
  'colour',
  'colour image',
  'stock',
] as const;
export type ProductColumn = (typeof productColumns)[number];

/** Columns a file must have; the others may be left out (empty). */
export const requiredColumns: ProductColumn[] = [
  'product sku',
  'title',
  'category',
  'brand',
  'price',
  'image',
  'stock',
];

/** Columns of one product (equal on each of its rows); the rest describe a variant. */
export const productLevel: ProductColumn[] = [
  'title',
  'description',
  'category',
  'brand',
  'price',
  'sale price',
  'image',
];

/** The column a validation issue of the product body points at (its zod path). */
export function columnOf(path: readonly PropertyKey[]): ProductColumn {
  const [head, , leaf] = path;
  if (head === 'variants') {
    if (leaf === 'sku') return 'variant sku';
    if (leaf === 'totalStock') return 'stock';
    if (leaf === 'color') return 'colour';
    return 'size';
  }
  if (head === 'colorImages') return 'colour image';
  const byField: Record<string, ProductColumn> = {
    salePrice: 'sale price',
    totalStock: 'stock',
  };
  const field = String(head);
  return byField[field] ?? (productColumns.find((c) => c === field) || 'product sku');
}
