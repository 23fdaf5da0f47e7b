import { Link } from 'react-router';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { GuestPrivacyForm } from '@/features/privacy/components/guest-privacy-form';
import { pageTitle } from '@/lib/shop-settings';

/**
 * A guest's data request (GDPR art. 15, 17, 20): order number and email, and the download or
 * the erasure; the link emailed to the order's address is the proof.
 */
export function Component() {
  return (
    <div className="mx-auto w-full max-w-md p-4 md:p-6">
      <title>{pageTitle('Your data')}</title>
      <Card>
        <CardHeader className="gap-2">
          <h1 className="text-2xl font-semibold">Your data from a guest order</h1>
          <p className="text-sm text-muted-foreground">
            Ordered without an account? Enter the order number from your confirmation and the email
            you ordered with. We will email that address a link to download the data of your guest
            orders, or to erase it.
          </p>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <GuestPrivacyForm />
          <p className="text-sm text-muted-foreground">
            Ordered with an account? Download or delete your data under{' '}
            <Link to="/shop/account" className="font-medium underline underline-offset-4">
              Your data in your account
            </Link>
            . How we use your data:{' '}
            <Link to="/pages/privacy" className="font-medium underline underline-offset-4">
              privacy policy
            </Link>
            .
          </p>
        </CardContent>
      </Card>
    </div>
  );
}
