import { checkPlace, placeError, savedPlaceError } from '@contract/delivery-place';
import {
  listedRegionCode,
  listedRegionName,
  listedRegions,
  regionKind,
} from '@contract/listed-regions';
import { regionCode } from '@contract/pricing';
import { usRegionCode, usRegionsOfZip, usStates } from '@contract/us-states';
import { describe, expect, it } from 'vitest';
import { coverageGaps, decideTax, type RateRow } from '../../server/src/modules/taxes/tax-coverage';

// A ZIP of each region, from the USPS directory: the capital's or the main post office's.
const known: Record<string, string[]> = {
  AL: ['35201'],
  AK: ['99501'],
  AZ: ['85001'],
  AR: ['72201'],
  CA: ['90210', '95814', '96161'],
  CO: ['80202'],
  CT: ['06103'],
  DE: ['19901'],
  DC: ['20001', '20500', '56901'],
  FL: ['32301', '33101', '34102'],
  GA: ['30301', '39801'],
  HI: ['96813'],
  ID: ['83702'],
  IL: ['60601', '62701'],
  IN: ['46201'],
  IA: ['50301'],
  KS: ['66601'],
  KY: ['40601'],
  LA: ['70112'],
  ME: ['04330'],
  MD: ['21201'],
  MA: ['02108', '01001', '05501'],
  MI: ['48201'],
  MN: ['55101'],
  MS: ['39201'],
  MO: ['65101'],
  MT: ['59601'],
  NE: ['68501'],
  NV: ['89101'],
  NH: ['03301'],
  NJ: ['07101'],
  NM: ['87501'],
  NY: ['10001', '12207', '00501', '14201'],
  NC: ['27601'],
  ND: ['58501'],
  OH: ['43215'],
  OK: ['73101', '74101'],
  OR: ['97201'],
  PA: ['17101', '19103'],
  RI: ['02903'],
  SC: ['29201'],
  SD: ['57501'],
  TN: ['37201'],
  TX: ['73301', '75201', '79901', '88510'],
  UT: ['84101'],
  VT: ['05601'],
  VA: ['23219', '20101'],
  WA: ['98101', '99201'],
  WV: ['25301'],
  WI: ['53703'],
  WY: ['82001'],
  AS: ['96799'],
  GU: ['96910'],
  MP: ['96950'],
  PR: ['00901', '00601'],
  VI: ['00802'],
  AA: ['34001'],
  AE: ['09001'],
  AP: ['96201'],
};

describe('the US regions and their ZIP prefixes', () => {
  it('are the 50 states, DC, five territories and the three military ones', () => {
    expect(usStates).toHaveLength(50 + 1 + 5 + 3);
    expect(new Set(usStates.map((s) => s.code)).size).toBe(usStates.length);
    expect(Object.keys(known).sort()).toEqual(usStates.map((s) => s.code).sort());
  });

  it('place each known ZIP in its region', () => {
    for (const [code, zips] of Object.entries(known)) {
      for (const zip of zips) expect(usRegionsOfZip(zip), zip).toContain(code);
    }
  });

  it('give each prefix one region, but for the few that serve two', () => {
    const shared = new Set([63, 200, 422, 592, 717, 739, 834, 894, 967, 969, 976]);
    for (let prefix = 0; prefix < 1000; prefix++) {
      const owners = usRegionsOfZip(`${String(prefix).padStart(3, '0')}01`);
      if (shared.has(prefix)) expect(owners.length, String(prefix)).toBe(2);
      else expect(owners.length, String(prefix)).toBeLessThanOrEqual(1);
    }
    expect(usRegionsOfZip('00001')).toEqual([]);
    expect(usRegionsOfZip('99999')).toEqual(['AK']);
  });

  it('are named by code or name, in any case', () => {
    expect(usRegionCode('ny')).toBe('NY');
    expect(usRegionCode(' New York ')).toBe('NY');
    expect(usRegionCode('district of columbia')).toBe('DC');
    expect(usRegionCode('Washington, D.C.'.replace(',', ''))).toBe('DC');
    expect(usRegionCode('U.S. Virgin Islands')).toBe('VI');
    expect(usRegionCode('Ontario')).toBeUndefined();
  });
});

describe('checkPlace', () => {
  it('takes the ZIP’s state when none is named, and refuses a mismatch naming both', () => {
    expect(checkPlace({ country: 'US', region: '', postcode: '10001' })).toEqual({
      ok: true,
      region: 'NY',
    });
    expect(checkPlace({ country: 'US', region: 'california', postcode: '95814-1234' })).toEqual({
      ok: true,
      region: 'CA',
    });
    expect(checkPlace({ country: 'US', region: 'CA', postcode: '10001' })).toEqual({
      ok: false,
      field: 'pincode',
      label: 'ZIP code',
      message: '10001 is in NY, not CA',
    });
    // Fishers Island, NY has a Connecticut prefix.
    expect(checkPlace({ country: 'US', region: 'NY', postcode: '06390' })).toMatchObject({
      ok: true,
    });
  });

  it('asks for the state when the ZIP’s first digits serve two, rather than guess', () => {
    expect(checkPlace({ country: 'US', region: '', postcode: '06390' })).toEqual({
      ok: false,
      field: 'region',
      label: 'state',
      message: 'is required: ZIP 06390 may be in CT or NY',
    });
    expect(checkPlace({ country: 'US', region: '', postcode: '96950' })).toMatchObject({
      ok: false,
      field: 'region',
    });
    expect(checkPlace({ country: 'US', region: 'MP', postcode: '96950' })).toEqual({
      ok: true,
      region: 'MP',
    });
    expect(checkPlace({ country: 'US', region: 'TX', postcode: '96950' })).toEqual({
      ok: false,
      field: 'pincode',
      label: 'ZIP code',
      message: '96950 is in GU or MP, not TX',
    });
  });

  it('refuses an unknown state, a ZIP that is none, and a US place with neither', () => {
    expect(checkPlace({ country: 'US', region: 'XX', postcode: '10001' })).toMatchObject({
      ok: false,
      field: 'region',
    });
    expect(checkPlace({ country: 'US', region: 'NY', postcode: '1000' })).toMatchObject({
      ok: false,
      field: 'pincode',
    });
    expect(checkPlace({ country: 'US', region: '' })).toMatchObject({ ok: false, field: 'region' });
  });

  it('keeps a listed country’s region as its ISO 3166-2 code, typed as code, prefixed code or name', () => {
    expect(checkPlace({ country: 'CA', region: 'on', postcode: 'M5H 2N2' })).toEqual({
      ok: true,
      region: 'ON',
    });
    expect(checkPlace({ country: 'CA', region: 'Québec' })).toEqual({ ok: true, region: 'QC' });
    expect(checkPlace({ country: 'DE', region: 'bayern' })).toEqual({ ok: true, region: 'BY' });
    expect(checkPlace({ country: 'DE', region: 'DE-BY' })).toEqual({ ok: true, region: 'BY' });
    expect(checkPlace({ country: 'DE', region: 'Baden-Wurttemberg' })).toEqual({
      ok: true,
      region: 'BW',
    });
    expect(checkPlace({ country: 'ES', region: 'Canarias' })).toEqual({ ok: true, region: 'CN' });
    expect(checkPlace({ country: 'IE', region: 'Cork' })).toEqual({ ok: true, region: 'CO' });
    // Left out where the list is not the US's: tax asks for it where it depends on it.
    expect(checkPlace({ country: 'FR', region: '', postcode: '75001' })).toEqual({
      ok: true,
      region: '',
    });
  });

  it('refuses a region not on its country’s list, naming the field and the kind of region', () => {
    const check = checkPlace({ country: 'DE', region: 'CA' });
    expect(check).toEqual({
      ok: false,
      field: 'region',
      label: 'state (Land)',
      message:
        'must be a state (Land) of Germany: a code such as BW, or its name (Baden-Württemberg)',
    });
    if (check.ok) return;
    expect(placeError(check)).toMatch(/^region: must be a state \(Land\) of Germany/);
    expect(savedPlaceError(check)).toMatch(/^Please edit this address: the state \(Land\) must be/);
    expect(checkPlace({ country: 'CA', region: 'NY' })).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^must be a province or territory of Canada/),
    });
    // Places with their own country code are that country, not a French region.
    expect(checkPlace({ country: 'FR', region: 'GP' })).toMatchObject({ ok: false });
  });

  it('upper-cases the region of a country without a list and checks nothing else there', () => {
    expect(checkPlace({ country: 'JP', region: 'tokyo', postcode: '100-0001' })).toEqual({
      ok: true,
      region: 'TOKYO',
    });
    expect(checkPlace({ country: 'GB', region: 'eng' })).toEqual({ ok: true, region: 'ENG' });
  });
});

describe('listed regions', () => {
  const eu = 'AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK';

  it('lists Canada’s 13 provinces and territories and every EU member state’s regions', () => {
    expect(
      listedRegions('CA')
        ?.map((r) => r.code)
        .sort(),
    ).toEqual('AB BC MB NB NL NS NT NU ON PE QC SK YT'.split(' '));
    for (const country of eu.split(' ')) {
      const list = listedRegions(country) ?? [];
      expect(list.length, country).toBeGreaterThan(2);
      expect(regionKind(country), country).toBeDefined();
      // Codes as tax rates and shipping zones name them (contract/pricing.ts regionCode).
      for (const r of list) expect(regionCode.parse(r.code), `${country}-${r.code}`).toBe(r.code);
      expect(new Set(list.map((r) => r.code)).size, country).toBe(list.length);
      // Each name, as autofill or an API client sends it, reads back as its code.
      for (const r of list) expect(listedRegionCode(country, r.name), r.name).toBe(r.code);
    }
    expect(
      listedRegions('DE')
        ?.map((r) => r.code)
        .sort(),
    ).toEqual('BB BE BW BY HB HE HH MV NI NW RP SH SL SN ST TH'.split(' '));
    expect(listedRegions('JP')).toBeUndefined();
    expect(listedRegions('GB')).toBeUndefined();
  });

  it('names a listed region for messages, and keeps an unknown code as it is', () => {
    expect(listedRegionName('DE', 'BY')).toBe('Bayern');
    expect(listedRegionName('US', 'NY')).toBe('New York');
    expect(listedRegionName('GB', 'ENG')).toBe('ENG');
  });
});

const rate = (country: string, region: string, percent: number): RateRow => ({
  country,
  region,
  name: `${country}${region}`,
  rate: percent * 1000,
  taxShipping: false,
});

describe('decideTax', () => {
  const rates = [rate('US', 'CA', 7.25), rate('DE', '', 19), rate('CA', 'ON', 13)];
  const settings = { rates, noTax: new Set<string>(), hasZones: true };

  it('takes the region’s rate, else the country’s, else refuses', () => {
    expect(decideTax(settings, 'US', 'CA')).toMatchObject({ ok: true, rule: { rate: 7250 } });
    expect(decideTax(settings, 'DE', 'BY')).toMatchObject({ ok: true, rule: { rate: 19000 } });
    expect(decideTax(settings, 'US', 'TX')).toEqual({
      ok: false,
      message:
        "We can't calculate tax for deliveries to Texas, United States yet; please contact us",
    });
    expect(decideTax(settings, 'FR', '')).toMatchObject({ ok: false });
    expect(decideTax(settings, 'CA', '')).toMatchObject({ ok: false });
  });

  it('is 0% on purpose in a country marked "no tax here", or in a shop with no settings at all', () => {
    const marked = { ...settings, noTax: new Set(['US', 'FR']) };
    expect(decideTax(marked, 'US', 'TX')).toEqual({ ok: true, rule: null });
    expect(decideTax(marked, 'FR', '')).toEqual({ ok: true, rule: null });
    expect(decideTax(marked, 'US', 'CA')).toMatchObject({ rule: { rate: 7250 } });
    // An estimate for no address is the country's own rate or mark, whatever its regions.
    expect(decideTax(marked, 'US', '', true)).toEqual({ ok: true, rule: null });
    expect(decideTax(settings, 'US', '', true)).toMatchObject({ ok: false });
    expect(decideTax(settings, 'US', '')).toMatchObject({ ok: false });
    const bare = { rates: [], noTax: new Set<string>(), hasZones: false };
    expect(decideTax(bare, 'US', '')).toEqual({ ok: true, rule: null });
    expect(decideTax({ ...bare, hasZones: true }, 'US', 'NY')).toMatchObject({ ok: false });
  });
});

describe('coverageGaps', () => {
  it('names each zone country some deliveries to would be refused, and only those', () => {
    const zones = [
      { countries: ['US', 'DE'], regions: [] },
      { countries: ['FR'], regions: [] },
      { countries: ['CA'], regions: ['ON', 'QC'] },
      { countries: ['BE'], regions: [] },
    ];
    const rates = [rate('US', 'CA', 7.25), rate('DE', '', 19), rate('CA', 'ON', 13)];
    const gaps = coverageGaps(zones, rates, new Set(['BE']));
    expect(gaps).toEqual([
      {
        country: 'CA',
        regions: ['QC'],
        message:
          'Orders to Canada (QC) are refused at checkout: add a tax rule or mark it "no tax here"',
      },
      {
        country: 'FR',
        regions: null,
        message:
          'Orders to France are refused at checkout: add a tax rule or mark it "no tax here"',
      },
      {
        country: 'US',
        regions: null,
        message:
          'Orders to United States outside CA are refused at checkout: add a tax rule or mark it "no tax here"',
      },
    ]);
  });
});
