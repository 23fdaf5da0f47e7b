import { idSchema } from '../../../../contract/common';
import type { TaxRate, TaxRateBody } from '../../../../contract/pricing';
import type { Db, Executor } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import type { TaxRule } from '../pricing/quote-engine';
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
  constructor(private readonly db: Db) {}

  async list() {
    return (await repo.listRates(this.db)).map(toTaxRate);
  }

  async add(body: TaxRateBody) {
    try {
      return toTaxRate(await repo.insertRate(this.db, toValues(body)));
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
      return toTaxRate(row);
    } catch (error) {
      if (isUniqueViolation(error)) throw taken();
      throw error;
    }
  }

  async remove(id: string) {
    if (!isId(id) || !(await repo.deleteRate(this.db, id))) throw notFound('Tax rate');
  }

  /** The rule for a destination: its region's rate, else its country's, else none. */
  async ruleFor(country: string, region: string, db: Executor = this.db): Promise<TaxRule | null> {
    const rows = await repo.ratesFor(db, country, region);
    const row =
      rows.find((r) => r.region !== '' && r.region === region) ?? rows.find((r) => r.region === '');
    return row ? { name: row.name, rate: row.rate, taxShipping: row.taxShipping } : null;
  }
}

export { toPercent };
