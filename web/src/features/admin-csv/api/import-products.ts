import type { ImportRefusal, ImportReport } from '@contract/csv';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';

export type ImportOutcome = ImportReport | ImportRefusal;

/**
 * Sends a products CSV (multipart field `file`). A file with bad rows is an answer to show,
 * not a failure: its 400 carries the rows' errors, which the API client would drop, so this
 * one call reads the body itself; any other refusal is thrown as an ApiError.
 */
export async function importProducts(file: File, dryRun: boolean): Promise<ImportOutcome> {
  const form = new FormData();
  form.append('file', file);
  let response: Response;
  try {
    response = await fetch(`/api/admin/import/products?dryRun=${dryRun}`, {
      method: 'POST',
      body: form,
      credentials: 'include',
      headers: { Accept: 'application/json' },
    });
  } catch {
    throw new ApiError(0, 'NETWORK', 'Could not reach the shop. Check your connection.');
  }
  const json = (await response.json().catch(() => null)) as {
    errors?: unknown;
    code?: string;
    message?: string;
  } | null;
  if (json && (response.ok || Array.isArray(json.errors))) return json as ImportOutcome;
  throw new ApiError(
    response.status,
    json?.code ?? 'UNKNOWN',
    json?.message ?? `Request failed (${response.status})`,
  );
}

export function useImportProducts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, dryRun }: { file: File; dryRun: boolean }) => importProducts(file, dryRun),
    // A real import changes the catalogue every product list shows.
    onSuccess: (outcome, { dryRun }) => {
      if (outcome.success && !dryRun) void queryClient.invalidateQueries();
    },
  });
}
