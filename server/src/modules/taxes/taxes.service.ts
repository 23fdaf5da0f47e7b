import { idSchema } from '@contract/common';
import type { TaxRate, TaxRateBody } from '@contract/pricing';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import { ReadCache } from '../../lib/read-cache';
import type { TaxRule } from '../pricing/pricing.service';
import * as repo from './taxes.repository';

const isId = (id: string) => idSchema.safeParse(id).success;
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

const taken = () =>
  new AppError('CONFLICT', 'region: a rate for this country and region exists already');

/** Tax rates per country and optional region; a region's rate replaces its country's. */
export class TaxesService {
  /**
   * Every rate, read once and kept: a quote needs one on every call. Dropped by this instance's
   * writes and by the 'pricing_changed' notification of anyone's.
   */
  private readonly rates = new ReadCache(1);

  constructor(private readonly db: Db) {}

  /** Forgets the rates kept in memory (a rate changed). */
  changed() {
    this.rates.invalidate();
  }

  async list() {
    return (await repo.listRates(this.db)).map(toTaxRate);
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

  /** The rule for a destination: its region's rate, else its country's, else none. */
  async ruleFor(country: string, region: string): Promise<TaxRule | null> {
    const all = await this.rates.get('rates', () => repo.listRates(this.db));
    const rows = all.filter((r) => r.country === country);
    const row =
      rows.find((r) => r.region !== '' && r.region === region) ?? rows.find((r) => r.region === '');
    return row ? { name: row.name, rate: row.rate, taxShipping: row.taxShipping } : null;
  }
}

export { toPercent };
