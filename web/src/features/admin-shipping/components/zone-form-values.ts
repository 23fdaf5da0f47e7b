import { type ShippingZone, type ShippingZoneBody, shippingZoneBody } from '@contract/pricing';
import {
  blankErrors,
  errorsFromIssues,
  type FieldErrors,
  numberOf,
  placement,
} from '@/lib/field-errors';

export type TierRow = { key: number; minSubtotal: string; price: string };
export type MethodRow = {
  key: number;
  /** Kept on edit: orders and open checkouts name their method by it. */
  _id?: string;
  name: string;
  price: string;
  freeOver: string;
  minDays: string;
  maxDays: string;
  tiers: TierRow[];
};
/** What the inputs hold: countries and regions as typed ("US, CA"), numbers as strings. */
export type ZoneFormValues = {
  name: string;
  countries: string;
  regions: string;
  methods: MethodRow[];
};

export const zoneLabels = {
  name: 'Name',
  countries: 'Countries',
  regions: 'Regions',
  methods: 'Methods',
  price: 'Price',
  freeOver: 'Free above',
  minDays: 'Min days',
  maxDays: 'Max days',
  tiers: 'Price tiers',
  minSubtotal: 'From subtotal',
};
/** The inputs of the form, by path; countries and regions are each typed in one input. */
export const placeZoneError = placement(
  /^(name|countries|regions|methods)$|^methods\.\d+\.(name|price|freeOver|minDays|maxDays|tiers)$|^methods\.\d+\.tiers\.\d+\.(minSubtotal|price)$/,
  ['countries', 'regions'],
);

// Rows need a stable React key before they have an id; the counter is enough.
let lastKey = 0;
export const nextKey = () => ++lastKey;

export const emptyMethod = (): MethodRow => ({
  key: nextKey(),
  name: '',
  price: '',
  freeOver: '',
  minDays: '',
  maxDays: '',
  tiers: [],
});

export const emptyZone = (): ZoneFormValues => ({
  name: '',
  countries: '',
  regions: '',
  methods: [emptyMethod()],
});

export function valuesFromZone(zone: ShippingZone): ZoneFormValues {
  return {
    name: zone.name,
    countries: zone.countries.join(', '),
    regions: zone.regions.join(', '),
    methods: zone.methods.map((m) => ({
      key: nextKey(),
      _id: m._id,
      name: m.name,
      price: String(m.price),
      freeOver: m.freeOver === null ? '' : String(m.freeOver),
      minDays: String(m.minDays),
      maxDays: String(m.maxDays),
      tiers: m.tiers.map((t) => ({
        key: nextKey(),
        minSubtotal: String(t.minSubtotal),
        price: String(t.price),
      })),
    })),
  };
}

/** "us, ca de" as ["us", "ca", "de"]: commas or spaces between codes. */
export const codesOf = (typed: string) => typed.split(/[\s,;]+/).filter(Boolean);

/** The request body, or the errors to show beside each input (the contract's own rules). */
export function toZoneBody(
  values: ZoneFormValues,
): { body: ShippingZoneBody; errors?: undefined } | { body?: undefined; errors: FieldErrors } {
  const parsed = shippingZoneBody.safeParse({
    name: values.name,
    countries: codesOf(values.countries),
    regions: codesOf(values.regions),
    methods: values.methods.map((m) => ({
      ...(m._id ? { _id: m._id } : {}),
      name: m.name,
      price: numberOf(m.price),
      freeOver: numberOf(m.freeOver) ?? null,
      tiers: m.tiers.map((t) => ({
        minSubtotal: numberOf(t.minSubtotal),
        price: numberOf(t.price),
      })),
      minDays: numberOf(m.minDays),
      maxDays: numberOf(m.maxDays),
    })),
  });
  const blanks: FieldErrors = {};
  values.methods.forEach((m, i) => {
    const { price, minDays, maxDays } = m;
    Object.assign(blanks, blankErrors({ price, minDays, maxDays }, zoneLabels, `methods.${i}.`));
    m.tiers.forEach(({ minSubtotal, price }, j) => {
      const at = `methods.${i}.tiers.${j}.`;
      Object.assign(blanks, blankErrors({ minSubtotal, price }, zoneLabels, at));
    });
  });
  if (parsed.success && Object.keys(blanks).length === 0) return { body: parsed.data };
  const errors = errorsFromIssues(parsed.error?.issues ?? [], zoneLabels, placeZoneError);
  return { errors: { ...errors, ...blanks } };
}
