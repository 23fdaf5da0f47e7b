import type { ShopSettings } from '@contract/page-render';

const fallback: ShopSettings = {
  name: 'The E-Commerce Store',
  publicStorefront: false,
  publicUrl: typeof location === 'undefined' ? '' : location.origin,
};
let current: ShopSettings | undefined;

/**
 * The shop's settings: embedded by the server in every page (`#shop-settings`), set by the
 * server-side renderer before it renders, or defaults (the Vite dev server's bare page).
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
