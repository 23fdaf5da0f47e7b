import { isId } from '@contract/common';
import type { SizeChart, SizeChartData } from '@contract/size-charts';
import type { Db, Executor } from '../../db/client';
import { transact } from '../../db/transaction';
import { AppError, notFound } from '../../lib/app-error';
import { ChangeListeners } from '../../lib/change-listeners';
import { isUniqueViolation } from '../../lib/db-errors';
import * as repo from './size-charts.repository';

const toChart = (row: repo.SizeChartRow): SizeChart => ({
  _id: row.id,
  name: row.name,
  unit: 'cm',
  columns: row.columns,
  rows: row.rows,
  howToMeasure: row.howToMeasure,
});

const toValues = (body: SizeChartData): repo.SizeChartValues => ({
  name: body.name,
  unit: body.unit,
  columns: body.columns,
  rows: body.rows,
  howToMeasure: body.howToMeasure,
});

const nameTaken = () =>
  new AppError('CONFLICT', 'name: a size chart with this name exists already');

/** The products showing a chart, as the catalogue sees them (CatalogService implements it). */
export type ChartProducts = {
  /** Marks the chart's products changed (their answers embed it); returns their ids. */
  touchProductsOfChart(tx: Executor, chartId: string): Promise<string[]>;
  /** Leaves the chart's products without a chart; returns their ids. */
  detachChart(tx: Executor, chartId: string): Promise<string[]>;
};

/**
 * Size charts (issue 28). A product's answer embeds its chart, so an edit or a removal marks
 * the chart's products changed in the same transaction: their update NOTIFYs every instance
 * (migration 0005's trigger names them), and `onChange` listeners here drop them at once.
 */
export class SizeChartsService {
  private readonly changes = new ChangeListeners<string[]>();

  constructor(
    private readonly db: Db,
    private readonly products: ChartProducts,
  ) {}

  /** Called after a chart edit or removal with the products that showed it. */
  onChange(listener: (productIds: string[]) => void) {
    return this.changes.on(listener);
  }

  async list(): Promise<SizeChart[]> {
    return (await repo.listCharts(this.db)).map(toChart);
  }

  /** Charts by id (unknown ids left out): product answers embed theirs. */
  async byIds(ids: string[]): Promise<Map<string, SizeChart>> {
    const rows = await repo.findCharts(this.db, ids.filter(isId));
    return new Map(rows.map((row) => [row.id, toChart(row)]));
  }

  async add(body: SizeChartData): Promise<SizeChart> {
    try {
      return toChart(await repo.insertChart(this.db, toValues(body)));
    } catch (error) {
      if (isUniqueViolation(error)) throw nameTaken();
      throw error;
    }
  }

  async edit(id: string, body: SizeChartData): Promise<SizeChart> {
    if (!isId(id)) throw notFound('Size chart');
    try {
      const { row, productIds } = await transact(this.db, async (tx) => {
        const updated = await repo.updateChart(tx, id, toValues(body));
        if (!updated) throw notFound('Size chart');
        return { row: updated, productIds: await this.products.touchProductsOfChart(tx, id) };
      });
      this.changed(productIds);
      return toChart(row);
    } catch (error) {
      if (isUniqueViolation(error)) throw nameTaken();
      throw error;
    }
  }

  /** Products using the chart are left without one (their pages lose the size guide link). */
  async remove(id: string): Promise<void> {
    if (!isId(id)) throw notFound('Size chart');
    const productIds = await transact(this.db, async (tx) => {
      const detached = await this.products.detachChart(tx, id);
      if (!(await repo.deleteChart(tx, id))) throw notFound('Size chart');
      return detached;
    });
    this.changed(productIds);
  }

  private changed(productIds: string[]) {
    if (productIds.length === 0) return;
    this.changes.emit(productIds);
  }
}
