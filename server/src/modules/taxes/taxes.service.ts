import { isId } from '@contract/common';
import type { TaxRate, TaxRateBody } from '@contract/pricing';
import type { NoTaxCountry, TaxCoverage } from '@contract/tax-coverage';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import { ReadCache } from '../../lib/read-cache';
import {
  countryName,
  coverageGaps,
  decideTax,
  pricesByRegion,
  type TaxDecision,
  type ZonePlaces,
} from './tax-coverage';
import * as repo from './taxes.repository';

// Percent at the edge, thousandths of a percent inside (8.875% is 8875).
const toRate = (percent: number) => Math.round(percent * 1000);
const toPercent = (rate: number) => rate / 1000;

const toTaxRate = (row: repo.TaxRateRow): TaxRate => ({
  _id: row.id,
  country: row.country,
  region: row.region,
  name: row.name,
  rate: toPercent(row.rate),
  taxShipping: row.taxShipping,
});

const toValues = (body: TaxRateBody): repo.TaxRateValues => ({
  country: body.country,
  region: body.region,
  name: body.name,
  rate: toRate(body.rate),
  taxShipping: body.taxShipping,
});

const toNoTax = (row: repo.NoTaxRow): NoTaxCountry => ({
  _id: row.country,
  country: row.country,
  setByUpgrade: row.setByUpgrade,
});

const taken = () =>
  new AppError('CONFLICT', 'region: a rate for this country and region exists already');

/**
 * Tax rates per country and optional region (a region's rate replaces its country's), and the
 * countries marked "no tax here".
 */
export class TaxesService {
  /**
   * Every rate and mark, read once and kept: a quote needs them on every call. Dropped by this
   * instance's writes and by the 'pricing_changed' notification of anyone's.
   */
  private readonly settings = new ReadCache(1);

  constructor(private readonly db: Db) {}

  /** Forgets the rates kept in memory (a rate changed). */
  changed() {
    this.settings.invalidate();
  }

  private kept() {
    return this.settings.get('settings', async () => {
      const [rates, noTax] = await Promise.all([repo.listRates(this.db), repo.listNoTax(this.db)]);
      return { rates, noTax: new Set(noTax.map((n) => n.country)) };
    });
  }

  async list() {
    return (await repo.listRates(this.db)).map(toTaxRate);
  }

  /**
   * Why an address in `country` must name its region (tax there depends on it: the US, or a
   * country with a region rate), for the address API; null where none is needed.
   */
  async regionRequirement(country: string): Promise<string | null> {
    if (!pricesByRegion(country, (await this.kept()).rates)) return null;
    return `region: is required for deliveries to ${countryName(country)}: tax there depends on it`;
  }

  async add(body: TaxRateBody) {
    try {
      const row = await repo.insertRate(this.db, toValues(body));
      this.changed();
      return toTaxRate(row);
    } catch (error) {
      if (isUniqueViolation(error)) throw taken();
      throw error;
    }
  }

  async edit(id: string, body: TaxRateBody) {
    if (!isId(id)) throw notFound('Tax rate');
    try {
      const row = await repo.updateRate(this.db, id, toValues(body));
      if (!row) throw notFound('Tax rate');
      this.changed();
      return toTaxRate(row);
    } catch (error) {
      if (isUniqueViolation(error)) throw taken();
      throw error;
    }
  }

  async remove(id: string) {
    if (!isId(id) || !(await repo.deleteRate(this.db, id))) throw notFound('Tax rate');
    this.changed();
  }

  async listNoTax() {
    return (await repo.listNoTax(this.db)).map(toNoTax);
  }

  /** Marks a country "no tax here" (again: confirms a mark the upgrade set). */
  async markNoTax(country: string) {
    const row = await repo.markNoTax(this.db, country);
    this.changed();
    return toNoTax(row);
  }

  async unmarkNoTax(country: string) {
    if (!(await repo.unmarkNoTax(this.db, country))) throw notFound('No-tax mark');
    this.changed();
  }

  /** The marks, and the zone countries where deliveries would be refused for tax. */
  async coverage(zones: readonly ZonePlaces[]): Promise<TaxCoverage> {
    const [rates, noTax] = await Promise.all([repo.listRates(this.db), repo.listNoTax(this.db)]);
    const marked = new Set(noTax.map((n) => n.country));
    return { noTax: noTax.map(toNoTax), gaps: coverageGaps(zones, rates, marked) };
  }

  /**
   * The tax of a destination: its region's rate, else its country's, else 0% where marked "no
   * tax here"; or why it cannot be priced (tax-coverage.ts).
   */
  async decide(
    country: string,
    region: string,
    hasZones: boolean,
    isEstimate = false,
  ): Promise<TaxDecision> {
    const { rates, noTax } = await this.kept();
    return decideTax({ rates, noTax, hasZones }, country, region, isEstimate);
  }
}

export type { TaxDecision };
export { toPercent };
