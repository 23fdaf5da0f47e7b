import { pages } from '@contract/pages';
import { Link, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useGuestPrivacyLink } from '@/features/privacy/api/get-guest-privacy-link';
import { GuestPrivacyLink } from '@/features/privacy/components/guest-privacy-link';
import { pageTitle } from '@/lib/shop-settings';

/**
 * The page of a guest's emailed privacy link (its token is the credential, so the page is never
 * indexed): what it covers, the download, and for an erasure link the erasure.
 */
export function Component() {
  const { token = '' } = useParams();
  const { data: link, isPending, isError } = useGuestPrivacyLink(token);

  if (isPending) {
    return (
      <div className="mx-auto w-full max-w-md p-4 md:p-6">
        <Skeleton className="h-80 w-full" aria-label="Loading your request" />
      </div>
    );
  }
  if (isError || !link) {
    return (
      <div className="mx-auto w-full max-w-md p-4 md:p-6">
        <title>{pageTitle('Link expired')}</title>
        <Card>
          <CardHeader className="gap-2">
            <h1 className="text-2xl font-semibold">This link no longer works</h1>
            <p className="text-sm text-muted-foreground">
              It may be incomplete, have expired, or have been used for an erasure. Ask again with
              your order number and email.
            </p>
          </CardHeader>
          <CardContent>
            <Button asChild>
              <Link to={pages.shopOrderPrivacy}>Ask again</Link>
            </Button>
          </CardContent>
        </Card>
      </div>
    );
  }
  const title = link.request === 'erase' ? 'Erase your data' : 'Download your data';
  return (
    <div className="mx-auto w-full max-w-md p-4 md:p-6">
      <title>{pageTitle(title)}</title>
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-semibold">{title}</h1>
        </CardHeader>
        <CardContent>
          <GuestPrivacyLink token={token} link={link} />
        </CardContent>
      </Card>
    </div>
  );
}
