import { type OrderStatus, orderStatuses, orderStatusLabels } from '@contract/order-constants';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { customersCsvUrl, ordersCsvUrl, productsCsvUrl } from '../api/export-urls';

function DownloadLink({ href, label }: { href: string; label: string }) {
  return (
    <Button asChild variant="outline">
      <a href={href} download>
        <Download className="size-4" aria-hidden />
        {label}
      </a>
    </Button>
  );
}

/** The three exports; orders by date range and status. */
export function ExportCard() {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [status, setStatus] = useState<OrderStatus | ''>('');
  const ordersUrl = ordersCsvUrl({
    from: from || undefined,
    to: to || undefined,
    status: status || undefined,
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Export</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <div className="flex flex-wrap gap-3">
          <DownloadLink href={productsCsvUrl} label="Download products" />
          <DownloadLink href={customersCsvUrl} label="Download customers" />
        </div>
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-2 text-sm font-medium">Orders (one row per line)</legend>
          <div className="grid gap-3 sm:grid-cols-3">
            <div className="grid gap-1.5">
              <Label htmlFor="export-from">From</Label>
              <Input
                id="export-from"
                type="date"
                value={from}
                onChange={(e) => setFrom(e.target.value)}
              />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="export-to">To</Label>
              <Input
                id="export-to"
                type="date"
                value={to}
                onChange={(e) => setTo(e.target.value)}
              />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="export-status">Status</Label>
              <NativeSelect
                id="export-status"
                value={status}
                onChange={(e) => setStatus(e.target.value as OrderStatus | '')}
              >
                <option value="">All</option>
                {orderStatuses.map((s) => (
                  <option key={s} value={s}>
                    {orderStatusLabels[s]}
                  </option>
                ))}
              </NativeSelect>
            </div>
          </div>
          <div>
            <DownloadLink href={ordersUrl} label="Download orders" />
          </div>
        </fieldset>
      </CardContent>
    </Card>
  );
}
