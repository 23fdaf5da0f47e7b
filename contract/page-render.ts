import type { SessionUser } from './auth';

/** Shop-wide settings the server gives the client in every page (from its configuration). */
export type ShopSettings = {
  /** SHOP_NAME: the one name of the shop, everywhere. */
  name: string;
  /** SHOP_CONTACT_EMAIL (else MAIL_FROM's address): shown in the footer and on the contact page. */
  contactEmail: string;
  /** PUBLIC_STOREFRONT: visitors may browse home, listing, product and search. */
  publicStorefront: boolean;
  /** GUEST_CHECKOUT: visitors keep a cart and check out without an account. */
  guestCheckout: boolean;
  /** PUBLIC_URL: the origin shoppers reach the shop at, for canonical and shared links. */
  publicUrl: string;
  /** SHOP_COUNTRY: the country a new address starts with. */
  country: string;
  /** PRICES_INCLUDE_TAX: shown prices contain VAT, and product pages say so. */
  pricesIncludeTax: boolean;
  /** SHOP_TIME_ZONE (else SHOP_COUNTRY's): the day an order was placed is named in it. */
  timeZone: string;
};

/** One answer of the shop's API, read in-process while a page renders on the server. */
export type ApiAnswer = { status: number; body: string | Uint8Array };

/** What the server asks of the storefront renderer (web/src/entry-server.tsx) per page. */
export type RenderInput = {
  /** The page's path and query, e.g. `/shop/listing?category=men`. */
  url: string;
  user: SessionUser | null;
  settings: ShopSettings;
  /** Calls the shop's own API as this request's user (GET only). */
  api: (path: string) => Promise<ApiAnswer>;
  /**
   * A page the same for everyone (home, listing, product, search): rendered for no one in
   * particular (`user` is null, the API read without cookies) with the session left unknown,
   * so the browser fills in the personal parts after it asks the API who it is.
   */
  shared?: boolean;
  /**
   * With `shared`, for a shopper's own selection of the listing: its frame, products unread
   * (PageRenderer.pageKeys' `frame`), rather than the whole page.
   */
  frame?: boolean;
};

/** What the server asks before it sends a page: where this user is sent instead, if anywhere. */
export type RedirectInput = Pick<RenderInput, 'url' | 'user' | 'settings'>;

export type RenderResult =
  | { kind: 'redirect'; location: string }
  | {
      kind: 'page';
      status: 200 | 404;
      /** The page's markup, for inside `<div id="root">`. */
      body: string;
      /** `<title>`, meta, canonical and structured data for `<head>`. */
      head: string;
      /** What to fetch before anything else: the preload of the page's first picture. */
      preload: string;
      /** The data the page was rendered with, for the client to hydrate from. */
      state: unknown;
      /** Times the page was rendered: once when its reads were all known beforehand. */
      renders?: number;
    };

export type PageRenderer = {
  render: (input: RenderInput) => Promise<RenderResult | null>;
  /**
   * The guard of the page alone (SPEC §6), cheap: a shared page kept by the server is sent
   * only after it. A renderer without it has every page rendered per request.
   */
  redirect?: (input: RedirectInput) => string | null;
  /**
   * What a page rendered for everyone is kept under: `page`, the key of the page itself (pages
   * whose HTML shows the same share it), and for a shopper's own selection of the listing
   * `frame`, the key of its frame, which stands for many selections. Its own address without it.
   */
  pageKeys?: (url: string) => { page: string; frame?: string };
};
