import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown, LayoutDashboard, LogOut, User } from 'lucide-react';
import { paths } from '@/config/paths';
import { chromeText } from '@/content/chrome';
import { avatarParts, type HeaderUser } from './header-types';
import { AppLink } from '@/components/ui/app-link';

const itemClass =
  'flex min-h-11 cursor-pointer items-center gap-2 rounded-md px-3 text-sm font-medium outline-none data-[highlighted]:bg-primary-soft data-[highlighted]:text-primary';

/** The signed-in avatar menu of the desktop header (docs/product-rules.md §2). */
export function UserMenu({ user, onSignOut }: { user: HeaderUser; onSignOut: () => void }) {
  const { initial, name } = avatarParts(user.email);
  return (
    <DropdownMenu.Root>
      {/* The name is the visible text with an sr-only prefix (not an aria-label), so it contains what is seen. */}
      <DropdownMenu.Trigger className="flex min-h-11 items-center gap-2 rounded-full py-1 pr-3 pl-1 font-medium hover:bg-muted">
        <span
          aria-hidden="true"
          className="flex size-9 items-center justify-center rounded-full bg-primary font-bold text-primary-foreground"
        >
          {initial}
        </span>
        <span className="max-w-40 truncate">
          <span className="sr-only">Account menu for </span>
          {name}
        </span>
        <ChevronDown aria-hidden="true" className="size-4" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-52 rounded-lg border border-border bg-card p-1 text-card-foreground shadow-lg"
        >
          <DropdownMenu.Label className="truncate px-3 py-2 text-xs text-muted-foreground">
            {user.email}
          </DropdownMenu.Label>
          <DropdownMenu.Item asChild className={itemClass}>
            <AppLink to={paths.account}>
              <User aria-hidden="true" className="size-4" />
              {chromeText.myAccount}
            </AppLink>
          </DropdownMenu.Item>
          {user.isAdmin ? (
            <DropdownMenu.Item asChild className={itemClass}>
              <AppLink to={paths.adminDashboard}>
                <LayoutDashboard aria-hidden="true" className="size-4" />
                {chromeText.adminDashboard}
              </AppLink>
            </DropdownMenu.Item>
          ) : null}
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item className={itemClass} onSelect={onSignOut}>
            <LogOut aria-hidden="true" className="size-4" />
            {chromeText.signOut}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
