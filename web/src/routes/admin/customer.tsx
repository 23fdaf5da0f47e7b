import { pages } from '@contract/pages';
import { Link, useParams } from 'react-router';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useCustomer } from '@/features/admin-customers/api/get-customer';
import {
  AddressesSection,
  OrdersSection,
  ProfileSection,
  ReviewsSection,
  SavedItemsSection,
} from '@/features/admin-customers/components/customer-sections';
import { NotesSection } from '@/features/admin-customers/components/notes-section';
import { CustomerPrivacy } from '@/features/privacy/components/customer-privacy';

/** One customer: profile, addresses, orders, reviews, saved items and internal notes. */
export function Component() {
  const { id = '' } = useParams();
  const { data, isPending, isError } = useCustomer(id);

  return (
    <Card>
      <title>{`${data?.customer.userName ?? 'Customer'} · Admin`}</title>
      <CardHeader className="grid gap-2">
        <Link to={pages.adminCustomers} className="text-sm underline">
          ← All customers
        </Link>
        <h1 className="text-xl font-semibold leading-none break-words">
          {data?.customer.userName ?? 'Customer'}
        </h1>
      </CardHeader>
      <CardContent className="grid gap-6">
        {isPending ? (
          <Skeleton className="h-48 w-full" aria-label="Loading the customer" />
        ) : isError ? (
          <p className="text-sm text-muted-foreground">This customer could not be found.</p>
        ) : (
          <>
            <ProfileSection customer={data.customer} />
            <OrdersSection orders={data.orders} />
            <NotesSection target={{ kind: 'customer', id }} notes={data.notes} />
            <AddressesSection addresses={data.addresses} />
            <ReviewsSection reviews={data.reviews} />
            <SavedItemsSection savedItems={data.savedItems} />
            <CustomerPrivacy customer={data.customer} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
