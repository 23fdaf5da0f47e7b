// Where an address is, as shipping and tax read it: a country and a region, the region one of
// the country's list where it has one (contract/listed-regions.ts), checked against the postcode
// where the country's are known (the US's ZIP codes). The address form checks with it before
// sending; the server at address save, at the quote and at checkout.

import { z } from 'zod';
import { addressRegionMax } from './limits';
import { listedRegionCode, listedRegions, regionKind } from './listed-regions';
import { isUsZip, usRegionCode, usRegionsOfZip } from './us-states';

/** A region as typed in an address: a code ("NY", "DE-BY") or, where listed, a name ("Bayern"). */
export const addressRegion = z
  .string()
  .trim()
  .max(addressRegionMax, `must be at most ${addressRegionMax} characters`)
  .regex(/^[\p{L}\p{N} .'’()-]*$/u, 'must be a region code or name (letters, digits, spaces)');

export type PlaceInput = {
  country: string;
  region: string;
  /** The address's postcode, when there is one to check the region against. */
  postcode?: string | undefined;
};

export type PlaceCheck =
  | { ok: true; region: string }
  | {
      ok: false;
      field: 'region' | 'pincode';
      /** What the field is in this country: "state", "ZIP code", "province or territory". */
      label: string;
      message: string;
    };

const refuse = (field: 'region' | 'pincode', message: string, label?: string): PlaceCheck => ({
  ok: false,
  field,
  label: label ?? (field === 'region' ? 'state' : 'ZIP code'),
  message,
});

/** The postcode field's name in a country's addresses: "ZIP code" in the US, else "Postcode". */
export const postcodeLabel = (country: string) => (country === 'US' ? 'ZIP code' : 'Postcode');

/**
 * A region of a listed country other than the US: one of its list (empty is allowed: tax asks
 * for it where it depends on it), kept as its code. Elsewhere the code upper-cased.
 */
function checkListed(country: string, typed: string): PlaceCheck {
  const list = listedRegions(country);
  const kind = regionKind(country);
  if (!list || !kind || typed === '') return { ok: true, region: typed.toUpperCase() };
  const code = listedRegionCode(country, typed);
  if (code) return { ok: true, region: code };
  const example = list[0]!;
  return refuse(
    'region',
    `must be a ${kind.kind} of ${kind.country}: a code such as ${example.code}, or its name (${example.name})`,
    kind.kind,
  );
}

/**
 * The place's region as shipping and tax read it (a listed region's code, else the code
 * upper-cased), or why the place is not a valid one: a region not on its country's list. In the US the region must be a state, DC or territory
 * whose ZIP prefixes include the ZIP's; left empty, it is the ZIP's state, unless the ZIP's first
 * digits serve two (a guess could charge the wrong state's tax).
 */
export function checkPlace({ country, region, postcode }: PlaceInput): PlaceCheck {
  const typed = region.trim();
  if (country !== 'US') return checkListed(country, typed);
  const code = typed === '' ? undefined : usRegionCode(typed);
  if (typed !== '' && !code) {
    return refuse('region', 'must be a US state, DC or territory: a code such as NY, or its name');
  }
  const zip = postcode?.trim() ?? '';
  if (zip === '') {
    return code ? { ok: true, region: code } : refuse('region', 'is required: the US state');
  }
  if (!isUsZip(zip)) return refuse('pincode', 'must be a US ZIP code: 5 digits, or ZIP+4');
  const owners = usRegionsOfZip(zip);
  if (owners.length === 0) return refuse('pincode', `${zip} is not in use in any US state`);
  if (!code) {
    if (owners.length === 1) return { ok: true, region: owners[0]! };
    return refuse('region', `is required: ZIP ${zip} may be in ${owners.join(' or ')}`);
  }
  if (!owners.includes(code)) {
    return refuse('pincode', `${zip} is in ${owners.join(' or ')}, not ${code}`);
  }
  return { ok: true, region: code };
}

/** The check's refusal as the API says it ("pincode: 10001 is in NY, not CA"). */
export const placeError = (check: Extract<PlaceCheck, { ok: false }>) =>
  `${check.field}: ${check.message}`;

/**
 * The refusal of a saved address (one saved before the check, or since made invalid), asking
 * the shopper to edit it: "Please edit this address: the ZIP code 10001 is in NY, not CA".
 */
export const savedPlaceError = (check: Extract<PlaceCheck, { ok: false }>) =>
  `Please edit this address: the ${check.label} ${check.message}`;
