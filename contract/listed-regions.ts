// The countries whose addresses pick their region from a list: the US (contract/us-states.ts),
// Canada and the EU member states (ISO 3166-2, contract/subdivisions-data.ts). A region is kept
// as its code without the country prefix ("BY", "ON", "IDF"), the code tax rates and shipping
// zones name; a name ("Bayern") or a prefixed code ("DE-BY") typed instead is read as it.

import { subdivisionData } from './subdivisions-data';
import { usRegionCode, usStates } from './us-states';

export type ListedRegion = { code: string; name: string };

/** What a country's region is called, in English: "Germany" has "states (Länder)". */
type Kind = { country: string; kind: string };

const kinds: Record<string, Kind> = {
  US: { country: 'the United States', kind: 'state' },
  CA: { country: 'Canada', kind: 'province or territory' },
  AT: { country: 'Austria', kind: 'state' },
  BE: { country: 'Belgium', kind: 'region' },
  BG: { country: 'Bulgaria', kind: 'province' },
  CY: { country: 'Cyprus', kind: 'district' },
  CZ: { country: 'Czechia', kind: 'region' },
  DE: { country: 'Germany', kind: 'state (Land)' },
  DK: { country: 'Denmark', kind: 'region' },
  EE: { country: 'Estonia', kind: 'county' },
  ES: { country: 'Spain', kind: 'autonomous community' },
  FI: { country: 'Finland', kind: 'region' },
  FR: { country: 'France', kind: 'region' },
  GR: { country: 'Greece', kind: 'region' },
  HR: { country: 'Croatia', kind: 'county' },
  HU: { country: 'Hungary', kind: 'county' },
  IE: { country: 'Ireland', kind: 'county' },
  IT: { country: 'Italy', kind: 'region' },
  LT: { country: 'Lithuania', kind: 'county or municipality' },
  LU: { country: 'Luxembourg', kind: 'canton' },
  LV: { country: 'Latvia', kind: 'municipality' },
  MT: { country: 'Malta', kind: 'local council' },
  NL: { country: 'the Netherlands', kind: 'province' },
  PL: { country: 'Poland', kind: 'voivodeship' },
  PT: { country: 'Portugal', kind: 'district' },
  RO: { country: 'Romania', kind: 'county' },
  SE: { country: 'Sweden', kind: 'county' },
  SI: { country: 'Slovenia', kind: 'municipality' },
  SK: { country: 'Slovakia', kind: 'region' },
};

const lists = new Map<string, readonly ListedRegion[]>([
  ['US', usStates.map(({ code, name }) => ({ code, name }))],
  ...Object.entries(subdivisionData).map(([country, entries]): [string, ListedRegion[]] => [
    country,
    entries.map((entry) => {
      const space = entry.indexOf(' ');
      return { code: entry.slice(0, space), name: entry.slice(space + 1) };
    }),
  ]),
]);

/** Case, accents, dots, apostrophes and dashes aside: "Baden-Württemberg" is "baden wurttemberg". */
function fold(name: string) {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[.'’]/g, '')
    .replace(/[\s-]+/g, ' ')
    .trim();
}

const lookups = new Map<string, Map<string, string>>();
function lookup(country: string) {
  let found = lookups.get(country);
  if (!found) {
    found = new Map();
    for (const r of lists.get(country) ?? []) found.set(fold(r.name), r.code);
    for (const r of lists.get(country) ?? []) found.set(r.code, r.code);
    lookups.set(country, found);
  }
  return found;
}

/** The regions a country's addresses pick from, or undefined where the region is typed. */
export const listedRegions = (country: string) => lists.get(country);

/** The country's name and what its regions are called ("Germany", "state (Land)"). */
export const regionKind = (country: string) => kinds[country];

/**
 * The code of a listed country's region typed as its code, its prefixed code or its name; undefined
 * for a region not on the country's list (and for a country without one).
 */
export function listedRegionCode(country: string, input: string): string | undefined {
  if (country === 'US') return usRegionCode(input);
  const typed = input.trim();
  const codes = lookup(country);
  const upper = typed.toUpperCase();
  const unprefixed = upper.startsWith(`${country}-`) ? upper.slice(country.length + 1) : upper;
  return codes.get(upper) ?? codes.get(unprefixed) ?? codes.get(fold(typed));
}

/** "Bayern" for DE's "BY"; the code itself where the country has no such region. */
export const listedRegionName = (country: string, code: string) =>
  lists.get(country)?.find((r) => r.code === code)?.name ?? code;
