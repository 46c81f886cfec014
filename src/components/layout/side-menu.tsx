import { MenuIcon } from '@/components/ui/first-load-icons';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { chromeText } from '@/content/chrome';
import { hasEarlyPress } from '@/lib/early-input';
import { Button } from '@/components/ui/button';
import type { HeaderState } from './header-types';
import { MOBILE_MENU_BUTTON_ID } from './skip-links';

const loadPanel = () => import('./side-menu-panel');

/**
 * Fetches the panel's code now when the menu button was pressed before the app's code ran (src/main.tsx waits
 * for it before hydrating): the replayed press then opens the menu as the page comes alive, not a second
 * download later. Null when the button was not pressed.
 */
export function preloadSideMenuIfPressedEarly(): Promise<unknown> | null {
  return hasEarlyPress(document.getElementById(MOBILE_MENU_BUTTON_ID)) ? loadPanel() : null;
}
const SideMenuPanel = lazy(() => loadPanel().then((m) => ({ default: m.SideMenuPanel })));

/**
 * The navigation below the lg breakpoint: a menu button and a slide-in panel loaded on first use (kept out
 * of the first page's JavaScript; warmed when the pointer or focus reaches the button).
 */
export function SideMenu({ action, ...props }: HeaderState & { action?: ReactNode }) {
  const { pathname } = useLocation();
  // The menu is open for the page it was opened on, so any navigation (a link, back/forward) closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const [used, setUsed] = useState(false);
  const open = openOn === pathname;

  return (
    <>
      <Button
        id={MOBILE_MENU_BUTTON_ID}
        variant="ghost"
        size="icon"
        className="nav-wide:hidden"
        aria-label={chromeText.openMenu}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        onClick={() => {
          setUsed(true);
          setOpenOn(pathname);
        }}
      >
        <MenuIcon />
      </Button>
      {used ? (
        <Suspense fallback={null}>
          <SideMenuPanel {...props} action={action} open={open} onClose={() => setOpenOn(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
