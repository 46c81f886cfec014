import { LayoutDashboard, LogOut, User, X } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { paths } from '@/config/paths';
import { chromeText, conditionNavigation, helpNavigation } from '@/content/chrome';
import { Button } from '@/components/ui/button';
import { avatarParts, type HeaderState } from './header-types';
import { CartLink } from './cart-link';
import { NavLinks } from './nav-links';
import { AppLink, AppNavLink } from '@/components/ui/app-link';

interface SideMenuPanelProps extends HeaderState {
  open: boolean;
  onClose: () => void;
  /** The booking action, shown under the main links. */
  action?: ReactNode;
}

const secondaryLinkClass =
  'flex min-h-11 items-center rounded-lg px-4 font-medium text-foreground hover:bg-muted aria-[current=page]:bg-primary-soft aria-[current=page]:text-primary';

/**
 * The slide-in panel of the side menu, on the native modal <dialog>: the rest of the page is inert (focus
 * stays inside), Escape closes it and focus returns to the menu button. Loaded on first use.
 */
export function SideMenuPanel({
  user,
  cartCount,
  onSignOut,
  open,
  onClose: close,
  action,
}: SideMenuPanelProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      // Chromium makes a scrolling container focusable and may pick it as the first focusable element once
      // the menu is taller than the screen: start on the Close button, as the menu always did.
      closeRef.current?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  const initial = user ? avatarParts(user.email) : null;

  // A click on the backdrop is a mouse convenience; keyboard users close with Escape or the Close button.
  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={dialogRef}
      aria-labelledby="side-menu-title"
      onClose={close}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself, outside the panel) closes the menu.
        if (event.target === event.currentTarget) close();
      }}
      className="side-menu fixed inset-y-0 whitespace-normal right-0 left-auto m-0 h-full max-h-none w-[85vw] max-w-sm bg-background p-0 text-foreground shadow-xl backdrop:bg-black/50 nav-wide:hidden"
    >
      <div className="flex h-full flex-col gap-6 overflow-y-auto p-6">
        <div className="flex items-center justify-between">
          <h2 id="side-menu-title" className="font-serif text-xl font-bold">
            {chromeText.menuTitle}
          </h2>
          <Button
            ref={closeRef}
            variant="ghost"
            size="icon"
            aria-label={chromeText.closeMenu}
            onClick={close}
          >
            <X aria-hidden="true" />
          </Button>
        </div>
        <nav aria-label={chromeText.mobileNavigationLabel}>
          <NavLinks orientation="vertical" onNavigate={close} />
          <CartLink count={cartCount} placement="menu" />
          {action ? <div className="mt-4 px-1">{action}</div> : null}
          <h3
            id="side-menu-conditions"
            className="mt-6 px-4 text-sm font-semibold tracking-wide text-muted-foreground uppercase"
          >
            {chromeText.conditionsHeading}
          </h3>
          <ul aria-labelledby="side-menu-conditions" className="mt-1 flex flex-col gap-1">
            {conditionNavigation.map((item) => (
              <li key={item.to}>
                <AppNavLink to={item.to} onClick={close} className={secondaryLinkClass}>
                  {item.label}
                </AppNavLink>
              </li>
            ))}
          </ul>
          <h3
            id="side-menu-help"
            className="mt-6 px-4 text-sm font-semibold tracking-wide text-muted-foreground uppercase"
          >
            {chromeText.helpHeading}
          </h3>
          <ul aria-labelledby="side-menu-help" className="mt-1 flex flex-col gap-1">
            {helpNavigation.map((item) => (
              <li key={item.to}>
                <AppNavLink to={item.to} onClick={close} className={secondaryLinkClass}>
                  {item.label}
                </AppNavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="mt-auto flex flex-col gap-3 border-t border-border pt-6">
          {user && initial ? (
            <>
              <p className="flex items-center gap-3 font-medium">
                <span
                  aria-hidden="true"
                  className="flex size-10 items-center justify-center rounded-full bg-primary font-bold text-primary-foreground"
                >
                  {initial.initial}
                </span>
                {initial.name}
              </p>
              <Button asChild variant="secondary">
                <AppLink to={paths.account} onClick={close}>
                  <User aria-hidden="true" />
                  {chromeText.myAccount}
                </AppLink>
              </Button>
              {user.isAdmin ? (
                <Button asChild variant="secondary">
                  <AppLink to={paths.adminDashboard} onClick={close}>
                    <LayoutDashboard aria-hidden="true" />
                    {chromeText.adminDashboard}
                  </AppLink>
                </Button>
              ) : null}
              <Button
                variant="ghost"
                onClick={() => {
                  close();
                  onSignOut();
                }}
              >
                <LogOut aria-hidden="true" />
                {chromeText.signOut}
              </Button>
            </>
          ) : (
            <>
              <Button asChild variant="secondary">
                <AppLink to={paths.auth} onClick={close}>
                  {chromeText.signIn}
                </AppLink>
              </Button>
              <Button asChild>
                <AppLink to={`${paths.auth}?tab=signup`} onClick={close}>
                  {chromeText.signUp}
                </AppLink>
              </Button>
            </>
          )}
        </div>
      </div>
    </dialog>
  );
}
