import { pages } from '@contract/pages';
import { HousePlug } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { backOfficeHome, isBackOffice } from '@/features/admin-staff/access';
import { useAuth } from '@/lib/auth';
import { shopSettings } from '@/lib/shop-settings';

/** The shop's name and a way home, for visitors the full shop header does not suit. */
export function MinimalHeader() {
  const { user } = useAuth();
  return (
    <header className="sticky top-0 z-40 w-full border-b bg-background">
      <div className="flex h-16 items-center px-4 md:px-6">
        <Link to={pages.root} className="flex items-center gap-2">
          <HousePlug className="size-6" aria-hidden />
          <span className="font-bold">{shopSettings().name}</span>
        </Link>
        {isBackOffice(user) ? (
          <Button variant="outline" size="sm" className="ml-auto" asChild>
            <Link to={backOfficeHome(user)}>Back to admin</Link>
          </Button>
        ) : null}
      </div>
    </header>
  );
}
