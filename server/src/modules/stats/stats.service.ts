import { lowStockThreshold } from '@contract/catalog';
import { fromCents } from '@contract/money';
import { orderStatuses } from '@contract/orders';
import { type DashboardStats, salesDays } from '@contract/stats';
import type { StockService } from '../inventory';
import type { OrdersService } from '../orders';

const DAY_MS = 24 * 60 * 60 * 1000;
const utcDay = (d: Date) => d.toISOString().slice(0, 10);

/** The admin dashboard's figures, read through the orders and stock services. */
export class StatsService {
  constructor(
    private readonly orders: OrdersService,
    private readonly stock: StockService,
  ) {}

  async dashboard(now = new Date()): Promise<DashboardStats> {
    const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    const from = new Date(today - (salesDays - 1) * DAY_MS);
    const [revenue, byStatus, toFulfil, lowStock, byDay] = await Promise.all([
      this.orders.paidRevenue(),
      this.orders.countByStatus(),
      this.orders.countToFulfil(),
      this.stock.lowStock(lowStockThreshold, 10),
      this.orders.paidByDay(from),
    ]);
    // An order wholly withdrawn before shipping keeps its orderStatus but is counted as Withdrawn.
    const counts = new Map(
      byStatus.map((r) => [r.status, r.count - (toFulfil.withdrawn.get(r.status) ?? 0)]),
    );
    const withdrawn = [...toFulfil.withdrawn.values()].reduce((a, b) => a + b, 0);
    const sold = new Map(byDay.map((r) => [r.day, r]));
    return {
      revenue: fromCents(revenue.cents),
      paidOrders: revenue.orders,
      discountsGiven: fromCents(revenue.discountCents),
      ordersByStatus: [
        ...orderStatuses.map((status) => ({ status, count: counts.get(status) ?? 0 })),
        { status: 'withdrawn' as const, count: withdrawn },
      ],
      ordersToFulfil: toFulfil.toFulfil,
      lowStock: lowStock.map((p) => ({
        _id: p.id,
        title: p.title,
        image: p.image,
        variantId: p.variantId,
        size: p.size,
        color: p.color,
        totalStock: p.totalStock,
      })),
      salesByDay: Array.from({ length: salesDays }, (_, i) => {
        const date = utcDay(new Date(from.getTime() + i * DAY_MS));
        const day = sold.get(date);
        return { date, revenue: fromCents(day?.cents ?? 0), orders: day?.orders ?? 0 };
      }),
    };
  }
}
