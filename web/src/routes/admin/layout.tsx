import { type AdminPageId, adminPages } from '@contract/admin-pages';
import { infoPages } from '@contract/info-page-list';
import { pages } from '@contract/pages';
import {
  ChartNoAxesCombined,
  ExternalLink,
  FileSpreadsheet,
  History,
  ImageIcon,
  LayoutDashboard,
  LogOut,
  type LucideIcon,
  Menu,
  Package,
  Receipt,
  Ruler,
  ShoppingBasket,
  TicketPercent,
  Truck,
  Undo2,
  UserCog,
  Users,
} from 'lucide-react';
import { useEffect, useState } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { backOfficeHome, canOpen } from '@/features/admin-staff/access';
import { NoAccess } from '@/features/admin-staff/components/no-access';
import { useLogout } from '@/features/auth/api/logout';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/utils';

/** The menu's icons; its entries, labels and order are contract/admin-pages.ts's. */
const icons: Record<AdminPageId, LucideIcon | undefined> = {
  dashboard: LayoutDashboard,
  products: ShoppingBasket,
  'size-charts': Ruler,
  orders: Truck,
  returns: Undo2,
  customers: Users,
  customer: undefined,
  features: ImageIcon,
  shipping: Package,
  taxes: Receipt,
  discounts: TicketPercent,
  audit: History,
  staff: UserCog,
  'import-export': FileSpreadsheet,
};

const menu = adminPages.flatMap((page) => {
  const icon = icons[page.id];
  return 'label' in page && icon ? [{ ...page, icon }] : [];
});

const shopPagesEntry = pages.infoPage.replace(':slug', infoPages[0].slug);

function MenuItems({ onNavigate }: { onNavigate?: () => void }) {
  const { user } = useAuth();
  // Only the pages this person may open (features/admin-staff/access.ts).
  const items = menu.filter((item) => canOpen(user, item.path));
  return (
    <nav aria-label="Admin" className="mt-8 flex flex-col gap-2">
      {items.map((item) => (
        <NavLink
          key={item.id}
          to={item.path}
          onClick={onNavigate}
          className={({ isActive }) =>
            cn(
              'flex items-center gap-2 rounded-md px-3 py-2 text-lg hover:bg-muted hover:text-foreground',
              isActive ? 'bg-muted text-foreground' : 'text-muted-foreground',
            )
          }
        >
          <item.icon className="size-5" aria-hidden />
          <span>{item.label}</span>
        </NavLink>
      ))}
    </nav>
  );
}

/** The page, or a clear refusal when this person's permissions do not open it. */
function PageOrNoAccess() {
  const { user } = useAuth();
  const { pathname } = useLocation();
  return canOpen(user, pathname) ? <Outlet /> : <NoAccess />;
}

function Brand({ onClick }: { onClick: () => void }) {
  return (
    <button type="button" onClick={onClick} className="flex items-center gap-2">
      <ChartNoAxesCombined className="size-7" aria-hidden />
      <span className="text-2xl font-extrabold">Admin Panel</span>
    </button>
  );
}

export function Component() {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const logoutMutation = useLogout();
  const home = backOfficeHome(useAuth().user);
  // Any navigation (a menu entry, Back) closes the phone menu.
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the page changes
  useEffect(() => setOpen(false), [pathname]);

  return (
    <div className="flex min-h-screen w-full">
      <Sheet open={open} onOpenChange={setOpen}>
        <SheetContent side="left" className="w-64">
          <SheetTitle className="sr-only">Admin Panel</SheetTitle>
          <SheetDescription className="sr-only">Admin navigation</SheetDescription>
          <Brand
            onClick={() => {
              navigate(home);
              setOpen(false);
            }}
          />
          <MenuItems onNavigate={() => setOpen(false)} />
        </SheetContent>
      </Sheet>
      <aside className="hidden w-64 flex-col border-r bg-background p-6 lg:flex">
        <Brand onClick={() => navigate(home)} />
        <MenuItems />
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex items-center justify-between border-b bg-background px-4 py-3">
          <Button variant="outline" size="icon" className="lg:hidden" onClick={() => setOpen(true)}>
            <Menu aria-hidden />
            <span className="sr-only">Toggle Menu</span>
          </Button>
          <div className="flex flex-1 items-center justify-end gap-2">
            {/* Signed in, the spec sends the back office away from /shop pages: this opens the
                shop's pages that stay open to it (docs/decisions.md, "View shop"). */}
            <Button variant="outline" asChild>
              <a href={shopPagesEntry} target="_blank" rel="noopener">
                <ExternalLink aria-hidden />
                View shop
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </Button>
            <Button
              className="gap-2 rounded-md px-4 py-2 text-sm font-medium shadow"
              onClick={() => logoutMutation.mutate()}
              disabled={logoutMutation.isPending}
            >
              <LogOut aria-hidden />
              Logout
            </Button>
          </div>
        </header>
        <main className="flex flex-1 flex-col bg-muted/40 p-4 md:p-6">
          <PageOrNoAccess />
        </main>
      </div>
    </div>
  );
}
