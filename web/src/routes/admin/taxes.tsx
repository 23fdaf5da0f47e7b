import type { TaxRate } from '@contract/pricing';
import { SettingsPage, useSettingsList } from '@/components/settings-page';
import { useDeleteTaxRate } from '@/features/admin-taxes/api/delete-tax-rate';
import { useTaxRates } from '@/features/admin-taxes/api/get-tax-rates';
import { TaxCoverage } from '@/features/admin-taxes/components/tax-coverage';
import { TaxRateDialog } from '@/features/admin-taxes/components/tax-rate-dialog';
import { TaxRatesTable } from '@/features/admin-taxes/components/tax-rates-table';

export function Component() {
  const { data: rates = [], isPending, isError } = useTaxRates();
  const list = useSettingsList<TaxRate>();
  const deleteMutation = useDeleteTaxRate();

  return (
    <SettingsPage
      title="Taxes"
      intro="Rates by the shipping address: a region’s rate, else its country’s. A place no rate covers is refused at checkout unless its country is marked “no tax here”."
      addLabel="Add tax rate"
      query={{ isPending, isError, count: rates.length }}
      loadingLabel="Loading tax rates"
      errorText="The tax rates could not be loaded."
      empty="No tax rates yet."
      notice={<TaxCoverage />}
      list={list}
      editor={
        <TaxRateDialog open={list.editorOpen} editing={list.editing} onClose={list.closeEditor} />
      }
      deleteMutation={deleteMutation}
      deleteTitle="Delete this tax rate?"
      deleteDescription={(r) =>
        `“${r?.name}” (${r?.country}${r?.region ? `-${r.region}` : ''}) will no longer be charged. Past orders keep their tax.`
      }
    >
      <div className="sm:rounded-lg sm:border sm:bg-background sm:p-2">
        <TaxRatesTable rates={rates} onEdit={list.openEditor} onDelete={list.askDelete} />
      </div>
    </SettingsPage>
  );
}
