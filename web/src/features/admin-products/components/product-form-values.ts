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
export type FieldErrors = Partial<Record<ProductField | 'variants', string>>;

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
  options: Pick<ProductInput, 'variants' | 'colorImages'> = {},
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
  if (first in fieldLabels) {
    const field = first as ProductField;
    return { [field]: `${fieldLabels[field]} ${message.slice(first.length).trim()}` };
  }
  return {};
}
