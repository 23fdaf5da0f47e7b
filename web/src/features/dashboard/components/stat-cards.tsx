import { formatMoney } from '@contract/money';
import type { DashboardStats } from '@contract/stats';
import { Card, CardContent, CardHeader } from '@/components/ui/card';

function Stat({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <Card>
      <CardHeader className="pb-2">
        <h2 className="text-sm font-medium text-muted-foreground">{label}</h2>
      </CardHeader>
      <CardContent>
        <p className="text-2xl font-bold">{value}</p>
        {note ? <p className="mt-1 text-xs text-muted-foreground">{note}</p> : null}
      </CardContent>
    </Card>
  );
}

export function StatCards({ stats }: { stats: DashboardStats }) {
  const last30 = stats.salesByDay.reduce((sum, d) => sum + d.revenue, 0);
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
      <Stat label="Revenue (paid orders)" value={formatMoney(stats.revenue)} />
      <Stat label="Revenue, last 30 days" value={formatMoney(last30)} />
      <Stat label="Paid orders" value={String(stats.paidOrders)} />
      <Stat
        label="Orders to fulfil"
        value={String(stats.ordersToFulfil)}
        note="Confirmed or in process, with items left to ship"
      />
      <Stat
        label="Discounts given"
        value={formatMoney(stats.discountsGiven)}
        note="By discount codes, on paid orders"
      />
    </div>
  );
}
