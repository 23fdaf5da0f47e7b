import type { Product } from '@contract/catalog';
import { fitVerdictText } from '@contract/garment-constants';
import { Ruler } from 'lucide-react';

/**
 * "Most buyers say: runs small, consider one size up": the verdict of buyers' fit answers,
 * shown once there are five (the server decides), with how many answered.
 */
export function FitSummary({ summary }: { summary: Product['fitSummary'] }) {
  if (!summary.verdict) return null;
  const answers = summary.small + summary.true + summary.large;
  return (
    <p className="flex items-start gap-2 rounded-md bg-muted px-3 py-2 text-sm">
      <Ruler aria-hidden className="mt-0.5 size-4 shrink-0" />
      <span>
        <span className="font-semibold">{fitVerdictText[summary.verdict]}</span>
        <span className="text-muted-foreground">{` (${answers} buyers told us how it fits)`}</span>
      </span>
    </p>
  );
}
