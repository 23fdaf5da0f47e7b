import type { NoTaxCountry, TaxGap } from '@contract/tax-coverage';
import { TriangleAlertIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { countryName } from '@/lib/countries';
import { toast } from '@/lib/toast';
import { useTaxCoverage } from '../api/get-tax-coverage';
import { useMarkNoTax } from '../api/mark-no-tax';
import { useUnmarkNoTax } from '../api/unmark-no-tax';

const feedback = {
  onSuccess: ({ message }: { message: string }) => toast.success(message),
  onError: (error: Error) => toast.error(error.message),
};

/**
 * The zone countries whose orders are refused for tax, each with a way to mark it "no tax here",
 * and the countries marked so (those the upgrade marked are flagged for review).
 */
export function TaxCoverage() {
  const { data, isError } = useTaxCoverage();
  if (isError) {
    return (
      <p role="alert" className="mb-5 text-sm text-destructive">
        The countries refused for tax could not be loaded.
      </p>
    );
  }
  if (!data || (data.gaps.length === 0 && data.noTax.length === 0)) return null;
  return (
    <div className="mb-5 grid gap-4">
      {data.gaps.length > 0 && <RefusedCountries gaps={data.gaps} />}
      {data.noTax.length > 0 && <NoTaxCountries marks={data.noTax} />}
    </div>
  );
}

function RefusedCountries({ gaps }: { gaps: TaxGap[] }) {
  const mark = useMarkNoTax();
  return (
    <section
      aria-labelledby="tax-gaps-title"
      className="rounded-lg border border-amber-600 bg-amber-50 p-4 text-amber-950"
    >
      <h2 id="tax-gaps-title" className="flex items-center gap-2 font-semibold">
        <TriangleAlertIcon aria-hidden className="size-4 shrink-0" />
        Orders refused for tax
      </h2>
      <p className="mb-3 text-sm">
        Your shipping zones deliver here but no tax rate covers it. Add a rate, or mark the country
        “no tax here” if it truly charges none.
      </p>
      <ul className="grid gap-2" aria-label="Countries refused at checkout">
        {gaps.map((gap) => (
          <li
            key={gap.country}
            className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2 border-t border-amber-600/30 pt-2 text-sm"
          >
            <span className="min-w-0 flex-1 basis-60">{gap.message}</span>
            <Button
              size="sm"
              variant="outline"
              className="bg-background"
              disabled={mark.isPending}
              aria-label={`Mark ${countryName(gap.country)} “no tax here”`}
              onClick={() => mark.mutate(gap.country, feedback)}
            >
              Mark “no tax here”
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function NoTaxCountries({ marks }: { marks: NoTaxCountry[] }) {
  const mark = useMarkNoTax();
  const unmark = useUnmarkNoTax();
  return (
    <section aria-labelledby="no-tax-title" className="rounded-lg border bg-background p-4">
      <h2 id="no-tax-title" className="font-semibold">
        No tax here
      </h2>
      <p className="mb-3 text-sm text-muted-foreground">
        Orders to these countries are charged no tax where no rate of theirs applies.
      </p>
      <ul className="grid gap-2" aria-label="Countries with no tax">
        {marks.map((n) => (
          <li
            key={n.country}
            className="flex flex-wrap items-center justify-between gap-2 border-t pt-2"
          >
            <span className="flex flex-wrap items-center gap-2">
              <span className="font-medium">{countryName(n.country)}</span>
              {n.setByUpgrade && (
                <Badge
                  variant="outline"
                  title="Marked by the upgrade: orders there were charged no tax before"
                >
                  Set by the upgrade, please review
                </Badge>
              )}
            </span>
            <span className="flex gap-2">
              {n.setByUpgrade && (
                <Button
                  size="sm"
                  variant="outline"
                  disabled={mark.isPending}
                  aria-label={`Confirm ${countryName(n.country)} has no tax`}
                  onClick={() => mark.mutate(n.country, feedback)}
                >
                  Confirm
                </Button>
              )}
              <Button
                size="sm"
                variant="outline"
                disabled={unmark.isPending}
                aria-label={`Remove “no tax here” from ${countryName(n.country)}`}
                onClick={() => unmark.mutate(n.country, feedback)}
              >
                Remove
              </Button>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
