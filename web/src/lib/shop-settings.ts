/** The shop's identity, set by the operator (SHOP_NAME, SHOP_CONTACT_EMAIL) on the server. */
export type ShopSettings = { name: string; contactEmail: string };

// What the dev server (no page shell) and the build-time prerender use. Matches the server's
// defaults, so a shop without SHOP_NAME renders the same words everywhere.
const fallback: ShopSettings = { name: 'The E-Commerce Store', contactEmail: 'shop@localhost' };

let settings: ShopSettings | undefined;

function readEmbedded(): ShopSettings {
  // The server puts the settings in the page (web-shell.ts); without a DOM (server rendering
  // before setShopSettings, tests) the defaults stand.
  if (typeof document === 'undefined') return fallback;
  const text = document.getElementById('shop-settings')?.textContent;
  if (!text) return fallback;
  try {
    const parsed = JSON.parse(text) as Partial<ShopSettings>;
    return {
      name: typeof parsed.name === 'string' && parsed.name ? parsed.name : fallback.name,
      contactEmail:
        typeof parsed.contactEmail === 'string' && parsed.contactEmail
          ? parsed.contactEmail
          : fallback.contactEmail,
    };
  } catch {
    return fallback;
  }
}

/** Read once: the same value on every render, so server and client markup agree. */
export function getShopSettings(): ShopSettings {
  settings ??= readEmbedded();
  return settings;
}

/** For a server renderer: the process's own settings, before it renders any page. */
export function setShopSettings(value: ShopSettings) {
  settings = value;
}

/** `Page · Shop name`, or the shop's name alone: every document title reads this way. */
export const pageTitle = (page?: string) =>
  page ? `${page} · ${getShopSettings().name}` : getShopSettings().name;
