import { formatMoney } from '@contract/money';
import type { DashboardStats } from '@contract/stats';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

/** Revenue of paid orders per day, the last 30 days (UTC). */
export function SalesChart({ days }: { days: DashboardStats['salesByDay'] }) {
  const total = days.reduce((sum, d) => sum + d.revenue, 0);
  const best = days.reduce((a, b) => (b.revenue > a.revenue ? b : a), days[0]!);
  return (
    <figure className="flex flex-col gap-2">
      <div className="h-64 w-full" aria-hidden>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={days} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis
              dataKey="date"
              tickFormatter={(d: string) => d.slice(5)}
              fontSize={12}
              minTickGap={16}
            />
            <YAxis fontSize={12} width={56} tickFormatter={(v: number) => `$${v}`} />
            <Tooltip formatter={(v) => formatMoney(Number(v))} labelFormatter={(l) => String(l)} />
            <Bar dataKey="revenue" name="Revenue" fill="#171717" radius={[3, 3, 0, 0]} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="text-sm text-muted-foreground">
        {`Sales per day over the last 30 days: ${formatMoney(total)} in total`}
        {best && best.revenue > 0
          ? `, best day ${best.date} with ${formatMoney(best.revenue)}.`
          : '.'}
      </figcaption>
    </figure>
  );
}
