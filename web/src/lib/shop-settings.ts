import type { ShopSettings } from '@contract/page-render';

// What the Vite dev server's bare page (no shell) uses. Matches the server's defaults, so a
// shop without SHOP_NAME renders the same words everywhere.
const fallback: ShopSettings = {
  name: 'The E-Commerce Store',
  contactEmail: 'shop@localhost',
  publicStorefront: false,
  guestCheckout: false,
  publicUrl: typeof location === 'undefined' ? '' : location.origin,
  country: 'US',
  pricesIncludeTax: false,
  timeZone: 'America/New_York',
};
let current: ShopSettings | undefined;

/**
 * The shop's settings: embedded by the server in every page (`#shop-settings`), set by the
 * server-side renderer before it renders, or defaults (the Vite dev server's bare page). Read
 * once: the same value on every render, so server and client markup agree.
 */
export function shopSettings(): ShopSettings {
  if (current) return current;
  const element = typeof document === 'undefined' ? null : document.getElementById('shop-settings');
  try {
    current = element?.textContent
      ? { ...fallback, ...(JSON.parse(element.textContent) as Partial<ShopSettings>) }
      : fallback;
  } catch {
    current = fallback;
  }
  return current;
}

/** The server-side renderer's settings (the same for every page of a process). */
export function setShopSettings(settings: ShopSettings) {
  current = settings;
}

/** `Page · Shop name`, or the shop's name alone: every document title reads this way. */
export const pageTitle = (page?: string) =>
  page ? `${page} · ${shopSettings().name}` : shopSettings().name;
