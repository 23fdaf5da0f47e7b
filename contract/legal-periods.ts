// Periods counted as EU law counts them (Regulation (EEC, Euratom) No 1182/71, art. 3), zod-free
// so the storefront can show the same dates the server enforces.

/** The shop's calendar: its IANA time zone and its public holidays (YYYY-MM-DD, local). */
export type ShopCalendar = { timeZone: string; holidays: ReadonlySet<string> };

/**
 * The time zone of a shop in this country when SHOP_TIME_ZONE is not set. A country with several
 * zones gets its capital's (US: Washington, CA: Ottawa, AU: Canberra, BR: Brasília, ES: Madrid,
 * PT: Lisbon); a country not listed counts in UTC.
 */
export const countryTimeZones: Readonly<Record<string, string>> = {
  AT: 'Europe/Vienna',
  AU: 'Australia/Sydney',
  BE: 'Europe/Brussels',
  BG: 'Europe/Sofia',
  BR: 'America/Sao_Paulo',
  CA: 'America/Toronto',
  CH: 'Europe/Zurich',
  CY: 'Asia/Nicosia',
  CZ: 'Europe/Prague',
  DE: 'Europe/Berlin',
  DK: 'Europe/Copenhagen',
  EE: 'Europe/Tallinn',
  ES: 'Europe/Madrid',
  FI: 'Europe/Helsinki',
  FR: 'Europe/Paris',
  GB: 'Europe/London',
  GR: 'Europe/Athens',
  HR: 'Europe/Zagreb',
  HU: 'Europe/Budapest',
  IE: 'Europe/Dublin',
  IS: 'Atlantic/Reykjavik',
  IT: 'Europe/Rome',
  LI: 'Europe/Vaduz',
  LT: 'Europe/Vilnius',
  LU: 'Europe/Luxembourg',
  LV: 'Europe/Riga',
  MT: 'Europe/Malta',
  NL: 'Europe/Amsterdam',
  NO: 'Europe/Oslo',
  NZ: 'Pacific/Auckland',
  PL: 'Europe/Warsaw',
  PT: 'Europe/Lisbon',
  RO: 'Europe/Bucharest',
  SE: 'Europe/Stockholm',
  SI: 'Europe/Ljubljana',
  SK: 'Europe/Bratislava',
  US: 'America/New_York',
};

export const timeZoneOfCountry = (country: string) => countryTimeZones[country] ?? 'UTC';

const DAY_MS = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock offset of `timeZone` at `instant`, in ms (local = UTC + offset). */
function offsetAt(instant: number, timeZone: string) {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, format);
  }
  const part = (type: string, parts: Intl.DateTimeFormatPart[]) =>
    Number(parts.find((p) => p.type === type)?.value);
  const parts = format.formatToParts(new Date(instant));
  const local = Date.UTC(
    part('year', parts),
    part('month', parts) - 1,
    part('day', parts),
    part('hour', parts),
    part('minute', parts),
    part('second', parts),
  );
  return local - Math.floor(instant / 1000) * 1000;
}

/** The local calendar day of `instant`, as a UTC-midnight timestamp of that date. */
function localDay(instant: number, timeZone: string) {
  const local = instant + offsetAt(instant, timeZone);
  return local - (((local % DAY_MS) + DAY_MS) % DAY_MS);
}

/** The instant a local day (given as its UTC-midnight timestamp) begins in `timeZone`. */
function startOfLocalDay(day: number, timeZone: string) {
  let instant = day - offsetAt(day, timeZone);
  // Once more at the instant found: the offset may differ there (a DST change that night).
  instant = day - offsetAt(instant, timeZone);
  return instant;
}

const isoDate = (day: number) => new Date(day).toISOString().slice(0, 10);

/** Saturday, Sunday, or a listed public holiday. */
export function isNonWorkingDay(day: number, holidays: ReadonlySet<string>) {
  const weekday = new Date(day).getUTCDay();
  return weekday === 0 || weekday === 6 || holidays.has(isoDate(day));
}

/**
 * The last instant of a period of `days` days that starts with an event at `from`, counted as
 * Regulation 1182/71 counts it: the event's own day is not counted (art. 3(1)); the period ends
 * with the last hour of its last day (art. 3(2)(b)), in the shop's time zone; a last day that
 * is a Saturday, a Sunday or a public holiday moves the end to the next working day's (art. 3(4)).
 */
export function periodEnd(from: Date | string, days: number, calendar: ShopCalendar): Date {
  const { timeZone, holidays } = calendar;
  let last = localDay(new Date(from).getTime(), timeZone) + days * DAY_MS;
  while (isNonWorkingDay(last, holidays)) last += DAY_MS;
  return new Date(startOfLocalDay(last + DAY_MS, timeZone) - 1);
}

/** The shop's calendar from its configuration (SHOP_TIME_ZONE, SHOP_HOLIDAYS). */
export const shopCalendar = (timeZone: string, holidays: readonly string[]): ShopCalendar => ({
  timeZone,
  holidays: new Set(holidays),
});
