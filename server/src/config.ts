import { type ShopCalendar, shopCalendar, timeZoneOfCountry } from '@contract/legal-periods';
import { defaultReturnDays, minimumReturnDays } from '@contract/return-constants';
import { z } from 'zod';
import { checkPayPal, type PayPalConfig, paypalFromEnv } from './config-paypal';
import { checkS3, type S3Config, s3FromEnv } from './config-s3';

export { type PayPalConfig, SIMULATOR_WEBHOOK_ID } from './config-paypal';
export type { S3Config } from './config-s3';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'], {
    message: 'must be true or false',
  })
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

const origins = z
  .string()
  .transform((s) =>
    s
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.url({ message: 'must be a comma-separated list of origins' })));

function isTimeZone(zone: string) {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(1).max(65535).default(5000),
    HOST: z.string().min(1).optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .optional(),
    SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    CORS_ORIGINS: origins.default([]),
    COOKIE_SAME_SITE: z.enum(['lax', 'strict', 'none']).default('lax'),
    PUBLIC_URL: z.url({ message: 'must be a URL such as https://shop.example.com' }).optional(),
    ADMIN_EMAIL: z.email({ message: 'must be an email address' }).optional(),
    ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
    ADMIN_NAME: z.string().min(1).max(100).default('Admin'),
    SEED_DEMO: bool.optional(),
    AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(10),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// URL')
      .optional(),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    TRUST_PROXY: bool.default(false),
    WEB_DIR: z.string().min(1).optional(),
    // Opens home, listing, product and search to visitors who are not signed in.
    PUBLIC_STOREFRONT: bool.default(false),
    // Visitors buy without an account: a server-side cart behind their own cookie.
    GUEST_CHECKOUT: bool.default(false),
    // What one unpaid checkout may hold (docs/payments.md, "Holds"): units of one variant, for
    // how long, and how many unpaid checkouts a guest cookie, an account or an email opens an hour.
    MAX_HELD_PER_LINE: z.coerce.number().int().min(1).max(10_000).default(10),
    CHECKOUT_HOLD_MINUTES: z.coerce
      .number()
      .int()
      .min(5, 'must be at least 5 (the status job asks PayPal about orders from 5 minutes on)')
      .max(180)
      .default(15),
    MAX_UNPAID_CHECKOUTS: z.coerce.number().int().min(1).max(1000).default(3),
    // Days after delivery a shopper may ask for a return; the EU's 14 at least.
    RETURN_DAYS: z.coerce
      .number()
      .int()
      .min(minimumReturnDays, `must be at least ${minimumReturnDays} (the EU withdrawal period)`)
      .max(365)
      .default(defaultReturnDays),
    // Payments: PayPal's Orders v2 REST API; by default the built-in sandbox simulator.
    PAYPAL_CLIENT_ID: z.string().min(1).max(200).optional(),
    PAYPAL_CLIENT_SECRET: z.string().min(1).max(200).optional(),
    PAYPAL_API_BASE: z
      .url({ message: 'must be a URL such as https://api-m.sandbox.paypal.com' })
      .optional(),
    PAYPAL_SIMULATOR: bool.optional(),
    // Each parcel's carrier and tracking number go to PayPal (Seller Protection, docs/payments.md).
    PAYPAL_TRACKING: bool.default(true),
    PAYPAL_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
    PAYPAL_WEBHOOK_ID: z
      .string()
      .regex(
        /^[\w-]{1,64}$/,
        'must be the webhook id PayPal shows for the shop, e.g. 8PT597110X687430LKGECATA',
      )
      .optional(),
    SHOP_WHATSAPP_NUMBER: z
      .string()
      .regex(/^\+?[0-9][0-9 ()-]{6,23}$/, 'must be a phone number such as +15551234567')
      .optional(),
    // The shop's identity: one name for the logo, titles, footer, emails and PayPal.
    SHOP_NAME: z
      .string()
      .trim()
      .min(1)
      .max(80)
      .regex(/^[^<>"\\\r\n]+$/, 'must not contain < > " \\ or line breaks')
      .default('The E-Commerce Store'),
    // Pricing: where the shop is (the default country of addresses) and whether its prices
    // include tax (EU style: VAT contained) or have it added at checkout (US style).
    SHOP_COUNTRY: z
      .string()
      .regex(/^[A-Z]{2}$/, 'must be a two-letter country code in capitals, e.g. US or DE')
      .default('US'),
    PRICES_INCLUDE_TAX: bool.default(false),
    // The shop's calendar, in which the withdrawal period and the return window end (the law's
    // days end at local midnight): an IANA zone, by default SHOP_COUNTRY's (contract/legal-periods.ts).
    SHOP_TIME_ZONE: z
      .string()
      .max(64)
      .refine(isTimeZone, 'must be an IANA time zone such as Europe/Berlin')
      .optional(),
    // Public holidays (YYYY-MM-DD, comma-separated): a period ending on one ends the next working day.
    SHOP_HOLIDAYS: z
      .string()
      .transform((s) =>
        s
          .split(',')
          .map((d) => d.trim())
          .filter(Boolean),
      )
      .pipe(
        z
          .array(z.iso.date({ message: 'must be dates such as 2026-12-25, comma-separated' }))
          .max(1000, 'must list at most 1000 dates'),
      )
      .default([]),
    SHOP_CONTACT_EMAIL: z.email({ message: 'must be an email address' }).optional(),
    PAGES_DIR: z.string().min(1).optional(),
    // Room for the browsing pages kept as brotli, in a file under DATA_DIR (page-shell/shared-pages.ts), in MB.
    PAGE_CACHE_MB: z.coerce.number().int().min(1).max(4096).default(128),
    // Render the browsing pages ahead while idle (page-shell/page-warmer.ts); off in tests.
    PRERENDER_PAGES: bool.optional(),
    // Shoppers' own selections of the listing rendered whole, a second; the rest get its frame.
    SELECTION_RENDERS_PER_SECOND: z.coerce.number().int().min(0).max(1000).default(20),
    // Email: SMTP when set, else .eml files in DATA_DIR/outbox.
    SMTP_URL: z
      .url({
        protocol: /^smtps?$/,
        message: 'must be a URL such as smtp://user:pass@mail.example.com:587 or smtps://…',
      })
      .optional(),
    MAIL_FROM: z
      .string()
      .max(300)
      .regex(
        /^([^<>\r\n]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/,
        'must be an address such as shop@example.com or "Shop <shop@example.com>"',
      )
      .optional(),
    // S3-compatible object storage for images: all five or none.
    S3_BUCKET: z.string().min(3, 'must be a bucket name').max(63).optional(),
    S3_REGION: z.string().min(1).optional(),
    S3_ENDPOINT: z
      .url({
        protocol: /^https?$/,
        message: 'must be a URL such as https://s3.eu-west-1.amazonaws.com',
      })
      .optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: bool.default(true),
    S3_PUBLIC_URL: z
      .url({ protocol: /^https?$/, message: 'must be the public base URL of the bucket' })
      .optional(),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.SESSION_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['SESSION_SECRET'],
        message: 'is required when NODE_ENV=production',
      });
    }
    // SameSite=None cookies are only kept by browsers when Secure, i.e. over HTTPS.
    if (env.COOKIE_SAME_SITE === 'none' && env.NODE_ENV !== 'production') {
      ctx.addIssue({
        code: 'custom',
        path: ['COOKIE_SAME_SITE'],
        message: 'none needs NODE_ENV=production (Secure cookies, served over HTTPS)',
      });
    }
    // Guests browse before they buy: a login wall in front of the shop would leave them no way in.
    if (env.GUEST_CHECKOUT && !env.PUBLIC_STOREFRONT) {
      ctx.addIssue({
        code: 'custom',
        path: ['GUEST_CHECKOUT'],
        message: 'true needs PUBLIC_STOREFRONT=true (visitors must see the shop to buy as guests)',
      });
    }
    if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.ADMIN_EMAIL ? 'ADMIN_PASSWORD' : 'ADMIN_EMAIL'],
        message: 'ADMIN_EMAIL and ADMIN_PASSWORD must be set together',
      });
    }
  })
  .superRefine(checkS3)
  .superRefine(checkPayPal);

export type Env = z.infer<typeof envSchema>;

export type Config = Omit<Env, 'HOST'> & {
  /** 127.0.0.1 in development (nothing on the network reaches a dev shop), 0.0.0.0 in production. */
  HOST: string;
  isProduction: boolean;
  /** Render the browsing pages ahead while idle: PRERENDER_PAGES, else on outside tests. */
  prerenderPages: boolean;
  publicUrl: string;
  /** Origins allowed to send mutating requests (CSRF check): the shop's own plus CORS_ORIGINS. */
  allowedOrigins: string[];
  /** Other origins whose browser clients may call the API with credentials (CORS). */
  corsOrigins: string[];
  imageOrigins: string[];
  /** Object storage for images, when S3_* is set; else images live under DATA_DIR/uploads. */
  s3?: S3Config;
  paypal: PayPalConfig;
  /** Digits of the shop's messaging-app number, for the checkout's chat link. */
  whatsappNumber?: string;
  mailFrom: string;
  /** The address shown to shoppers (footer, contact page): SHOP_CONTACT_EMAIL or MAIL_FROM's. */
  contactEmail: string;
  /** SHOP_TIME_ZONE and SHOP_HOLIDAYS: where the law's periods end (contract/legal-periods.ts). */
  calendar: ShopCalendar;
};

export class ConfigError extends Error {}

/** Parses the environment once; the only place that reads process.env. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.') || 'env'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const parsed = result.data;
  const s3 = s3FromEnv(parsed);
  const publicUrl = (parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/+$/, '');
  // Quoted: a name with a comma would otherwise read as two addresses.
  const mailFrom =
    parsed.MAIL_FROM ?? `"${parsed.SHOP_NAME}" <shop@${new URL(publicUrl).hostname}>`;
  return {
    ...parsed,
    HOST: parsed.HOST ?? (parsed.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1'),
    isProduction: parsed.NODE_ENV === 'production',
    prerenderPages: parsed.PRERENDER_PAGES ?? parsed.NODE_ENV !== 'test',
    publicUrl,
    allowedOrigins: [
      new URL(publicUrl).origin,
      ...parsed.CORS_ORIGINS.map((o) => new URL(o).origin),
    ],
    corsOrigins: parsed.CORS_ORIGINS.map((o) => new URL(o).origin),
    imageOrigins: parsed.S3_PUBLIC_URL ? [new URL(parsed.S3_PUBLIC_URL).origin] : [],
    ...(s3 ? { s3 } : {}),
    paypal: paypalFromEnv(parsed, publicUrl),
    mailFrom,
    contactEmail: parsed.SHOP_CONTACT_EMAIL ?? addressOf(mailFrom),
    calendar: shopCalendar(
      parsed.SHOP_TIME_ZONE ?? timeZoneOfCountry(parsed.SHOP_COUNTRY),
      parsed.SHOP_HOLIDAYS,
    ),
    ...(parsed.SHOP_WHATSAPP_NUMBER
      ? { whatsappNumber: parsed.SHOP_WHATSAPP_NUMBER.replace(/\D/g, '') }
      : {}),
  };
}

const addressOf = (mailbox: string) => mailbox.match(/<([^>]+)>/)?.[1] ?? mailbox.trim();
