import { Upload } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { toast } from '@/lib/toast';
import { type ImportOutcome, useImportProducts } from '../api/import-products';

function ErrorsTable({ outcome }: { outcome: Extract<ImportOutcome, { success: false }> }) {
  return (
    <div className="flex flex-col gap-2">
      <p role="alert" className="text-sm font-medium text-destructive">
        {outcome.message}
      </p>
      <Table aria-label="Errors in the file">
        <TableHeader>
          <TableRow>
            <TableHead>Line</TableHead>
            <TableHead>Column</TableHead>
            <TableHead>Problem</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {outcome.errors.map((e) => (
            <TableRow key={`${e.line}-${e.column}-${e.message}`}>
              <TableCell>{e.line}</TableCell>
              <TableCell>{e.column}</TableCell>
              <TableCell className="whitespace-normal">{e.message}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

/** Upload a products CSV: "Check file" (dry run) first, then "Import" once it is clean. */
export function ImportCard() {
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [checked, setChecked] = useState<ImportOutcome | null>(null);
  const importing = useImportProducts();

  const run = (dryRun: boolean) => {
    if (!file) return;
    importing.mutate(
      { file, dryRun },
      {
        onSuccess: (outcome) => {
          setChecked(dryRun || !outcome.success ? outcome : null);
          if (!dryRun && outcome.success) {
            toast.success(`Imported: ${outcome.created} new, ${outcome.updated} updated`);
            setFile(null);
          }
        },
        onError: (error) => toast.error(error.message),
      },
    );
  };
  const isClean = checked?.success === true && checked.dryRun;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Import products</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <p className="text-sm text-muted-foreground">
          A CSV with the products export’s columns, at most 20 MB. Products are matched by product
          SKU (updated) or created; nothing is written while any row has an error.
        </p>
        <div className="grid gap-1.5">
          <Label htmlFor={inputId}>CSV file</Label>
          <Input
            id={inputId}
            type="file"
            accept=".csv,text/csv"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setChecked(null);
            }}
          />
        </div>
        <div className="flex flex-wrap gap-3">
          <Button
            variant="outline"
            disabled={!file || importing.isPending}
            onClick={() => run(true)}
          >
            Check file
          </Button>
          <Button disabled={!file || !isClean || importing.isPending} onClick={() => run(false)}>
            <Upload className="size-4" aria-hidden />
            Import
          </Button>
        </div>
        {checked?.success === false && <ErrorsTable outcome={checked} />}
        {isClean && (
          <p role="status" className="text-sm">
            The file is ready: {checked.created} new, {checked.updated} updated.
          </p>
        )}
      </CardContent>
    </Card>
  );
}
