import { Heart, LogOut, Menu, UserCog } from 'lucide-react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Avatar, AvatarFallback } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetTitle,
  SheetTrigger,
} from '@/components/ui/sheet';
import { useLogout } from '@/features/auth/api/logout';

// The header's overlays, loaded after the page (header.tsx): their dialog and menu library is
// not needed to show a page, only to open one of them.

/** Phones: the menu button and the sheet with the shop's links and the account. */
export function MobileMenu({
  open,
  onOpenChange,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
}) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetTrigger asChild>
        <Button variant="outline" size="icon">
          <Menu className="size-6" aria-hidden />
          <span className="sr-only">Toggle header menu</span>
        </Button>
      </SheetTrigger>
      <SheetContent side="left" className="w-full max-w-xs">
        <SheetTitle className="sr-only">Menu</SheetTitle>
        <SheetDescription className="sr-only">Shop navigation</SheetDescription>
        {children}
      </SheetContent>
    </Sheet>
  );
}

/** The avatar button and its menu: account, saved items, logout. */
export function AccountMenu({ userName }: { userName: string }) {
  const navigate = useNavigate();
  const logoutMutation = useLogout();
  const initial = userName.trim()[0]?.toUpperCase() ?? '?';
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <button
          type="button"
          className="rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <Avatar className="bg-black">
            <AvatarFallback className="bg-black font-extrabold text-white">
              {initial}
            </AvatarFallback>
          </Avatar>
          <span className="sr-only">Account menu</span>
        </button>
      </DropdownMenuTrigger>
      <DropdownMenuContent side="right" className="w-56">
        <DropdownMenuLabel>Logged in as {userName}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => navigate('/shop/account')}>
          <UserCog aria-hidden />
          Account
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate('/shop/saved')}>
          <Heart aria-hidden />
          Saved items
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => logoutMutation.mutate()}>
          <LogOut aria-hidden />
          Logout
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
