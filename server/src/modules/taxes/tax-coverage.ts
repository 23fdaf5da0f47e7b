// Which rate taxes a destination, and which places the shop ships to that no rate covers: pure
// functions over the rates and the "no tax here" countries, so a quote and the admin's warnings
// read one rule. A destination no rule prices is refused, never taxed at 0% by omission.

import { listedRegionName } from '@contract/listed-regions';
import type { TaxRule } from '../pricing';

export type RateRow = {
  country: string;
  region: string;
  name: string;
  rate: number;
  taxShipping: boolean;
};

export type TaxSettings = {
  rates: readonly RateRow[];
  /** Countries marked "no tax here": 0% wherever no rate of theirs applies. */
  noTax: ReadonlySet<string>;
  /** Whether the shop has any shipping zone (none, no rate and no mark: the spec's untaxed shop). */
  hasZones: boolean;
};

export type TaxDecision = { ok: true; rule: TaxRule | null } | { ok: false; message: string };

let names: Intl.DisplayNames | undefined;
/** "France" for "FR", in the shop's English. */
export function countryName(code: string) {
  names ??= new Intl.DisplayNames(['en'], { type: 'region' });
  try {
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}

const placeName = (country: string, region: string) =>
  `${listedRegionName(country, region)}, ${countryName(country)}`;

const cannot = (where: string): TaxDecision => ({
  ok: false,
  message: `We can't calculate tax for deliveries to ${where} yet; please contact us`,
});

/** Whether a country's tax depends on the region: always in the US, else once a rate names one. */
export const pricesByRegion = (country: string, rates: readonly RateRow[]) =>
  country === 'US' || rates.some((r) => r.country === country && r.region !== '');

/**
 * The rate of a destination: its region's, else its country's; 0% on purpose in a country marked
 * "no tax here" or in a shop that has set up no zone, rate or mark at all. Otherwise refused: a
 * country whose rates name regions needs the address's region, and one no rate covers a rate.
 * An estimate for no address (`isEstimate`) is the country's own rate or mark, region or not.
 */
export function decideTax(
  settings: TaxSettings,
  country: string,
  region: string,
  isEstimate = false,
): TaxDecision {
  const { rates, noTax, hasZones } = settings;
  if (!hasZones && rates.length === 0 && noTax.size === 0) return { ok: true, rule: null };
  const own = rates.filter((r) => r.country === country);
  if (!isEstimate && pricesByRegion(country, rates) && region === '') {
    return {
      ok: false,
      message: `Please edit the address: the state or region is required for deliveries to ${countryName(country)}, where tax depends on it`,
    };
  }
  const row = own.find((r) => r.region !== '' && r.region === region) ?? own.find((r) => !r.region);
  if (row)
    return { ok: true, rule: { name: row.name, rate: row.rate, taxShipping: row.taxShipping } };
  if (noTax.has(country)) return { ok: true, rule: null };
  return cannot(own.length > 0 ? placeName(country, region) : countryName(country));
}

export type ZonePlaces = { countries: readonly string[]; regions: readonly string[] };

export type CoverageGap = {
  country: string;
  /** The zone regions no rate covers; null: every region but those with a rate (or the whole country). */
  regions: string[] | null;
  message: string;
};

/**
 * Each country a shipping zone names where some deliveries would be refused for tax: no
 * country-wide rate, no "no tax here" mark, and a place of the zone no region rate covers.
 */
export function coverageGaps(
  zones: readonly ZonePlaces[],
  rates: readonly RateRow[],
  noTax: ReadonlySet<string>,
): CoverageGap[] {
  const countries = [...new Set(zones.flatMap((z) => z.countries))].sort();
  return countries.flatMap((country): CoverageGap[] => {
    const own = rates.filter((r) => r.country === country);
    if (noTax.has(country) || own.some((r) => r.region === '')) return [];
    const rated = new Set(own.map((r) => r.region));
    const covering = zones.filter((z) => z.countries.includes(country));
    const name = countryName(country);
    if (covering.some((z) => z.regions.length === 0)) {
      const where = own.length > 0 ? `${name} outside ${[...rated].join(', ')}` : name;
      return [{ country, regions: null, message: refusedMessage(where) }];
    }
    const missing = [...new Set(covering.flatMap((z) => z.regions))].filter((r) => !rated.has(r));
    if (missing.length === 0) return [];
    return [
      {
        country,
        regions: missing.sort(),
        message: refusedMessage(`${name} (${missing.join(', ')})`),
      },
    ];
  });
}

const refusedMessage = (where: string) =>
  `Orders to ${where} are refused at checkout: add a tax rule or mark it "no tax here"`;
