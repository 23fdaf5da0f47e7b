// How an order reads to its shopper, the same on its pages and in its emails (issue 49): the
// date in words in the shop's time zone, a line's size and colour, the delivery label. Free of
// zod, so the storefront bundle does not carry the schema library.

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * "December 3, 2026": the day an instant falls on in the shop's time zone (SHOP_TIME_ZONE, by
 * default SHOP_COUNTRY's), so the server's render, the browser's and the email agree.
 */
export function dayInWords(iso: string, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone });
    dayFormats.set(timeZone, format);
  }
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : format.format(date);
}

/** "Size M, Colour Black", "Size M", "Colour Black" or "" (a product without variants). */
export const sizeAndColour = (line: { size?: string | null; color?: string | null }) =>
  [line.size && `Size ${line.size}`, line.color && `Colour ${line.color}`]
    .filter(Boolean)
    .join(', ');

export type DeliveryAddress = {
  name?: string | undefined;
  address: string;
  city: string;
  pincode: string;
  region?: string | undefined;
  country?: string | undefined;
};

let countries: Intl.DisplayNames | null | undefined;

/** "United States" for "US"; the code itself where there is no name for it. */
export function countryName(code: string): string {
  if (countries === undefined) {
    try {
      countries = new Intl.DisplayNames(['en'], { type: 'region' });
    } catch {
      countries = null;
    }
  }
  try {
    return countries?.of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * The delivery label's lines: whom for, the street, "San Diego CA 92101" (city, region and
 * postcode, unpunctuated as a label's last line is) and the country's name. Empty parts (older
 * orders had no region) are left out.
 */
export function deliveryLines(a: DeliveryAddress): string[] {
  return [
    a.name ?? '',
    a.address,
    [a.city, a.region, a.pincode].filter(Boolean).join(' '),
    a.country ? countryName(a.country) : '',
  ].filter(Boolean);
}
