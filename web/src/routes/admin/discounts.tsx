import type { Discount } from '@contract/pricing';
import { SettingsPage, useSettingsList } from '@/components/settings-page';
import { useDeleteDiscount } from '@/features/admin-discounts/api/delete-discount';
import { useDiscounts } from '@/features/admin-discounts/api/get-discounts';
import { DiscountSheet } from '@/features/admin-discounts/components/discount-sheet';
import { DiscountsTable } from '@/features/admin-discounts/components/discounts-table';

export function Component() {
  const { data: discounts = [], isPending, isError } = useDiscounts();
  const list = useSettingsList<Discount>();
  const deleteMutation = useDeleteDiscount();

  return (
    <SettingsPage
      title="Discounts"
      intro="Uses, revenue and discount given count paid orders only; revenue is net of refunds, and a cancelled or fully refunded order gives its use back."
      addLabel="Add discount code"
      query={{ isPending, isError, count: discounts.length }}
      loadingLabel="Loading discount codes"
      errorText="The discount codes could not be loaded."
      empty="No discount codes yet."
      list={list}
      editor={
        <DiscountSheet open={list.editorOpen} editing={list.editing} onClose={list.closeEditor} />
      }
      deleteMutation={deleteMutation}
      deleteTitle="Delete this discount code?"
      deleteDescription={(d) =>
        `Shoppers can no longer use “${d?.code}”, and it leaves this list. Orders that used it keep their discount (the dashboard still counts it).`
      }
    >
      <div className="lg:rounded-lg lg:border lg:bg-background lg:p-2">
        <DiscountsTable discounts={discounts} onEdit={list.openEditor} onDelete={list.askDelete} />
      </div>
    </SettingsPage>
  );
}
