import { z } from 'zod';
import { dataResponse } from './common';
import { orderStatuses } from './orders';

export const dashboardStatsSchema = z.object({
  /** Sum of paid orders, in the shop's currency. */
  revenue: z.number(),
  paidOrders: z.number().int(),
  /** Taken off paid orders' items by discount codes (what the orders were charged less). */
  discountsGiven: z.number(),
  /** Per orderStatus, then "withdrawn": orders wholly withdrawn before shipping, not counted under their status. */
  ordersByStatus: z.array(
    z.object({ status: z.enum([...orderStatuses, 'withdrawn']), count: z.number().int() }),
  ),
  /** Confirmed or in process with a unit left to ship: an order withdrawn before shipping is not. */
  ordersToFulfil: z.number().int(),
  lowStock: z.array(
    z.object({
      _id: z.string(),
      title: z.string(),
      image: z.string(),
      /** A product with variants is listed per variant ("Classic Tee · M · Black"). */
      variantId: z.string().nullable(),
      size: z.string(),
      color: z.string(),
      totalStock: z.number().int(),
    }),
  ),
  /** The last 30 UTC days, oldest first, every day present (0 when nothing sold). */
  salesByDay: z.array(
    z.object({ date: z.string(), revenue: z.number(), orders: z.number().int() }),
  ),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

export const dashboardStatsResponse = dataResponse(dashboardStatsSchema);
export const salesDays = 30;
