import { ExportCard } from '@/features/admin-csv/components/export-card';
import { ImportCard } from '@/features/admin-csv/components/import-card';

/** CSV in and out: downloads of products, orders and customers; a products upload. */
export function Component() {
  return (
    <div className="flex flex-col gap-6">
      <title>Import / export · Admin</title>
      <h1 className="text-xl font-semibold">Import / export</h1>
      <ExportCard />
      <ImportCard />
    </div>
  );
}
