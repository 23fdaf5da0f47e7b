import type { Product } from '@contract/catalog';
import { brandLabels } from '@contract/catalog-constants';
import { careText, compositionText } from '@contract/garment-constants';
import { centsToDecimal, payPrice, toCents } from '@contract/money';
import type { ShopSettings } from '@contract/page-render';
import { saleAnnouncement } from '@contract/prior-price';
import { listingFromSearchParams, listingToSearchParams } from '@/lib/listing-filters';

const DEFAULT_DESCRIPTION =
  "Clothing, footwear and accessories from Nike, Adidas, Puma, Levi's, Zara and H&M.";

const escapeHtml = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');

/** JSON safe inside an HTML <script> element. */
export const embedJson = (value: unknown) =>
  JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');

/**
 * The address search engines should index a page under: a listing's (one the shop links to,
 * isLinkedListing) as its state, without the default sort, a first page or anything else.
 */
export function canonicalPath(url: URL): string {
  if (url.pathname.startsWith('/shop/listing')) {
    const query = listingToSearchParams(listingFromSearchParams(url.searchParams)).toString();
    return `/shop/listing${query ? `?${query}` : ''}`;
  }
  return url.pathname.replace(/\/$/, '') || '/';
}

/**
 * schema.org Product with its offer, as search engines read it from a product page; its
 * fibres as `material` and its care label as a property (issue 28), when known.
 */
export function productJsonLd(product: Product, url: string) {
  const paid = payPrice(product);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.title,
    description: product.description,
    image: [product.image, ...product.colorImages.map((i) => i.image)],
    sku: product._id,
    brand: { '@type': 'Brand', name: brandLabels[product.brand] },
    ...(product.composition.length > 0 && { material: compositionText(product.composition) }),
    ...(product.care && {
      additionalProperty: [
        { '@type': 'PropertyValue', name: 'Care', value: careText(product.care) },
      ],
    }),
    offers: {
      '@type': 'Offer',
      url,
      price: centsToDecimal(toCents(paid)),
      priceCurrency: 'USD',
      ...priceSpecification(product, paid),
      availability:
        product.totalStock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
    },
  };
}

/**
 * The offer's price, and beside it the prior price as the struck-through one only where the
 * reduction may be announced (a sale price below it, contract/prior-price.ts): search engines
 * show a schema.org StrikethroughPrice as a reduction.
 */
function priceSpecification(product: Product, paid: number) {
  const sale = saleAnnouncement(product);
  if (!sale) return {};
  const spec = (cents: number) => ({
    '@type': 'UnitPriceSpecification',
    price: centsToDecimal(cents),
    priceCurrency: 'USD',
  });
  return {
    priceSpecification: [
      spec(toCents(paid)),
      { ...spec(sale.wasCents), priceType: 'https://schema.org/StrikethroughPrice' },
    ],
  };
}

/**
 * The `<head>` of a rendered page: its title and description, and, when the shop is open to
 * visitors, what search engines and link previews read (canonical URL, Open Graph, JSON-LD).
 */
export function headFor({
  url,
  title,
  product,
  settings,
  status,
  selection = false,
}: {
  url: URL;
  title: string | undefined;
  product: Product | undefined;
  settings: ShopSettings;
  status: number;
  /** A shopper's own selection of the listing (its frame stands for many addresses). */
  selection?: boolean;
}): string {
  const pageTitle = title ?? settings.name;
  const description = product ? product.description.slice(0, 160) : DEFAULT_DESCRIPTION;
  const tags = [
    `<title>${escapeHtml(pageTitle)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}">`,
  ];
  // A guest order's pages: the status page's address is a credential, never indexed or shared.
  if (url.pathname.startsWith('/shop/order/')) {
    tags.push('<meta name="robots" content="noindex">');
    return tags.join('');
  }
  const isShopPage = url.pathname.startsWith('/shop/');
  if (!settings.publicStorefront || !isShopPage || status !== 200) return tags.join('');

  // A shopper's own selection of the listing names the whole listing, which it narrows, as its
  // canonical address (search engines index the listings the shop links to): its frame stands
  // for many selections, so it names nothing of its own address. A product page is named by
  // its product's id, as the sitemap names it, however its address spelled the id (in upper
  // case, percent-encoded, with a trailing slash).
  const path = selection
    ? '/shop/listing'
    : product
      ? `/shop/product/${encodeURIComponent(product._id)}`
      : canonicalPath(url);
  const canonical = `${settings.publicUrl}${path}`;
  const meta = (property: string, content: string) =>
    `<meta property="${property}" content="${escapeHtml(content)}">`;
  tags.push(
    `<link rel="canonical" href="${escapeHtml(canonical)}">`,
    meta('og:site_name', settings.name),
    meta('og:title', product?.title ?? pageTitle),
    meta('og:description', description),
    meta('og:url', canonical),
    meta('og:type', product ? 'product' : 'website'),
  );
  if (product) {
    tags.push(
      meta('og:image', product.image),
      `<script type="application/ld+json">${embedJson(productJsonLd(product, canonical))}</script>`,
    );
  }
  return tags.join('');
}
