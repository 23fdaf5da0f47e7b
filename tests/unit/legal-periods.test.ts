import { periodEnd, shopCalendar, timeZoneOfCountry } from '@contract/legal-periods';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/src/config';

const berlin = shopCalendar('Europe/Berlin', []);
const inTime = (sentAt: string, end: Date) => Date.parse(sentAt) <= end.getTime();

describe('the withdrawal period (Regulation 1182/71, art. 3)', () => {
  it('starts the day after the delivery and ends at the last millisecond of day 14, local time', () => {
    // Monday 2 March 2026, 10:00 in Berlin (CET, UTC+1).
    const end = periodEnd('2026-03-02T09:00:00Z', 14, berlin);
    // Day 14 is Monday 16 March: it ends at 23:59:59.999 CET.
    expect(end.toISOString()).toBe('2026-03-16T22:59:59.999Z');
  });

  it('counts the local day of the delivery, not the UTC one', () => {
    // 00:30 on Tuesday 3 March in Berlin is still Monday in UTC.
    const end = periodEnd('2026-03-02T23:30:00Z', 14, berlin);
    expect(end.toISOString()).toBe('2026-03-17T22:59:59.999Z');
  });

  it('moves an end on a Saturday or a Sunday to the next Monday', () => {
    // Delivered Saturday 7 March: day 14 is Saturday 21 March -> Monday 23 March.
    expect(periodEnd('2026-03-07T12:00:00Z', 14, berlin).toISOString()).toBe(
      '2026-03-23T22:59:59.999Z',
    );
    // Delivered Sunday 8 March: day 14 is Sunday 22 March -> Monday 23 March.
    expect(periodEnd('2026-03-08T12:00:00Z', 14, berlin).toISOString()).toBe(
      '2026-03-23T22:59:59.999Z',
    );
  });

  it('moves an end on a public holiday to the next working day', () => {
    // Day 14 is Monday 16 March, a holiday here; Tuesday 17 too: the end is Wednesday 18.
    const calendar = shopCalendar('Europe/Berlin', ['2026-03-16', '2026-03-17']);
    expect(periodEnd('2026-03-02T09:00:00Z', 14, calendar).toISOString()).toBe(
      '2026-03-18T22:59:59.999Z',
    );
    // A holiday on Friday before an end on a Saturday: the end moves past the weekend.
    const easter = shopCalendar('Europe/Berlin', ['2026-04-06']);
    // Delivered Saturday 21 March: day 14 is Saturday 4 April -> Easter Monday 6 April -> Tuesday 7.
    expect(periodEnd('2026-03-21T12:00:00Z', 14, easter).toISOString()).toBe(
      '2026-04-07T21:59:59.999Z',
    );
  });

  it('ends at local midnight across a change to summer time and back', () => {
    // Delivered Monday 23 March (CET); day 14 is Monday 6 April, in CEST (UTC+2).
    expect(periodEnd('2026-03-23T09:00:00Z', 14, berlin).toISOString()).toBe(
      '2026-04-06T21:59:59.999Z',
    );
    // Delivered Monday 19 October (CEST); day 14 is Monday 2 November, in CET (UTC+1).
    expect(periodEnd('2026-10-19T09:00:00Z', 14, berlin).toISOString()).toBe(
      '2026-11-02T22:59:59.999Z',
    );
    // New York: delivered Monday 2 March (EST), day 14 Monday 16 March (EDT, UTC-4).
    const ny = shopCalendar('America/New_York', []);
    expect(periodEnd('2026-03-02T15:00:00Z', 14, ny).toISOString()).toBe(
      '2026-03-17T03:59:59.999Z',
    );
  });

  it('takes a withdrawal sent on day 14 at 23:30 local as in time, one on day 15 at 00:00:30 not', () => {
    const end = periodEnd('2026-03-02T09:00:00Z', 14, berlin);
    // 23:30 CET on Monday 16 March.
    expect(inTime('2026-03-16T22:30:00Z', end)).toBe(true);
    // 00:00:30 CET on Tuesday 17 March.
    expect(inTime('2026-03-16T23:00:30Z', end)).toBe(false);
  });

  it("defaults the time zone from the shop's country, its capital's for a country of several", () => {
    expect(timeZoneOfCountry('DE')).toBe('Europe/Berlin');
    expect(timeZoneOfCountry('US')).toBe('America/New_York');
    expect(timeZoneOfCountry('ES')).toBe('Europe/Madrid');
    expect(timeZoneOfCountry('ZZ')).toBe('UTC');
  });
});

describe('SHOP_TIME_ZONE and SHOP_HOLIDAYS', () => {
  it("default to the shop country's zone and no holidays", () => {
    expect(loadConfig({}).calendar).toEqual({ timeZone: 'America/New_York', holidays: new Set() });
    expect(loadConfig({ SHOP_COUNTRY: 'FR' }).calendar.timeZone).toBe('Europe/Paris');
  });

  it('take a zone and a list of dates, and name a bad one', () => {
    const config = loadConfig({
      SHOP_TIME_ZONE: 'Europe/Lisbon',
      SHOP_HOLIDAYS: '2026-12-25, 2026-12-26',
    });
    expect(config.calendar.timeZone).toBe('Europe/Lisbon');
    expect([...config.calendar.holidays]).toEqual(['2026-12-25', '2026-12-26']);
    expect(() => loadConfig({ SHOP_TIME_ZONE: 'Mars/Olympus' })).toThrow(/SHOP_TIME_ZONE/);
    expect(() => loadConfig({ SHOP_HOLIDAYS: '2026-13-01' })).toThrow(/SHOP_HOLIDAYS/);
  });
});
