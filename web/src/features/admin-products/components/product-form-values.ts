import { type Product, type ProductInput, productInput } from '@contract/catalog';
import type { Brand, Category } from '@contract/catalog-constants';

/** What the inputs hold: strings, and 'none' until a category or brand is chosen (SPEC §3). */
export type ProductFormValues = {
  title: string;
  description: string;
  category: Category | 'none';
  brand: Brand | 'none';
  price: string;
  salePrice: string;
  totalStock: string;
};
export type ProductField = keyof ProductFormValues | 'image';
export type FieldErrors = Partial<
  Record<ProductField | 'variants' | 'sizeChartId' | 'composition' | 'care', string>
>;

/** Issue 28's fields: their errors read from the whole path ("composition.0.fibres ..."). */
const garmentFields = new Set(['sizeChartId', 'composition', 'care']);
const garmentLabels: Record<string, string> = {
  sizeChartId: 'Size chart',
  composition: 'Composition',
  care: 'Care',
};

/** "composition.1.fibres must add up to 100%" -> "Composition, part 2: fibres must ...". */
function garmentMessage(path: readonly PropertyKey[], message: string) {
  const [field, part, ...rest] = path.map(String);
  const label = garmentLabels[field ?? ''] ?? field;
  if (field === 'composition' && part !== undefined && /^\d+$/.test(part)) {
    const what = rest.filter((r) => !/^\d+$/.test(r)).at(-1) ?? '';
    return `${label}, part ${Number(part) + 1}: ${what ? `${what} ` : ''}${message}`;
  }
  return `${label}${part ? ` ${[part, ...rest].join('.')}` : ''} ${message}`;
}

export const initialFormValues: ProductFormValues = {
  title: '',
  description: '',
  category: 'none',
  brand: 'none',
  price: '',
  salePrice: '',
  totalStock: '',
};

export const fieldLabels: Record<ProductField, string> = {
  image: 'Image',
  title: 'Title',
  description: 'Description',
  category: 'Category',
  brand: 'Brand',
  price: 'Price',
  salePrice: 'Sale Price',
  totalStock: 'Total Stock',
};

export function valuesFromProduct(p: Product): ProductFormValues {
  return {
    title: p.title,
    description: p.description,
    category: p.category,
    brand: p.brand,
    price: String(p.price),
    salePrice: p.salePrice > 0 ? String(p.salePrice) : '',
    totalStock: String(p.totalStock),
  };
}

const number = (s: string) => (s.trim() === '' ? undefined : Number(s));

/** The request body, or the errors to show beside each field (same rules as the server). */
export function toProductInput(
  values: ProductFormValues,
  image: string,
  options: Pick<
    ProductInput,
    'variants' | 'colorImages' | 'sizeChartId' | 'composition' | 'care'
  > = {},
): { body: ProductInput; errors?: undefined } | { body?: undefined; errors: FieldErrors } {
  const body = {
    image,
    title: values.title,
    description: values.description,
    category: values.category,
    brand: values.brand,
    price: number(values.price),
    salePrice: number(values.salePrice) ?? 0,
    // With variants the stock is their sum: the field is not sent.
    totalStock: options.variants?.length ? undefined : number(values.totalStock),
    ...options,
  };
  const parsed = productInput.safeParse(body);
  if (parsed.success) return { body: body as ProductInput };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    if (issue.path[0] === 'variants' || issue.path[0] === 'colorImages') {
      errors.variants ??= `Sizes and colours: row ${Number(issue.path[1]) + 1} ${issue.message}`;
      continue;
    }
    if (garmentFields.has(String(issue.path[0]))) {
      const field = issue.path[0] as 'sizeChartId' | 'composition' | 'care';
      errors[field] ??= garmentMessage(issue.path, issue.message);
      continue;
    }
    const field = issue.path[0] as ProductField;
    if (errors[field]) continue;
    errors[field] = friendlyMessage(field, issue.message, values);
  }
  // zod runs the cross-field rule only once every field is valid; show it alongside the rest.
  const { price, salePrice } = body;
  if (!errors.salePrice && price !== undefined && salePrice > 0 && salePrice >= price) {
    errors.salePrice = 'Sale Price must be below the price (or 0 for no sale)';
  }
  return { errors };
}

function friendlyMessage(field: ProductField, message: string, values: ProductFormValues) {
  if (field === 'image') return 'Upload an image first';
  if (field === 'category') return 'Choose a category';
  if (field === 'brand') return 'Choose a brand';
  const raw = values[field as keyof ProductFormValues];
  if (typeof raw === 'string' && raw.trim() === '' && field !== 'description') {
    return `${fieldLabels[field]} is required`;
  }
  return `${fieldLabels[field]} ${message}`;
}

/** Puts a server message ("price must be ...") beside the field it names, if it names one. */
export function errorsFromServer(message: string): FieldErrors {
  const first = message.split(/\s/, 1)[0] ?? '';
  const path = first.replace(/:$/, '').split('.');
  if (garmentFields.has(path[0] ?? '')) {
    const field = path[0] as 'sizeChartId' | 'composition' | 'care';
    return { [field]: garmentMessage(path, message.slice(first.length).trim()) };
  }
  if (first in fieldLabels) {
    const field = first as ProductField;
    return { [field]: `${fieldLabels[field]} ${message.slice(first.length).trim()}` };
  }
  return {};
}
