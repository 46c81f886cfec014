import { lazy, Suspense, type ReactNode } from 'react';
import { paths } from '@/config/paths';
import { chromeText } from '@/content/chrome';
import { AppLink } from '@/components/ui/app-link';
import { Button } from '@/components/ui/button';
import { Container } from '@/components/ui/container';
import { AccountLink } from './account-link';
import { CartLink } from './cart-link';
import type { HeaderState } from './header-types';
import { Logo } from './logo';
import { NavLinks } from './nav-links';
import { SideMenu } from './side-menu';
import { MAIN_NAVIGATION_ID } from './skip-links';

// The avatar menu is only needed once someone signs in; keep it out of the first page's JavaScript.
const UserMenu = lazy(() => import('./user-menu').then((m) => ({ default: m.UserMenu })));

interface HeaderProps extends HeaderState {
  /** Extra controls beside the account area (e.g. the accessibility settings button). */
  tools?: ReactNode;
  /** The booking action shown in the side menu (supplied by the booking feature). */
  menuAction?: ReactNode;
}

export function Header({ user, cartCount, onSignOut, tools, menuAction }: HeaderProps) {
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/95 backdrop-blur">
      {/* Narrow screens (and large text) close the gaps so the phone bar stays one row (the buttons keep their
          44 px targets). */}
      <Container className="flex min-h-16 items-center justify-between gap-2 py-1 max-[30rem]:gap-1 xl:gap-4">
        <Logo />
        <nav
          id={MAIN_NAVIGATION_ID}
          tabIndex={-1}
          aria-label={chromeText.mainNavigationLabel}
          className="hidden items-center gap-1 whitespace-nowrap nav-wide:flex"
        >
          <NavLinks orientation="horizontal" />
          <CartLink count={cartCount} />
        </nav>
        <div className="flex shrink-0 items-center gap-2 max-[30rem]:gap-0">
          {tools}
          {/* Below the desktop navigation: what is in the cart and who is signed in, without opening the menu. */}
          <div className="flex items-center nav-wide:hidden">
            <CartLink count={cartCount} placement="compact" />
            {user ? <AccountLink user={user} /> : null}
          </div>
          <div className="hidden items-center gap-2 whitespace-nowrap nav-wide:flex">
            {user ? (
              <Suspense fallback={<span className="inline-block h-11 w-32" aria-hidden="true" />}>
                <UserMenu user={user} onSignOut={onSignOut} />
              </Suspense>
            ) : (
              <>
                <Button asChild variant="ghost" size="sm">
                  <AppLink to={paths.auth}>{chromeText.signIn}</AppLink>
                </Button>
                <Button asChild size="sm">
                  <AppLink to={`${paths.auth}?tab=signup`}>{chromeText.signUp}</AppLink>
                </Button>
              </>
            )}
          </div>
          <SideMenu user={user} cartCount={cartCount} onSignOut={onSignOut} action={menuAction} />
        </div>
      </Container>
    </header>
  );
}
