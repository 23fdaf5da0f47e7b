import type { ProductInput } from '@contract/catalog';
import type { TestApp } from '../helpers/test-app';
import type { TestUser } from './users';

/** A product body the admin API accepts, with `image` an upload of this shop. */
export const productInput = (
  image: string,
  overrides: Partial<ProductInput> = {},
): ProductInput => ({
  image,
  title: 'Classic Denim Jacket',
  description: 'Washed blue denim with brass buttons.',
  category: 'men',
  brand: 'levi',
  price: 89.99,
  salePrice: 0,
  totalStock: 12,
  ...overrides,
});

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A request as `who` (signed out when absent). */
export const callAs = (
  t: TestApp,
  method: Method,
  url: string,
  who?: TestUser,
  payload?: unknown,
) =>
  t.app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: who ? { cookie: who.cookie } : {},
  });
