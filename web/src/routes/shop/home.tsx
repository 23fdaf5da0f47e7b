import {
  type Brand,
  brandLabels,
  brands,
  type Category,
  categories,
  categoryLabels,
} from '@contract/catalog-constants';
import { ArrowRight, Baby, Footprints, Gem, Shirt, ShoppingBag } from 'lucide-react';
import { Suspense } from 'react';
import { Link } from 'react-router';
import { useFeatureImages } from '@/features/banners/api/get-feature-images';
import { useAddToCart } from '@/features/cart/hooks/use-add-to-cart';
import { type ProductsParams, useProducts } from '@/features/catalog/api/get-products';
import { ProductGrid } from '@/features/catalog/components/product-grid';
import { SaveButton } from '@/features/wishlist/components/save-button';
import { lazyComponent } from '@/lib/lazy-component';
import { type Filters, filtersToSearchParams, storeFilters } from '@/lib/listing-filters';
import { pageTitle } from '@/lib/shop-settings';
import { useProductLinkState } from './product-link';

const categoryIcons: Record<Category, typeof Shirt> = {
  men: Shirt,
  women: ShoppingBag,
  kids: Baby,
  accessories: Gem,
  footwear: Footprints,
};

/** A shortcut into the listing: it sets the filter like the header menu does (SPEC §2). */
function FilterLink({
  filters,
  className,
  children,
}: {
  filters: Filters;
  className: string;
  children: React.ReactNode;
}) {
  return (
    <Link
      to={`/shop/listing?${filtersToSearchParams(filters)}`}
      onClick={() => storeFilters(filters)}
      className={className}
    >
      {children}
    </Link>
  );
}

function Hero() {
  return (
    <section className="relative overflow-hidden bg-zinc-900 text-white">
      <div className="mx-auto flex max-w-7xl flex-col items-start gap-4 px-6 py-16 sm:py-24">
        <p className="text-sm font-medium uppercase tracking-widest text-zinc-300">New season</p>
        <h1 className="max-w-xl text-4xl font-extrabold sm:text-5xl">
          Clothing, footwear and accessories you will live in
        </h1>
        <Link
          to="/shop/listing"
          onClick={() => storeFilters(null)}
          className="mt-2 inline-flex items-center gap-2 rounded-md bg-white px-5 py-3 font-semibold text-zinc-900 hover:bg-zinc-200"
        >
          Shop all products <ArrowRight className="size-4" aria-hidden />
        </Link>
      </div>
    </section>
  );
}

// The carousel's code (embla) loads after the page: the server's HTML shows the first banner,
// which the carousel takes over once it arrives. Until then its space is kept.
const BannerCarousel = lazyComponent(() =>
  import('@/features/banners/components/banner-carousel').then((m) => m.BannerCarousel),
);
const bannerSpace = <div className="h-[220px] w-full bg-zinc-900 sm:h-[360px] lg:h-[520px]" />;

/** The products home shows (the server asks for them before rendering: ssr/page-queries.ts). */
export const homeProducts: ProductsParams = { sortBy: 'price-lowtohigh', limit: 12 };

export function HomeView() {
  const { data: banners } = useFeatureImages();
  const { data, isPending } = useProducts(homeProducts);
  const addToCart = useAddToCart();
  const linkState = useProductLinkState();
  return (
    <div className="flex flex-col">
      {banners === undefined ? (
        bannerSpace
      ) : (
        <Suspense fallback={bannerSpace}>
          <BannerCarousel images={banners} fallback={<Hero />} />
        </Suspense>
      )}

      <section className="bg-zinc-50 py-10" aria-labelledby="shop-by-category">
        <div className="mx-auto max-w-7xl px-4 md:px-6">
          <h2 id="shop-by-category" className="mb-6 text-center text-2xl font-bold sm:text-3xl">
            Shop by category
          </h2>
          {/* On a phone the row scrolls: each card is under a third of the width, so the fourth
              peeks in at the edge and shows there is more (a whole number of cards fitted
              exactly and looked like the end of the row). */}
          <div className="-mx-4 flex snap-x gap-3 overflow-x-auto px-4 pb-2 sm:mx-0 sm:grid sm:grid-cols-5 sm:gap-4 sm:overflow-visible sm:px-0">
            {categories.map((category) => {
              const Icon = categoryIcons[category];
              return (
                <FilterLink
                  key={category}
                  filters={{ category: [category] }}
                  className="flex w-[28%] shrink-0 snap-start flex-col items-center gap-2 rounded-lg border bg-white p-4 text-sm font-semibold shadow-sm transition-shadow hover:shadow-md sm:w-auto sm:p-6"
                >
                  <Icon className="size-8 sm:size-10" aria-hidden />
                  {categoryLabels[category]}
                </FilterLink>
              );
            })}
          </div>
        </div>
      </section>

      <section className="py-10" aria-labelledby="shop-by-brand">
        <div className="mx-auto max-w-7xl px-4 md:px-6">
          <h2 id="shop-by-brand" className="mb-6 text-center text-2xl font-bold sm:text-3xl">
            Shop by brand
          </h2>
          <div className="grid grid-cols-3 gap-3 sm:grid-cols-6 sm:gap-4">
            {brands.map((brand: Brand) => (
              <FilterLink
                key={brand}
                filters={{ brand: [brand] }}
                className="flex h-16 items-center justify-center rounded-lg border bg-white text-base font-extrabold tracking-tight shadow-sm transition-shadow hover:shadow-md sm:h-20 sm:text-lg"
              >
                {brandLabels[brand]}
              </FilterLink>
            ))}
          </div>
        </div>
      </section>

      <section className="bg-zinc-50 py-10" aria-labelledby="feature-products">
        <div className="mx-auto max-w-7xl px-4 md:px-6">
          <h2 id="feature-products" className="mb-6 text-center text-2xl font-bold sm:text-3xl">
            Feature Products
          </h2>
          <ProductGrid
            products={data?.data}
            isLoading={isPending}
            linkState={linkState}
            onAddToCart={addToCart}
            renderAction={(product) => <SaveButton product={product} />}
          />
          <div className="mt-8 flex justify-center">
            <Link
              to="/shop/listing"
              onClick={() => storeFilters(null)}
              className="inline-flex items-center gap-2 rounded-md border bg-white px-5 py-2.5 text-sm font-semibold hover:bg-zinc-100"
            >
              View all products <ArrowRight className="size-4" aria-hidden />
            </Link>
          </div>
        </div>
      </section>
    </div>
  );
}

export function Component() {
  return (
    <>
      <title>{pageTitle()}</title>
      <HomeView />
    </>
  );
}
