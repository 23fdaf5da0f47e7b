import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { EmailHealth } from '@/features/admin-emails/components/email-health';
import { useDashboardStats } from '@/features/dashboard/api/get-dashboard-stats';
import { SalesChart } from '@/features/dashboard/components/sales-chart';
import { StatCards } from '@/features/dashboard/components/stat-cards';
import { LowStockList, OrdersByStatus } from '@/features/dashboard/components/stock-and-status';
import { ReturnsReport } from '@/features/returns/components/returns-report';

export function Component() {
  const { data: stats, isPending, isError } = useDashboardStats();
  return (
    <div className="flex flex-col gap-4">
      <title>Dashboard · Admin</title>
      <h1 className="text-2xl font-bold">Dashboard</h1>
      {isPending ? (
        <Skeleton className="h-64 w-full" />
      ) : isError ? (
        <p className="text-muted-foreground">The figures could not be loaded.</p>
      ) : (
        <>
          <StatCards stats={stats} />
          <Card>
            <CardHeader>
              <CardTitle className="text-lg">Sales, last 30 days</CardTitle>
            </CardHeader>
            <CardContent>
              <SalesChart days={stats.salesByDay} />
            </CardContent>
          </Card>
          <div className="grid gap-4 lg:grid-cols-2">
            <Card>
              <CardHeader>
                <CardTitle className="text-lg">Orders by status</CardTitle>
              </CardHeader>
              <CardContent>
                <OrdersByStatus rows={stats.ordersByStatus} />
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle className="text-lg">Low on stock</CardTitle>
              </CardHeader>
              <CardContent>
                <LowStockList products={stats.lowStock} />
              </CardContent>
            </Card>
          </div>
          <Card>
            <CardHeader>
              <CardTitle className="text-lg">Returns</CardTitle>
            </CardHeader>
            <CardContent>
              <ReturnsReport />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle className="text-lg">Email to shoppers</CardTitle>
            </CardHeader>
            <CardContent>
              <EmailHealth />
            </CardContent>
          </Card>
        </>
      )}
    </div>
  );
}
