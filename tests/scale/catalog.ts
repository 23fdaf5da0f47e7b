import { makePng } from '../factories/images';
import { describe, type Http, type Line, sessionCookie } from './client';
import { ADMIN } from './cluster';

// The products the shoppers fight over, added by the admin through the balancer: each sold in
// sizes, each size with its own stock (the rows a checkout locks).

export const SIZES = ['S', 'M', 'L'] as const;

export type ScaleProduct = {
  id: string;
  title: string;
  variants: Array<{ id: string; size: string; stock: number }>;
};

export async function addProducts(http: Http, prefix: string, count: number, stock: number) {
  const login = await http.call('POST', '/api/auth/login', { json: ADMIN });
  if (login.status !== 200) throw new Error(`admin sign-in: ${describe(login)}`);
  const cookie = sessionCookie(login);
  const files = new FormData();
  files.append(
    'file',
    new Blob([new Uint8Array(await makePng())], { type: 'image/png' }),
    'tee.png',
  );
  const upload = await http.call('POST', '/api/admin/products/upload-image', { cookie, files });
  if (upload.status !== 200) throw new Error(`uploading the image: ${describe(upload)}`);
  const image = upload.json.result.url as string;
  const products: ScaleProduct[] = [];
  for (let n = 1; n <= count; n += 1) {
    const title = `${prefix} tee ${n}`;
    const added = await http.call('POST', '/api/admin/products/add', {
      cookie,
      json: {
        image,
        title,
        category: 'men',
        brand: 'nike',
        price: 20 + n,
        variants: SIZES.map((size) => ({ size, totalStock: stock })),
      },
    });
    if (added.status !== 201 && added.status !== 200) {
      throw new Error(`adding ${title}: ${describe(added)}`);
    }
    const product = added.json.data as {
      _id: string;
      variants: Array<{ _id: string; size: string; totalStock: number }>;
    };
    products.push({
      id: product._id,
      title,
      variants: product.variants.map((v) => ({ id: v._id, size: v.size, stock: v.totalStock })),
    });
  }
  return products;
}

/** Two or three sizes of one product, one of each, in a shuffled order; sometimes a second product. */
export function multiSizeCart(products: ScaleProduct[], seed: number): Line[] {
  const product = products[seed % products.length]!;
  const sizes = shuffle(product.variants, seed).slice(0, seed % 2 === 0 ? 2 : 3);
  const lines = sizes.map((v) => ({ productId: product.id, variantId: v.id, quantity: 1 }));
  if (seed % 3 === 0 && products.length > 1) {
    const other = products[(seed + 1) % products.length]!;
    const v = other.variants[seed % other.variants.length]!;
    lines.push({ productId: other.id, variantId: v.id, quantity: 1 });
  }
  return lines;
}

function shuffle<T>(items: T[], seed: number) {
  const out = [...items];
  let s = seed * 2654435761;
  for (let i = out.length - 1; i > 0; i -= 1) {
    s = (s * 1103515245 + 12345) >>> 0;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
