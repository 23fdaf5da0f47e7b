import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from './config';
import type { Database } from './db/client';
import { AddressesService } from './modules/addresses';
import { AuditService, registerAuditLoaders, registerAuditNamers } from './modules/audit';
import { AccountsService, AuthService, PasswordResetService } from './modules/auth';
import { CartService } from './modules/cart';
import { CatalogService } from './modules/catalog';
import { CsvService } from './modules/csv';
import { CustomersService } from './modules/customers';
import { DiscountsService } from './modules/discounts';
import { DisputesService } from './modules/disputes';
import { createMailer, EmailService, OrderMailService } from './modules/email';
import { FeaturesService } from './modules/features';
import { StockService } from './modules/inventory';
import { createMediaStorage, MediaService } from './modules/media';
import { MySizesService } from './modules/my-sizes';
import {
  CheckoutService,
  GuestOrdersService,
  type MismatchLog,
  OrdersService,
  PurchasesService,
  QuoteService,
} from './modules/orders';
import { PagesService } from './modules/pages';
import { PaymentsService } from './modules/payments';
import { PricingService } from './modules/pricing';
import { GuestPrivacyService, PrivacyService } from './modules/privacy';
import { RefundsService } from './modules/refunds';
import {
  ReturnMail,
  ReturnStepsService,
  ReturnsReport,
  ReturnsService,
  returnsOfOrders,
  WithdrawalsService,
} from './modules/returns';
import { ReviewsService } from './modules/reviews';
import { SeedService } from './modules/seed';
import { ShipmentsService } from './modules/shipments';
import { ShippingService } from './modules/shipping';
import { SizeChartsService } from './modules/size-charts';
import { StaffService } from './modules/staff';
import { StatsService } from './modules/stats';
import { StockAlertsService } from './modules/stock-alerts';
import {
  createProductJsonCache,
  createStorefrontCache,
  ListingIndex,
  ListingService,
  SearchService,
  SearchVocabulary,
} from './modules/storefront';
import { TaxesService } from './modules/taxes';
import { WebhooksService } from './modules/webhooks';
import { WishlistService } from './modules/wishlist';

// The default information pages; this file and the bundled server both sit two levels down.
const defaultPagesDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../content/pages',
);

const silentLog: MismatchLog = { warn: () => {} };

export type Deps = {
  config: Config;
  database: Database;
  sessionSecret: string;
  /** The server's log, for what services warn of (PayPal's mismatched amounts). */
  log?: MismatchLog;
};

/** The composition root: every module's service, built once and shared by the routes. */
export function createServices({ config, database, sessionSecret, log = silentLog }: Deps) {
  const { db } = database;
  const email = new EmailService(db, createMailer(config), {
    from: config.mailFrom,
    ctx: {
      shopName: config.SHOP_NAME,
      publicUrl: config.publicUrl,
      timeZone: config.calendar.timeZone,
    },
  });
  const auth = new AuthService(db, sessionSecret);
  const pages = new PagesService({
    defaultsDir: defaultPagesDir,
    overrideDir: config.PAGES_DIR,
    vars: { shopName: config.SHOP_NAME, contactEmail: config.contactEmail },
  });
  const media = new MediaService(createMediaStorage(config));
  const isOwnImage = (url: string) => media.isOwnImage(url);
  const catalog = new CatalogService(db, isOwnImage);
  const features = new FeaturesService(db, isOwnImage);
  // Writes of this instance empty the storefront cache at once; others reach it by NOTIFY.
  const storefrontCache = createStorefrontCache();
  catalog.onChange(() => storefrontCache.productsChanged());
  features.onChange(() => storefrontCache.bannersChanged());
  // A chart's edit drops the products showing it (other instances hear their NOTIFY).
  const sizeCharts = new SizeChartsService(db, catalog);
  sizeCharts.onChange((ids) => storefrontCache.productsChanged(ids));
  const stock = new StockService(db);
  stock.onChange((ids) => storefrontCache.productsChanged(ids));
  const cart = new CartService(db, stock);
  const taxes = new TaxesService(db);
  const addresses = new AddressesService(db, config.SHOP_COUNTRY, (country) =>
    taxes.regionRequirement(country),
  );
  const shipping = new ShippingService(db);
  const accounts = new AccountsService(db);
  const discounts = new DiscountsService(db, { accounts });
  const pricing = new PricingService(
    { shipping, taxes, discounts },
    { pricesIncludeTax: config.PRICES_INCLUDE_TAX },
  );
  const quotes = new QuoteService({ cart, stock, addresses, pricing }, config.SHOP_COUNTRY);
  const payments = new PaymentsService(config);
  const hashToken = (token: string) => auth.hashToken(token);
  const orders = new OrdersService(db, hashToken);
  const orderMail = new OrderMailService(
    email,
    auth,
    { issue: (tx, orderId) => orders.issueAccessToken(orderId, tx) },
    { returnDays: config.RETURN_DAYS, calendar: config.calendar },
  );
  const shipments = new ShipmentsService(db, {
    orders,
    mail: orderMail,
    payments,
    paypalTracking: config.paypal.tracking,
  });
  orders.providePart('shipments', (tx, ids) => shipments.byOrders(tx, ids));
  const guestOrders = new GuestOrdersService(db, { orders, mail: orderMail, hashToken });
  orders.onStatusChange((tx, order, tracking) => orderMail.statusChanged(tx, order, tracking));
  const checkout = new CheckoutService(
    db,
    {
      cart,
      stock,
      addresses,
      auth,
      payments,
      orders,
      mail: orderMail,
      pricing,
      quotes,
      discounts,
      log,
      shopUrl: config.publicUrl,
    },
    {
      pendingMinutes: config.CHECKOUT_HOLD_MINUTES,
      maxHeldPerLine: config.MAX_HELD_PER_LINE,
      maxUnpaidPerHour: config.MAX_UNPAID_CHECKOUTS,
    },
  );
  const refunds = new RefundsService(db, {
    payments,
    stock,
    orders,
    mail: orderMail,
    discounts,
    log,
  });
  // Returns and withdrawals (issue 26): order answers carry them, loaded by their module.
  const { calendar } = config;
  const returnMail = new ReturnMail({ email, auth, orders, timeZone: calendar.timeZone });
  const returnDays = config.RETURN_DAYS;
  const returns = new ReturnsService(db, { orders, mail: returnMail, returnDays, calendar });
  orders.providePart('returns', returnsOfOrders);
  const withdrawals = new WithdrawalsService(db, { orders, returns, mail: returnMail, calendar });
  const returnSteps = new ReturnStepsService(db, {
    orders,
    refunds,
    stock,
    shipping,
    mail: returnMail,
  });
  const disputes = new DisputesService(db, { orders, log });
  const webhooks = new WebhooksService(db, { payments, checkout, refunds, disputes });
  const stats = new StatsService(orders, stock);
  const listingIndex = new ListingIndex(db);
  // Products' JSON in a file under DATA_DIR, else in the system's temporary directory.
  const productJson = createProductJsonCache(
    db,
    config.publicUrl,
    [path.join(config.DATA_DIR, 'product-cache'), path.join(tmpdir(), 'shop-product-cache')],
    (ids) => sizeCharts.byIds(ids),
  );
  const vocabulary = new SearchVocabulary(db);
  storefrontCache.onProductsChanged((ids) => {
    listingIndex.changed(ids);
    productJson.changed(ids);
    cart.productsChanged(ids);
    vocabulary.changed();
  });
  const listing = new ListingService(listingIndex, productJson);
  const search = new SearchService(db, productJson, vocabulary);
  const purchases = new PurchasesService(db, orders);
  const reviews = new ReviewsService(db, catalog, listing, purchases);
  reviews.onChange((productId) => storefrontCache.productsChanged([productId]));
  const mySizes = new MySizesService(db, { catalog, purchases });
  const wishlist = new WishlistService(db, stock);
  const customers = new CustomersService(db, { orders, addresses, reviews, wishlist });
  const stockAlerts = new StockAlertsService(db, stock);
  const privacy = new PrivacyService(db, {
    auth,
    accounts,
    email,
    addresses,
    orders,
    reviews,
    wishlist,
    stockAlerts,
    mySizes,
    cart,
  });
  const guestPrivacy = new GuestPrivacyService(db, { orders, email, hashToken });
  const passwordReset = new PasswordResetService(db, auth, email);
  const staff = new StaffService(db, { auth, accounts, passwordReset });
  // The audit log reads each entity through its module's service (before and after a write).
  const audit = new AuditService(db, config.calendar.timeZone);
  const audited = {
    db,
    accounts,
    catalog,
    orders,
    returnSteps,
    shipping,
    taxes,
    discounts,
    sizeCharts,
    features,
    customers,
    staff,
  };
  registerAuditLoaders(audit, audited);
  registerAuditNamers(audit, audited);
  return {
    audit,
    email,
    orderMail,
    auth,
    passwordReset,
    staff,
    catalog,
    listing,
    search,
    storefrontCache,
    productJson,
    purchases,
    reviews,
    sizeCharts,
    mySizes,
    media,
    features,
    stock,
    cart,
    addresses,
    shipping,
    taxes,
    discounts,
    pricing,
    quotes,
    payments,
    orders,
    shipments,
    guestOrders,
    checkout,
    disputes,
    webhooks,
    stats,
    wishlist,
    customers,
    stockAlerts,
    privacy,
    guestPrivacy,
    refunds,
    returns,
    withdrawals,
    returnSteps,
    returnsReport: new ReturnsReport(db, orders),
    pages,
    seed: new SeedService(catalog, features, media, sizeCharts),
    csv: new CsvService({ db, catalog, media, orders, accounts, publicUrl: config.publicUrl }),
  };
}

export type Services = ReturnType<typeof createServices>;
